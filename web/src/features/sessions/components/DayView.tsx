import { Box, Flex, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { format, isSameDay } from 'date-fns';
import { Link as RouterLink } from 'react-router-dom';
import type { Session } from '@caseload/contract/sessions';
import { formatIn, inZone } from '../../../lib/account-time-zone.ts';
import { calendarSlots, minutesOfDay, SLOT_MINUTES, timeLabel, type TimeSlot } from '../lib/calendar.ts';
import { durationLabel, sessionClientNames, sessionTypeLabels } from '../lib/format.ts';
import { SessionMarks } from './SessionMarks.tsx';
import { SessionStatusBadge } from './SessionStatusBadge.tsx';

interface DayViewProps {
  /** The day, in the account's zone (a TZDate): its sessions and times are the account's. */
  date: Date;
  timeZone: string;
  sessions: readonly Session[];
  onSlotClick?: (start: Date) => void;
}

const slotOf = (minutes: number): TimeSlot => {
  const start = Math.floor(minutes / SLOT_MINUTES) * SLOT_MINUTES;
  const value = `${String(Math.floor(start / 60)).padStart(2, '0')}:${String(start % 60).padStart(2, '0')}`;
  return { minutes: start, value, label: timeLabel(value) };
};

/** The date, '{n} sessions scheduled', and a row per 30 minutes with that slot's sessions. */
export function DayView({ date, timeZone, sessions, onSlotClick }: DayViewProps) {
  const startOf = (session: Session) => inZone(session.scheduledAt, timeZone);
  const today = sessions
    .filter((session) => isSameDay(startOf(session), date))
    .sort((a, b) => Date.parse(a.scheduledAt) - Date.parse(b.scheduledAt));
  // Every calendar row, plus rows for sessions booked outside 8:00 AM – 5:00 PM.
  const rows = new Map(calendarSlots.map((slot) => [slot.minutes, slot]));
  for (const session of today) {
    const slot = slotOf(minutesOfDay(startOf(session)));
    if (!rows.has(slot.minutes)) rows.set(slot.minutes, slot);
  }
  const sortedRows = [...rows.values()].sort((a, b) => a.minutes - b.minutes);
  const count = today.length;

  return (
    <Stack gap="3">
      <Box>
        <Heading as="h3" size="md">
          {format(date, 'EEEE, MMMM d, yyyy')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {count === 1 ? '1 session scheduled' : `${count} sessions scheduled`}
        </Text>
      </Box>
      <Box borderTopWidth="1px">
        {sortedRows.map((slot) => {
          const inSlot = today.filter((session) => slotOf(minutesOfDay(startOf(session))).minutes === slot.minutes);
          const start = inZone(date, timeZone);
          start.setHours(Math.floor(slot.minutes / 60), slot.minutes % 60, 0, 0);
          return (
            <Flex key={slot.value} minH="16" borderBottomWidth="1px" borderColor="gray.100" gap="3">
              <Text w="20" flexShrink="0" fontSize="sm" color="fg.muted" pt="2" textAlign="end">
                {slot.label}
              </Text>
              <Stack flex="1" gap="2" py="2" minW="0">
                {inSlot.map((session) => (
                  <Link
                    asChild
                    key={session.id}
                    display="block"
                    borderWidth="1px"
                    borderRadius="md"
                    p="3"
                    bg="white"
                    color="inherit"
                    textDecoration="none"
                    _hover={{ bg: 'gray.50', textDecoration: 'none' }}
                  >
                    <RouterLink to={`/sessions/${session.id}`}>
                      <Flex justify="space-between" gap="3" wrap="wrap" align="center">
                        <Flex as="span" align="center" gap="2" wrap="wrap">
                          <Text as="span" fontWeight="semibold">
                            {sessionClientNames(session)}
                          </Text>
                          <SessionMarks session={session} iconSize={14} />
                        </Flex>
                        <SessionStatusBadge status={session.status} cancelReason={session.cancelReason} />
                      </Flex>
                      <Text as="span" display="block" fontSize="sm" color="fg.muted">
                        {formatIn(session.scheduledAt, 'h:mm a', timeZone)} · {sessionTypeLabels[session.type]} · {durationLabel(session.duration)}
                      </Text>
                      {session.notes && (
                        <Text as="span" display="block" fontSize="sm" mt="1" lineClamp="2">
                          {session.notes}
                        </Text>
                      )}
                    </RouterLink>
                  </Link>
                ))}
                {inSlot.length === 0 && onSlotClick && (
                  <Box
                    as="button"
                    flex="1"
                    minH="12"
                    borderRadius="md"
                    _hover={{ bg: 'blue.50' }}
                    _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500' }}
                    aria-label={`Schedule at ${format(date, 'EEEE')} ${slot.label}`}
                    onClick={() => onSlotClick(start)}
                  />
                )}
              </Stack>
            </Flex>
          );
        })}
      </Box>
    </Stack>
  );
}
