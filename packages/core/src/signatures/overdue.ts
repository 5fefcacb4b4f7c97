/**
 * When an unsigned note is overdue: more than two school days (Mon–Fri, closures excluded) have
 * passed since its session's date. A session on `date` is overdue on `today` when `date` is before
 * the school day two school days back from `today` (Monday's note is overdue on Thursday, not on
 * Wednesday).
 */
import { addDays, isoWeekday } from '../school-calendar/dates.ts';

/** A day a note's clock runs on: Monday–Friday and not a closure (breaks and summers count, so a note from before a break still falls due). */
const isSchoolDay = (date: string, closed: ReadonlySet<string>) => isoWeekday(date) <= 5 && !closed.has(date);

export const SCHOOL_DAYS_TO_SIGN = 2;
/** How far back the dashboard looks for the user's own unsigned notes. */
export const UNSIGNED_LOOKBACK_DAYS = 30;
/** A calendar with no school day for this long (a closed year) stops the search there. */
const MAX_DAYS_BACK = 366;

/** The first date whose sessions are not yet overdue: sessions dated before it are. */
export function overdueBefore(today: string, closed: ReadonlySet<string>, schoolDays = SCHOOL_DAYS_TO_SIGN): string {
  let date = today;
  for (let seen = 0, steps = 0; seen < schoolDays && steps < MAX_DAYS_BACK; steps++) {
    date = addDays(date, -1);
    if (isSchoolDay(date, closed)) seen++;
  }
  return date;
}
