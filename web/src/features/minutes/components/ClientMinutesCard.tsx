import { Box, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useLayoutEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { NO_SCHOOL_YEAR, type ClientMinutes, type OwedMakeup } from '@caseload/contract/school-year';
import { QueryState } from '../../../components/QueryState.tsx';
import { formatIn, useAccountTimeZone } from '../../../lib/account-time-zone.ts';
import { usePermission } from '../../../lib/permissions.ts';
import { useAccountToday } from '../../school-calendar/index.ts';
import { useClientMakeups, useClientServiceMinutes } from '../api/minutes.ts';
import { formatDate, mondayOf, notCountedText, requiredText } from '../lib/minutes.ts';
import { MinutesBar } from './MinutesBar.tsx';
import { MinutesStatusBadge } from './MinutesStatusBadge.tsx';

/**
 * The sessions page opens its schedule dialog from these parameters, as a make-up for the canceled
 * session (the sessions feature reads `schedule`, `clientId` and `makeupFor`).
 */
export function scheduleMakeupPath(clientId: string, sessionId: string): string {
  return `/sessions?${new URLSearchParams({ schedule: '1', clientId, makeupFor: sessionId }).toString()}`;
}

/** "Service minutes": the school year's figures, week by week, and the make-ups still owed. */
export function ClientMinutesCard({ clientId }: { clientId: string }) {
  const minutes = useClientServiceMinutes(clientId);
  return (
    <Card.Root as="section" aria-labelledby="service-minutes-heading">
      <Card.Header>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Heading as="h2" size="lg" id="service-minutes-heading">
            Service minutes
          </Heading>
          {minutes.data && <MinutesStatusBadge status={minutes.data.status} />}
        </Flex>
        <Text color="fg.muted" fontSize="sm">
          This school year{minutes.data ? `: ${formatDate(minutes.data.from)} – ${formatDate(minutes.data.to)}` : ''}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="6">
          <QueryState query={minutes} loading="Loading service minutes" placeholder={<Skeleton height="32" />} error="Could not load the service minutes." retry>
            {(data) => <MinutesFigures minutes={data} />}
          </QueryState>
          <OwedMakeups clientId={clientId} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function MinutesFigures({ minutes }: { minutes: ClientMinutes }) {
  const figures = [
    { label: 'Required', value: requiredText(minutes.required) },
    { label: 'Required to date', value: requiredText(minutes.requiredToDate) },
    { label: 'Delivered', value: String(minutes.delivered) },
    { label: 'Make-ups owed', value: String(minutes.makeupsOwed) },
  ];
  return (
    <Stack gap="5">
      <SimpleGrid as="dl" columns={{ base: 2, md: 4 }} gap="4">
        {figures.map(({ label, value }) => (
          <Box key={label}>
            <Text as="dt" fontSize="sm" color="fg.muted">
              {label}
            </Text>
            <Text as="dd" fontSize="2xl" fontWeight="bold">
              {value}
              {label !== 'Make-ups owed' && value !== '—' && (
                <Text as="span" fontSize="sm" fontWeight="normal" color="fg.muted">
                  {' '}
                  min
                </Text>
              )}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
      {notCountedText(minutes.notCounted) && (
        <Text fontSize="sm" color="fg.muted">
          {notCountedText(minutes.notCounted)}
        </Text>
      )}
      {minutes.status === 'no_iep' ? (
        <Text color="fg.muted">No active IEP covers this school year, so no minutes are required.</Text>
      ) : minutes.status === 'no_school_year' ? (
        <Text color="fg.muted">{NO_SCHOOL_YEAR}</Text>
      ) : (
        <WeekByWeek weeks={minutes.weeks} />
      )}
    </Stack>
  );
}

/**
 * The school year's weeks, opened on the current one (or the last one when the year is over): the
 * list starts in summer, and the weeks a clinician checks are the recent ones.
 */
function WeekByWeek({ weeks }: { weeks: ClientMinutes['weeks'] }) {
  const today = useAccountToday();
  const thisWeek = today ? mondayOf(today) : undefined;
  const list = useRef<HTMLDivElement>(null);
  // The year's first week may start on a weekday other than Monday: the week holding today is the last one begun.
  const shown = today ? weeks.findLast((w) => w.start <= today) : undefined;
  useLayoutEffect(() => {
    const container = list.current;
    const item = shown && container?.querySelector<HTMLElement>(`[data-week="${shown.start}"]`);
    // Scrolls the list only, never the page.
    if (container && item) container.scrollTop = item.offsetTop - container.offsetTop;
  }, [shown]);
  return (
    <Box>
      <Heading as="h3" size="sm" mb="2" id="weeks-heading">
        Week by week (delivered / required)
      </Heading>
      <Stack ref={list} as="ul" aria-labelledby="weeks-heading" listStyleType="none" gap="1.5" maxH="80" overflowY="auto" tabIndex={0} pr="2" position="relative">
        {weeks.map((week) => {
          const current = week === shown && mondayOf(week.start) === thisWeek;
          return (
            <Flex as="li" key={week.start} data-week={week.start} aria-current={current ? 'date' : undefined} align="center" gap="3" justify="space-between" wrap="wrap">
              <Text fontSize="sm" minW="28" fontWeight={current ? 'semibold' : undefined}>
                {current ? `This week (${formatDate(week.start)})` : `Week of ${formatDate(week.start)}`}
              </Text>
              <MinutesBar delivered={week.delivered} required={week.required} width="32" />
            </Flex>
          );
        })}
      </Stack>
    </Box>
  );
}

function OwedMakeups({ clientId }: { clientId: string }) {
  const makeups = useClientMakeups(clientId);
  const canSchedule = usePermission('canCreateSessions');
  const timeZone = useAccountTimeZone();
  const time = (makeup: OwedMakeup) => formatIn(makeup.scheduledAt, 'h:mm a', timeZone);
  return (
    <Box>
      <Heading as="h3" size="sm" mb="2" id="makeups-heading">
        Make-ups owed
      </Heading>
      <QueryState
        query={makeups}
        loading="Loading make-ups"
        error="Could not load the make-ups."
        retry
        isEmpty={(list) => list.length === 0}
        empty="No make-ups owed."
        fontSize="sm"
      >
        {(list) => (
          <Stack as="ul" aria-labelledby="makeups-heading" listStyleType="none" gap="2">
            {list.map((makeup) => (
              <Flex as="li" key={makeup.sessionId} align="center" justify="space-between" gap="3" wrap="wrap" borderWidth="1px" borderRadius="md" p="3">
                <Text fontSize="sm">
                  Canceled {formatDate(makeup.date)}, {time(makeup)} · {makeup.duration} min
                </Text>
                {canSchedule && (
                  <Button asChild size="sm" colorPalette="blue" variant="outline">
                    <RouterLink to={scheduleMakeupPath(clientId, makeup.sessionId)} aria-label={`Schedule make-up for the session of ${formatDate(makeup.date)}`}>
                      Schedule make-up
                    </RouterLink>
                  </Button>
                )}
              </Flex>
            ))}
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
