import { Badge, Box, Button, Card, Circle, Flex, Heading, Link, LinkOverlay, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Session } from '@caseload/contract/sessions';
import type { SessionStatus } from '@caseload/contract/enums';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatIn } from '../../../lib/account-time-zone.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { useTodaysSessions } from '../api/dashboard.ts';
import { humanize, sessionClient, TODAY_LIMIT, todaysSessions } from '../lib/dashboard.ts';

/** The session status badge colours, as on the Sessions page. */
const statusPalette: Record<SessionStatus, string> = { scheduled: 'blue', completed: 'green', canceled: 'red', no_show: 'red', rescheduled: 'yellow' };

/** A row per session, the whole row opening it (the link's name is the students'). */
function SessionRow({ session, timeZone }: { session: Session; timeZone: string | undefined }) {
  const { name, initials } = sessionClient(session);
  return (
    <Flex as="li" position="relative" gap="3" align="center" borderWidth="1px" borderRadius="md" p="3" data-testid="today-session" _hover={{ borderColor: 'blue.300' }}>
      <Circle size="10" bg="blue.100" color="blue.800" fontWeight="semibold" fontSize="sm" aria-hidden="true" flexShrink="0">
        {initials}
      </Circle>
      <Box flex="1" minW="0">
        <LinkOverlay asChild>
          <RouterLink to={`/sessions/${session.id}`}>
            <Text fontWeight="medium" color="blue.700" overflowWrap="anywhere">
              {name}
            </Text>
          </RouterLink>
        </LinkOverlay>
        <Text fontSize="sm" color="fg.muted">
          {humanize(session.type)}
        </Text>
      </Box>
      <Stack gap="1" align="flex-end">
        <Text fontSize="sm" fontWeight="medium">
          <time dateTime={session.scheduledAt}>{formatIn(session.scheduledAt, 'h:mm a', timeZone)}</time>
        </Text>
        <Badge colorPalette={statusPalette[session.status]}>{humanize(session.status)}</Badge>
      </Stack>
    </Flex>
  );
}

/** Today's sessions only, the first three by time (the spec's showed any three). */
export function TodaysSessions({ providerId }: { providerId: 'me' | 'all' | undefined }) {
  const { sessions, timeZone } = useTodaysSessions(providerId);
  const canSchedule = usePermission('canCreateSessions');
  const shown = sessions.data ? todaysSessions(sessions.data) : [];
  return (
    <Card.Root as="section" aria-labelledby="todays-sessions-heading" height="full">
      <Card.Header>
        <Heading as="h2" size="md" id="todays-sessions-heading">
          Today's Sessions
        </Heading>
      </Card.Header>
      <Card.Body>
        <QueryState
          query={sessions}
          loading="Loading today's sessions"
          placeholder={
            <Stack gap="3">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height="14" />
              ))}
            </Stack>
          }
          error="Could not load today's sessions."
          fontSize="sm"
          isEmpty={() => shown.length === 0}
          empty={
            <Stack align="center" gap="3" py="4" textAlign="center">
              <Text color="fg.muted">No sessions scheduled for today</Text>
              {canSchedule && (
                <Button asChild variant="outline" size="sm">
                  <RouterLink to="/sessions">Schedule Session</RouterLink>
                </Button>
              )}
            </Stack>
          }
        >
          {(all) => (
            <Stack gap="3">
              <Stack as="ul" gap="3" listStyleType="none">
                {shown.map((session) => (
                  <SessionRow key={session.id} session={session} timeZone={timeZone} />
                ))}
              </Stack>
              {all.length > TODAY_LIMIT && (
                <Link asChild color="blue.700" fontSize="sm" fontWeight="medium" alignSelf="flex-start" minH="6">
                  <RouterLink to="/sessions">View all {all.length} of today's sessions</RouterLink>
                </Link>
              )}
            </Stack>
          )}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}
