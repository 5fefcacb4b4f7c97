import { Card, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Session } from '@caseload/contract/sessions';
import { formatIn, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { durationLabel, sessionClientNames, sessionTypeLabels } from '../lib/format.ts';
import { SessionStatusBadge } from './SessionStatusBadge.tsx';

/** The last few sessions before now, newest first, each linking to its page (real data, not the spec's placeholders). */
export function RecentSessionsCard({ sessions }: { sessions: readonly Session[] }) {
  const timeZone = useAccountTimeZone();
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Recent Sessions
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" gap="2" listStyleType="none">
          {sessions.map((session) => (
            <li key={session.id}>
              <Link
                asChild
                display="block"
                borderWidth="1px"
                borderRadius="md"
                p="3"
                color="inherit"
                textDecoration="none"
                _hover={{ bg: 'gray.50', textDecoration: 'none' }}
              >
                <RouterLink to={`/sessions/${session.id}`}>
                  <Flex justify="space-between" gap="3" align="center" wrap="wrap">
                    <Text as="span" fontWeight="medium">
                      {sessionClientNames(session)}
                    </Text>
                    <SessionStatusBadge status={session.status} cancelReason={session.cancelReason} />
                  </Flex>
                  <Text as="span" display="block" fontSize="sm" color="fg.muted">
                    {formatIn(session.scheduledAt, 'EEE, MMM d · h:mm a', timeZone)} · {sessionTypeLabels[session.type]} ·{' '}
                    {durationLabel(session.duration)}
                  </Text>
                </RouterLink>
              </Link>
            </li>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
