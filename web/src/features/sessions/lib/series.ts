/**
 * The weekly timetable in the schedule and edit dialogs: school-calendar dates and wall-clock
 * times in the account's time zone, the series' default end, make-up choices, and what a series
 * change reports.
 */
import { format, parseISO } from 'date-fns';
import { weekdayLabels, type OwedMakeup, type SeriesChange } from '@caseload/contract/school-year';
import { wallClock } from '@caseload/contract/wall-clock';
import { durationLabel } from './format.ts';

/** The school-calendar date of a session's start in the account's zone ("from" of "This and following sessions"). */
export const localDateIn = (iso: string, timeZone: string) => wallClock(iso, timeZone).date;

/**
 * A series' default end: the end of the school year (1 July – 30 June) that `startsOn` falls in.
 * It is always within the twelve months a series may run (latestUntil), so it needs no cap.
 */
export function defaultUntil(startsOn: string): string {
  const [year, month] = startsOn.split('-').map(Number) as [number, number];
  return `${month >= 7 ? year + 1 : year}-06-30`;
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a date. */
export function isoWeekdayOf(date: string): number {
  const day = parseISO(date).getDay();
  return day === 0 ? 7 : day;
}

/** Weekdays in order, Monday first, each once. */
export const sortedWeekdays = (days: readonly number[]) => [...new Set(days)].sort((a, b) => a - b);

/** 'Tue, Thu' */
export const weekdayNames = (days: readonly number[]) => sortedWeekdays(days).map((d) => weekdayLabels[d]).join(', ');

/** 'Tue, Oct 6' from a school-calendar date. */
export const shortDate = (date: string) => format(parseISO(date), 'EEE, MMM d');

/** A "Make-up for…" choice: 'Canceled session on Tue, Oct 6 · 30 min'. */
export const makeupLabel = (makeup: Pick<OwedMakeup, 'date' | 'duration'>) => `Canceled session on ${shortDate(makeup.date)} · ${durationLabel(makeup.duration)}`;

const sessions = (n: number) => (n === 1 ? '1 session' : `${n} sessions`);

/** What the toast says after a series write, from the server's counts. */
export function seriesChangeMessage(kind: 'created' | 'updated' | 'deleted', change: SeriesChange): string {
  const kept = change.kept > 0 ? `; ${change.kept === 1 ? '1 documented session' : `${change.kept} documented sessions`} kept` : '';
  if (kind === 'created') return `Scheduled ${sessions(change.created)}`;
  if (kind === 'updated') return `Updated ${sessions(change.created)}${kept}`;
  return `Deleted ${sessions(change.deleted)}${kept}`;
}
