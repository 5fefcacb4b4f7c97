/**
 * School-calendar dates (`yyyy-MM-dd`) and the account's time zone. A school day is a date in the
 * account's zone; instants are stored in UTC. Date arithmetic works on the calendar date alone (as
 * UTC midnight), so it never depends on the machine's zone or on daylight-saving changes.
 */
import { instantAt, wallClock } from '@caseload/contract/wall-clock';
import { BadRequestError } from '../errors.ts';

const DAY_MS = 86_400_000;
const toUtcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromUtcMidnight = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromUtcMidnight(toUtcMidnight(date) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / DAY_MS);

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export const isoWeekday = (date: string) => ((new Date(toUtcMidnight(date)).getUTCDay() + 6) % 7) + 1;

/** The Monday of the (Monday–Sunday) week holding `date`. */
export const mondayOf = (date: string) => addDays(date, 1 - isoWeekday(date));

/**
 * The most dates one expansion lists. Every caller's range is bounded by its contract (a series, a
 * minutes range, a break inside a school year: at most a year), so this only ever stops a range
 * that slipped past them, before any work starts rather than after minutes on the request thread.
 */
export const MAX_EXPANDED_DAYS = 800;

/** Every date from `from` to `to`, both included. */
export function eachDate(from: string, to: string): string[] {
  const span = daysBetween(from, to);
  if (!(span < MAX_EXPANDED_DAYS)) throw new BadRequestError(`A date range can cover at most ${MAX_EXPANDED_DAYS} days`);
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The date an instant falls on in a time zone (the account's wall clock, shared with the web). */
export const localDate = (instant: string | Date, timeZone: string) => wallClock(instant, timeZone).date;

/**
 * The instant of a wall-clock time (`HH:mm`) on a date in a time zone, as UTC ISO: 15:30 stays
 * 15:30 on either side of a daylight-saving change. A time the spring change skips moves forward.
 */
export { instantAt };

/** The first day of the school year (1 July – 30 June) holding `date`, and its last day. */
export function schoolYearOf(date: string): { from: string; to: string } {
  const year = Number(date.slice(0, 4));
  const start = date.slice(5) >= '07-01' ? year : year - 1;
  return { from: `${start}-07-01`, to: `${start + 1}-06-30` };
}
