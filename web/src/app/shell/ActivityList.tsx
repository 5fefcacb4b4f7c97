import { Box, Spinner, Stack, Text } from '@chakra-ui/react';
import { formatDistanceToNow } from 'date-fns';
import { useState } from 'react';
import type { ActivityKind } from '@caseload/contract/caseload';
import { QueryState } from '../../components/QueryState.tsx';
import { ActivityKindSwitch, useMyActivities } from '../../features/activities/index.ts';

/** The signed-in user's recent activity, sign-ins behind the switch; loaded with its own chunk when the bell is first opened. */
export default function ActivityList() {
  const [kind, setKind] = useState<ActivityKind>('work');
  const activities = useMyActivities(kind);

  return (
    <Stack gap="3">
      <ActivityKindSwitch kind={kind} onChange={setKind} />
      <QueryState
        query={activities}
        loading="Loading recent activity"
        placeholder={<Spinner size="sm" />}
        error="Could not load recent activity."
        isEmpty={(list) => list.length === 0}
        empty={kind === 'work' ? 'No recent activity' : 'No recent sign-ins'}
      >
        {(list) => (
          <Stack as="ul" gap="3" listStyleType="none">
            {list.map((activity) => (
              <Box as="li" key={activity.id}>
                <Text fontSize="sm">{activity.summary}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {activity.actorName} · {formatDistanceToNow(new Date(activity.at), { addSuffix: true })}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
