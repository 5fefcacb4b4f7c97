import { Box, Card, Circle, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatDistanceToNow } from 'date-fns';
import { useState } from 'react';
import type { Activity, ActivityKind } from '@caseload/contract/caseload';
import { ActivityIcon, CalendarIcon, CheckCircleIcon, TargetIcon, UsersIcon } from '../../../components/icons.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ActivityKindSwitch } from '../../activities/index.ts';
import { useRecentActivities } from '../api/dashboard.ts';

const SHOWN = 5;

/** An icon and colour by what happened: 'client.created' → a person, 'goal.updated' → a target… */
function look(action: string) {
  if (action.startsWith('session')) return action.includes('complete') ? { icon: CheckCircleIcon, color: 'green' } : { icon: CalendarIcon, color: 'blue' };
  if (action.startsWith('goal') || action.startsWith('progress')) return { icon: TargetIcon, color: 'purple' };
  if (action.startsWith('client')) return { icon: UsersIcon, color: 'orange' };
  return { icon: ActivityIcon, color: 'gray' };
}

function ActivityRow({ activity }: { activity: Activity }) {
  const { icon: Icon, color } = look(activity.action);
  return (
    <Flex as="li" gap="3" align="flex-start">
      <Circle size="8" bg={`${color}.100`} color={`${color}.700`} flexShrink="0" aria-hidden="true">
        <Icon size={16} />
      </Circle>
      <Box minW="0">
        <Text fontSize="sm">{activity.summary}</Text>
        <Text fontSize="xs" color="fg.muted">
          {activity.actorName} · <time dateTime={activity.at}>{formatDistanceToNow(new Date(activity.at), { addSuffix: true })}</time>
        </Text>
      </Box>
    </Flex>
  );
}

/** 'Recent Activities' from the audit log (the spec's were fixed samples): work by default, sign-ins behind the switch. */
export function RecentActivities() {
  const [kind, setKind] = useState<ActivityKind>('work');
  const activities = useRecentActivities(kind);
  return (
    <Card.Root as="section" aria-labelledby="recent-activities-heading" height="full">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id="recent-activities-heading">
            Recent Activities
          </Heading>
          <ActivityKindSwitch kind={kind} onChange={setKind} />
        </Flex>
      </Card.Header>
      <Card.Body>
        <QueryState
          query={activities}
          loading="Loading recent activities"
          placeholder={
            <Stack gap="3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height="10" />
              ))}
            </Stack>
          }
          error="Could not load recent activities."
          fontSize="sm"
          isEmpty={(list) => list.length === 0}
          empty={kind === 'work' ? 'No recent activity yet. Adding clients, sessions and goals shows up here.' : 'No recent sign-ins.'}
        >
          {(list) => (
            <Stack as="ul" gap="4" listStyleType="none">
              {list.slice(0, SHOWN).map((activity) => (
                <ActivityRow key={activity.id} activity={activity} />
              ))}
            </Stack>
          )}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}
