/**
 * The timetable's pure rules: which dates a weekly series falls on, which UTC instants bound a
 * school day in the account's zone, and when a session counts as documented (a series change
 * never deletes or cancels such a session).
 */
import type { SessionItem } from '../items.ts';
import { addDays, eachDate, instantAt, isoWeekday } from '../school-calendar/dates.ts';

export interface WeeklyRule {
  /** ISO weekdays, 1 = Monday … 5 = Friday. */
  weekdays: number[];
  startsOn: string;
  until: string;
}

/** Every date from `from` (default the rule's start) to `until` on one of the rule's weekdays that is not a closure. */
export function occurrenceDates(rule: WeeklyRule, closed: ReadonlySet<string>, from = rule.startsOn): string[] {
  const first = from > rule.startsOn ? from : rule.startsOn;
  if (first > rule.until) return [];
  const days = new Set(rule.weekdays);
  return eachDate(first, rule.until).filter((d) => days.has(isoWeekday(d)) && !closed.has(d));
}

/** The UTC instants [start, end) of a local date: 23 or 25 hours on a daylight-saving change. */
export const dayRange = (date: string, timeZone: string) => ({ start: instantAt(date, '00:00', timeZone), end: instantAt(addDays(date, 1), '00:00', timeZone) });

/**
 * Documented: a note or progress was saved for it (`documented`, set by the first save), or its
 * status, or any participant's, is no longer `scheduled` (someone recorded what happened).
 */
export const isDocumented = (session: Pick<SessionItem, 'documented' | 'status' | 'participants'>) =>
  session.documented === true || session.status !== 'scheduled' || Object.values(session.participants).some((p) => p.status !== 'scheduled');
