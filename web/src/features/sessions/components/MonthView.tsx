import { Box, Button, Circle, Flex, Grid, Link, Stack, Text, useBreakpointValue, VisuallyHidden } from '@chakra-ui/react';
import type { SessionStatus } from '@caseload/contract/enums';
import { format, isSameDay, isSameMonth, isToday } from 'date-fns';
import { Link as RouterLink } from 'react-router-dom';
import type { Session } from '@caseload/contract/sessions';
import { inZone } from '../../../lib/account-time-zone.ts';
import { monthCell, monthWeeks, statusLabels, statusPalette, weekDays } from '../lib/calendar.ts';
import { sessionClientNames, timeOf } from '../lib/format.ts';
import { SessionMarks } from './SessionMarks.tsx';
import { sessionStatusLabel } from './SessionStatusBadge.tsx';

interface MonthViewProps {
  /** A day of the month, in the account's zone (a TZDate): days and times are the account's. */
  date: Date;
  timeZone: string;
  sessions: readonly Session[];
  /** '+N more' and the day number open that day in the Day view. */
  onOpenDay: (day: Date) => void;
}

/**
 * Monday-first month grid; at most 2 sessions per day, then '+N more'. On a phone the grid fits the
 * screen: each day shows its sessions as coloured dots and a count, and opens in the Day view.
 * A legend says what the colours mean.
 */
export function MonthView(props: MonthViewProps) {
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false });
  return (
    <Stack gap="3">
      {compact ? <CompactMonth {...props} /> : <FullMonth {...props} />}
      <StatusLegend />
    </Stack>
  );
}

/** The chips' colours in words: canceled and no-show share red, so they share a line. */
function StatusLegend() {
  const byColour = new Map<string, SessionStatus[]>();
  for (const [status, colour] of Object.entries(statusPalette) as [SessionStatus, string][]) byColour.set(colour, [...(byColour.get(colour) ?? []), status]);
  return (
    <Flex as="ul" aria-label="Colours of the sessions" listStyleType="none" gap="4" wrap="wrap" fontSize="xs" color="fg.muted">
      {[...byColour].map(([colour, statuses]) => (
        <Flex as="li" key={colour} align="center" gap="1.5">
          <Box w="3" h="3" borderRadius="sm" bg={`${colour}.100`} borderWidth="1px" borderColor={`${colour}.400`} aria-hidden="true" />
          {statuses.map((status) => statusLabels[status]).join(' / ')}
        </Flex>
      ))}
    </Flex>
  );
}

const sessionsOn = (sorted: readonly Session[], day: Date, timeZone: string) => sorted.filter((session) => isSameDay(inZone(session.scheduledAt, timeZone), day));

const sessionCount = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;

/** The phone's month: a 7-column grid as wide as the screen, each day a button with dots for its sessions. */
function CompactMonth({ date, timeZone, sessions, onOpenDay }: MonthViewProps) {
  const sorted = [...sessions].sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt));
  return (
    <Box role="table" aria-label={format(date, 'MMMM yyyy')}>
      <Grid templateColumns="repeat(7, minmax(0, 1fr))" role="row">
        {weekDays(date).map((day) => (
          <Text key={format(day, 'yyyy-MM-dd')} role="columnheader" textAlign="center" fontSize="xs" color="fg.muted" py="1">
            <span aria-hidden="true">{format(day, 'EEEEE')}</span>
            <VisuallyHidden>{format(day, 'EEEE')}</VisuallyHidden>
          </Text>
        ))}
      </Grid>
      {monthWeeks(date).map((week) => (
        <Grid key={format(week[0]!, 'yyyy-MM-dd')} templateColumns="repeat(7, minmax(0, 1fr))" role="row">
          {week.map((day) => {
            const onDay = sessionsOn(sorted, day, timeZone);
            const outside = !isSameMonth(day, date);
            return (
              <Box key={format(day, 'yyyy-MM-dd')} role="cell" borderWidth="0.5px" borderColor="gray.200" bg={outside ? 'gray.50' : 'white'}>
                <Button
                  variant="ghost"
                  w="full"
                  h="auto"
                  minH="12"
                  px="0"
                  py="1"
                  borderRadius="0"
                  flexDirection="column"
                  gap="1"
                  aria-label={`Open ${format(day, 'EEEE, MMMM d')}${onDay.length ? `: ${sessionCount(onDay.length)}` : ''}`}
                  onClick={() => onOpenDay(day)}
                >
                  <Text as="span" fontSize="xs" fontWeight={isToday(day) ? 'bold' : 'normal'} color={isToday(day) ? 'blue.700' : outside ? 'fg.muted' : undefined}>
                    {format(day, 'd')}
                  </Text>
                  {onDay.length > 0 && (
                    <Flex as="span" gap="0.5" justify="center" wrap="wrap" aria-hidden="true">
                      {onDay.slice(0, 3).map((session) => (
                        <Circle key={session.id} size="1.5" bg={`${statusPalette[session.status]}.500`} />
                      ))}
                      {onDay.length > 3 && (
                        <Text as="span" fontSize="2xs" lineHeight="1">
                          +{onDay.length - 3}
                        </Text>
                      )}
                    </Flex>
                  )}
                </Button>
              </Box>
            );
          })}
        </Grid>
      ))}
    </Box>
  );
}

function FullMonth({ date, timeZone, sessions, onOpenDay }: MonthViewProps) {
  const weeks = monthWeeks(date);
  const sorted = [...sessions].sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt));

  return (
    <Box overflowX="auto">
      <Box minW="44rem" role="table" aria-label={format(date, 'MMMM yyyy')}>
        <Grid templateColumns="repeat(7, 1fr)" role="row">
          {weekDays(date).map((day) => (
            <Text key={format(day, 'yyyy-MM-dd')} role="columnheader" textAlign="center" fontSize="xs" color="fg.muted" textTransform="uppercase" py="2">
              {format(day, 'EEE')}
            </Text>
          ))}
        </Grid>
        {weeks.map((week) => (
          <Grid key={format(week[0]!, 'yyyy-MM-dd')} templateColumns="repeat(7, 1fr)" role="row">
            {week.map((day) => {
              const { shown, more } = monthCell(sessionsOn(sorted, day, timeZone));
              const outside = !isSameMonth(day, date);
              return (
                <Box
                  key={format(day, 'yyyy-MM-dd')}
                  role="cell"
                  minH="28"
                  borderWidth="0.5px"
                  borderColor="gray.200"
                  p="1"
                  bg={outside ? 'gray.50' : 'white'}
                >
                  <Button
                    size="xs"
                    variant={isToday(day) ? 'solid' : 'ghost'}
                    colorPalette={isToday(day) ? 'blue' : 'gray'}
                    color={outside && !isToday(day) ? 'fg.muted' : undefined}
                    minW="7"
                    px="1"
                    aria-label={`Open ${format(day, 'EEEE, MMMM d')}`}
                    onClick={() => onOpenDay(day)}
                  >
                    {format(day, 'd')}
                  </Button>
                  <Stack gap="1" mt="1">
                    {shown.map((session) => (
                      <Link
                        asChild
                        key={session.id}
                        display="flex"
                        alignItems="center"
                        // 24 px tall at least: WCAG 2.2's minimum target size (the text alone is 18 px).
                        minH="6"
                        fontSize="xs"
                        px="1"
                        borderRadius="sm"
                        bg={`${statusPalette[session.status]}.100`}
                        color="gray.900"
                        truncate
                        textDecoration="none"
                        _hover={{ bg: `${statusPalette[session.status]}.200`, textDecoration: 'none' }}
                      >
                        <RouterLink to={`/sessions/${session.id}`}>
                          <Flex as="span" align="center" gap="1" minW="0">
                            <Text as="span" truncate>
                              {timeOf(session.scheduledAt, timeZone)} {sessionClientNames(session)}
                            </Text>
                            {/* The chip's colour is its status; a screen reader hears it in words. */}
                            <VisuallyHidden>, {sessionStatusLabel(session)}</VisuallyHidden>
                            <SessionMarks session={session} iconSize={10} badgeSize="xs" />
                          </Flex>
                        </RouterLink>
                      </Link>
                    ))}
                    {more > 0 && (
                      <Button
                        size="2xs"
                        variant="plain"
                        colorPalette="blue"
                        justifyContent="flex-start"
                        px="1"
                        h="auto"
                        minH="6"
                        aria-label={`+${more} more on ${format(day, 'EEEE, MMMM d')}`}
                        onClick={() => onOpenDay(day)}
                      >
                        +{more} more
                      </Button>
                    )}
                  </Stack>
                </Box>
              );
            })}
          </Grid>
        ))}
      </Box>
    </Box>
  );
}
