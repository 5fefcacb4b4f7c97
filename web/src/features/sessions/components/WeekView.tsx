import { Box, Flex, Grid, Link, Text } from '@chakra-ui/react';
import { format, isSameDay, isToday } from 'date-fns';
import { Link as RouterLink } from 'react-router-dom';
import type { Session } from '@caseload/contract/sessions';
import { inZone } from '../../../lib/account-time-zone.ts';
import { calendarSlots, gridHeight, layoutDay, ROW_HEIGHT, statusPalette, weekDays } from '../lib/calendar.ts';
import { durationLabel, sessionClientNames, sessionTypeLabels } from '../lib/format.ts';
import { SessionMarks } from './SessionMarks.tsx';
import { sessionStatusLabel } from './SessionStatusBadge.tsx';

interface WeekViewProps {
  /** A day of the week, in the account's zone (a TZDate): days and times are the account's. */
  date: Date;
  timeZone: string;
  sessions: readonly Session[];
  /** Clicking an empty slot; absent when the user may not schedule. */
  onSlotClick?: (start: Date) => void;
}

const TIME_COLUMN = '5rem';
/**
 * Sessions leave this strip at each column's end free, so every "Schedule at …" slot under a
 * session keeps a target of at least 24 × 64 px (WCAG 2.2 target size) instead of a 2 px edge.
 */
const SLOT_STRIP = '28px';

/** 7 day columns (Monday first) by 30-minute rows from 8:00 AM to 5:00 PM, 64 px each. */
export function WeekView({ date, timeZone, sessions, onSlotClick }: WeekViewProps) {
  const days = weekDays(date);

  return (
    <Box overflowX="auto">
      <Box minW="52rem">
        <Grid templateColumns={`${TIME_COLUMN} repeat(7, 1fr)`} borderBottomWidth="1px" position="sticky" top="0" bg="white" zIndex="1">
          <Box />
          {days.map((day) => (
            <Box key={format(day, 'yyyy-MM-dd')} textAlign="center" py="2" borderStartWidth="1px">
              <Text fontSize="xs" color="fg.muted" textTransform="uppercase">
                {format(day, 'EEE')}
              </Text>
              <Text
                fontWeight="semibold"
                color={isToday(day) ? 'white' : undefined}
                bg={isToday(day) ? 'blue.600' : undefined}
                borderRadius="full"
                display="inline-block"
                minW="8"
                px="1"
              >
                {format(day, 'd')}
              </Text>
            </Box>
          ))}
        </Grid>
        <Grid templateColumns={`${TIME_COLUMN} repeat(7, 1fr)`}>
          <Box>
            {calendarSlots.map((slot) => (
              <Box key={slot.value} h={`${ROW_HEIGHT}px`} pe="2" textAlign="end" borderBottomWidth="1px" borderColor="gray.100">
                <Text fontSize="xs" color="fg.muted" mt="-0.5">
                  {slot.label}
                </Text>
              </Box>
            ))}
          </Box>
          {days.map((day) => (
            <DayColumn
              key={format(day, 'yyyy-MM-dd')}
              day={day}
              timeZone={timeZone}
              sessions={sessions.filter((session) => isSameDay(inZone(session.scheduledAt, timeZone), day))}
              onSlotClick={onSlotClick}
            />
          ))}
        </Grid>
      </Box>
    </Box>
  );
}

function DayColumn({ day, timeZone, sessions, onSlotClick }: { day: Date; timeZone: string; sessions: readonly Session[]; onSlotClick?: (start: Date) => void }) {
  const dayName = format(day, 'EEEE');
  const blocks = layoutDay(sessions, (s) => inZone(s.scheduledAt, timeZone), (s) => s.duration);
  const sessionsWidth = onSlotClick ? `(100% - ${SLOT_STRIP})` : '100%';

  return (
    <Box position="relative" h={`${gridHeight()}px`} borderStartWidth="1px" bg={isToday(day) ? 'blue.50/40' : undefined}>
      {calendarSlots.map((slot) => {
        const start = inZone(day, timeZone);
        start.setHours(Math.floor(slot.minutes / 60), slot.minutes % 60, 0, 0);
        return onSlotClick ? (
          <Box
            as="button"
            key={slot.value}
            display="block"
            w="full"
            h={`${ROW_HEIGHT}px`}
            borderBottomWidth="1px"
            borderColor="gray.100"
            cursor="pointer"
            _hover={{ bg: 'blue.50' }}
            _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '-2px' }}
            aria-label={`Schedule at ${dayName} ${slot.label}`}
            onClick={() => onSlotClick(start)}
          />
        ) : (
          <Box key={slot.value} h={`${ROW_HEIGHT}px`} borderBottomWidth="1px" borderColor="gray.100" />
        );
      })}
      {blocks.map(({ item: session, top, height, lane, lanes }) => (
        <Link
          asChild
          key={session.id}
          position="absolute"
          top={`${top}px`}
          h={`${height}px`}
          left={`calc(${sessionsWidth} * ${lane / lanes} + 2px)`}
          w={`calc(${sessionsWidth} / ${lanes} - 4px)`}
          overflow="hidden"
          display="block"
          borderRadius="md"
          borderStartWidth="3px"
          borderColor={`${statusPalette[session.status]}.500`}
          bg={`${statusPalette[session.status]}.100`}
          color="gray.900"
          px="1.5"
          py="0.5"
          fontSize="xs"
          lineHeight="short"
          textDecoration="none"
          _hover={{ bg: `${statusPalette[session.status]}.200`, textDecoration: 'none' }}
          zIndex="1"
        >
          {/* A narrow block wraps the names onto a second line, and hovering shows the block's whole text. */}
          <RouterLink to={`/sessions/${session.id}`} title={`${sessionClientNames(session)} · ${blockDetail(session)}`}>
            <Flex direction="column">
              <Flex as="span" align="flex-start" gap="1" minW="0">
                <Text as="span" fontWeight="semibold" lineClamp={2} overflowWrap="anywhere">
                  {sessionClientNames(session)}
                </Text>
                <SessionMarks session={session} badgeSize="xs" />
              </Flex>
              <Text as="span" truncate>
                {blockDetail(session)}
              </Text>
            </Flex>
          </RouterLink>
        </Link>
      ))}
    </Box>
  );
}

/** A block's second line: the session's type (or why it was canceled) and its length. */
function blockDetail(session: Session): string {
  return `${session.status === 'canceled' ? sessionStatusLabel(session) : sessionTypeLabels[session.type]} · ${durationLabel(session.duration)}`;
}
