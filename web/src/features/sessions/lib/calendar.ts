/**
 * Calendar layout math for the Sessions page, pure so it can be unit-tested:
 * Monday-first weeks, 30-minute rows from 8:00 AM to 5:00 PM at 64 px, blocks sized by duration.
 */
import {
  addDays,
  addMonths,
  addWeeks,
  differenceInCalendarDays,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  isSameYear,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import type { SessionStatus } from '@caseload/contract/enums';
import { clockLabel } from '../../../lib/clock-time.ts';

export type CalendarView = 'week' | 'month' | 'day';

export const WEEK_OPTIONS = { weekStartsOn: 1 } as const;
export const ROW_HEIGHT = 64;
export const SLOT_MINUTES = 30;
/** First and last row of the calendars: 8:00 AM and 5:00 PM (minutes after midnight). */
export const CALENDAR_START = 8 * 60;
export const CALENDAR_LAST_ROW = 17 * 60;
/** Dialog time choices: 8:00 AM to 4:30 PM. */
export const DIALOG_LAST_SLOT = 16 * 60 + 30;
export const MONTH_CELL_LIMIT = 2;
/** The shortest block drawn, so a 5-minute session stays readable and clickable. */
export const MIN_BLOCK_HEIGHT = 24;

export interface TimeSlot {
  /** Minutes after midnight. */
  minutes: number;
  /** 'HH:mm', the value of a time input. */
  value: string;
  /** '9:00 AM'. */
  label: string;
}

function slot(minutes: number): TimeSlot {
  const hours = Math.floor(minutes / 60);
  const mins = minutes % 60;
  const value = `${String(hours).padStart(2, '0')}:${String(mins).padStart(2, '0')}`;
  return { minutes, value, label: clockLabel(value) };
}

function slotsBetween(first: number, last: number): TimeSlot[] {
  const slots: TimeSlot[] = [];
  for (let minutes = first; minutes <= last; minutes += SLOT_MINUTES) slots.push(slot(minutes));
  return slots;
}

/** The calendar's rows: 8:00 AM … 5:00 PM (19 rows). */
export const calendarSlots = slotsBetween(CALENDAR_START, CALENDAR_LAST_ROW);
/** The dialogs' time choices: 8:00 AM … 4:30 PM (18 choices). */
export const dialogTimeSlots = slotsBetween(CALENDAR_START, DIALOG_LAST_SLOT);

export function timeLabel(value: string): string {
  const [hours = 0, minutes = 0] = value.split(':').map(Number);
  return slot(hours * 60 + minutes).label;
}

export const minutesOfDay = (date: Date) => date.getHours() * 60 + date.getMinutes();

/** Pixels from the top of the 8:00 AM row to a start time. */
export function blockTop(start: Date): number {
  return ((minutesOfDay(start) - CALENDAR_START) / SLOT_MINUTES) * ROW_HEIGHT;
}

/** A block is duration/30 rows tall (a 45-minute session: 1.5 rows = 96 px), never under MIN_BLOCK_HEIGHT. */
export function blockHeight(duration: number): number {
  return Math.max((duration / SLOT_MINUTES) * ROW_HEIGHT, MIN_BLOCK_HEIGHT);
}

export const gridHeight = () => calendarSlots.length * ROW_HEIGHT;

/** The 7 days of the week containing `date`, Monday first. */
export function weekDays(date: Date): Date[] {
  const monday = startOfWeek(date, WEEK_OPTIONS);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The month grid: whole Monday-first weeks covering the month of `date`. */
export function monthWeeks(date: Date): Date[][] {
  const first = startOfWeek(startOfMonth(date), WEEK_OPTIONS);
  const last = endOfWeek(endOfMonth(date), WEEK_OPTIONS);
  const days = differenceInCalendarDays(last, first) + 1;
  const weeks: Date[][] = [];
  for (let i = 0; i < days; i += 7) weeks.push(Array.from({ length: 7 }, (_, d) => addDays(first, i + d)));
  return weeks;
}

/** At most two sessions in a month cell, then '+N more'. */
export function monthCell<T>(sessions: readonly T[]): { shown: T[]; more: number } {
  return { shown: sessions.slice(0, MONTH_CELL_LIMIT), more: Math.max(sessions.length - MONTH_CELL_LIMIT, 0) };
}

/** What the calendar asks the server for: exactly the days it shows (from inclusive, to exclusive). */
export function visibleRange(view: CalendarView, date: Date): { from: Date; to: Date } {
  if (view === 'day') return { from: startOfDay(date), to: addDays(startOfDay(date), 1) };
  if (view === 'week') {
    const from = startOfWeek(date, WEEK_OPTIONS);
    return { from, to: addDays(from, 7) };
  }
  const weeks = monthWeeks(date);
  return { from: weeks[0]![0]!, to: addDays(weeks.at(-1)![6]!, 1) };
}

/** Previous / Next. */
export function shiftDate(view: CalendarView, date: Date, step: 1 | -1): Date {
  if (view === 'day') return addDays(date, step);
  if (view === 'week') return addWeeks(date, step);
  return addMonths(date, step);
}

/** 'Mar 9 - 15, 2026' (week), 'March 2026' (month), 'Monday, March 9, 2026' (day). */
export function periodTitle(view: CalendarView, date: Date): string {
  if (view === 'month') return format(date, 'MMMM yyyy');
  if (view === 'day') return format(date, 'EEEE, MMMM d, yyyy');
  const [monday, sunday] = [startOfWeek(date, WEEK_OPTIONS), endOfWeek(date, WEEK_OPTIONS)];
  if (isSameMonth(monday, sunday)) return `${format(monday, 'MMM d')} - ${format(sunday, 'd, yyyy')}`;
  // A week across two months or years names both ends, so the title stays unambiguous.
  if (isSameYear(monday, sunday)) return `${format(monday, 'MMM d')} - ${format(sunday, 'MMM d, yyyy')}`;
  return `${format(monday, 'MMM d, yyyy')} - ${format(sunday, 'MMM d, yyyy')}`;
}

export interface Placed<T> {
  item: T;
  top: number;
  height: number;
  /** Side-by-side position when sessions overlap: lane of lanes. */
  lane: number;
  lanes: number;
}

/**
 * Blocks of one day column: top and height from start and duration, clipped to the grid, and
 * overlapping sessions placed side by side.
 */
export function layoutDay<T>(items: readonly T[], startOf: (item: T) => Date, durationOf: (item: T) => number): Placed<T>[] {
  const height = gridHeight();
  const sorted = [...items].sort((a, b) => startOf(a).getTime() - startOf(b).getTime());
  const placed: Placed<T>[] = [];
  let cluster: Placed<T>[] = [];
  let clusterEnd = -Infinity;
  let laneEnds: number[] = [];

  const closeCluster = () => {
    for (const block of cluster) block.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };

  for (const item of sorted) {
    const rawTop = blockTop(startOf(item));
    const rawBottom = rawTop + blockHeight(durationOf(item));
    if (rawBottom <= 0 || rawTop >= height) continue; // entirely outside 8:00 AM – 5:30 PM
    const top = Math.max(rawTop, 0);
    const bottom = Math.min(rawBottom, height);
    if (top >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((end) => end <= top);
    if (lane === -1) lane = laneEnds.push(bottom) - 1;
    else laneEnds[lane] = bottom;
    const block: Placed<T> = { item, top, height: bottom - top, lane, lanes: 1 };
    cluster.push(block);
    placed.push(block);
    clusterEnd = Math.max(clusterEnd, bottom);
  }
  closeCluster();
  return placed;
}

/** Status badge colours: scheduled blue, completed green, canceled and no_show red, rescheduled yellow. */
export const statusPalette: Record<SessionStatus, string> = {
  scheduled: 'blue',
  completed: 'green',
  canceled: 'red',
  no_show: 'red',
  rescheduled: 'yellow',
};

export const statusLabels: Record<SessionStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  canceled: 'Canceled',
  no_show: 'No Show',
  rescheduled: 'Rescheduled',
};
