import { Box, Button, Flex, Grid, Link, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { format, isSameDay, isSameMonth, isToday } from 'date-fns';
import { Link as RouterLink } from 'react-router-dom';
import type { Session } from '@caseload/contract/sessions';
import { inZone } from '../../../lib/account-time-zone.ts';
import { monthCell, monthWeeks, statusPalette, weekDays } from '../lib/calendar.ts';
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

/** Monday-first month grid; at most 2 sessions per day, then '+N more'. */
export function MonthView({ date, timeZone, sessions, onOpenDay }: MonthViewProps) {
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
              const { shown, more } = monthCell(sorted.filter((session) => isSameDay(inZone(session.scheduledAt, timeZone), day)));
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
