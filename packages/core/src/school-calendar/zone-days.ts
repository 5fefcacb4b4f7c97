/**
 * Where a date of the account's zone begins and ends as instants, for every date-only period
 * (reporting periods, progress notes, parent reports): a period runs from its first date's local
 * midnight to the local midnight of the day after its last date, so a 4:30 pm Pacific session on
 * a period's last day is inside it and a 00:30 session the day after is not.
 *
 * Hand-written on `Intl.DateTimeFormat` rather than `@date-fns/tz` (which `dates.ts` uses): the
 * notes functions import this through the facts, and TZDate alone pushed generate-progress-note
 * past its 150 KiB bundle budget (tests/infra/bundles.test.ts). The runtime's own tz database is
 * the same one TZDate reads.
 */

const DAY_MS = 86_400_000;

/** One formatter per zone: building one costs far more than formatting with it. */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC at an instant, in ms (Los Angeles in winter: −8 h). */
function offsetAt(instant: number, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) formats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(instant).find((p) => p.type === 'timeZoneName')!.value;
  // 'GMT-08:00', 'GMT+05:30'; UTC itself is just 'GMT'.
  const [, sign, hours, minutes] = /([+-])(\d\d):(\d\d)/.exec(name) ?? [];
  return sign ? Number(`${sign}1`) * (Number(hours) * 60 + Number(minutes)) * 60_000 : 0;
}

/**
 * The first instant of a date in a time zone (epoch ms). The date's midnight read as UTC is within
 * 14 hours of the answer, so the zone's offsets a day either side of it are the only ones that
 * can apply (no zone changes its clocks twice in two days). An offset that maps midnight back onto
 * itself gives a true local midnight, the earlier one when the clocks went back at midnight; when
 * the clocks went forward at midnight (no 00:00 that day), the day begins at the change, which is
 * the later of the two readings.
 */
function dayStart(wallMidnight: number, timeZone: string): number {
  const readings = [offsetAt(wallMidnight - DAY_MS, timeZone), offsetAt(wallMidnight + DAY_MS, timeZone)].map((offset) => wallMidnight - offset);
  const midnights = readings.filter((instant) => wallMidnight - offsetAt(instant, timeZone) === instant);
  return midnights.length ? Math.min(...midnights) : Math.max(...readings);
}

const wallMidnightOf = (date: string) => Date.parse(`${date}T00:00:00.000Z`);

/** The local midnight beginning `date` (yyyy-MM-dd) in `timeZone`, as UTC ISO with milliseconds. */
export const zoneMidnight = (date: string, timeZone: string): string => new Date(dayStart(wallMidnightOf(date), timeZone)).toISOString();

/**
 * Dates `start` to `end` (both included) of `timeZone` as instants [from, toExclusive), UTC ISO
 * with milliseconds, the form stored sort keys use.
 */
export function zoneDays(period: { start: string; end: string }, timeZone: string): { from: string; toExclusive: string } {
  return {
    from: zoneMidnight(period.start, timeZone),
    // Calendar arithmetic on the wall-clock date, where every day has 24 hours.
    toExclusive: new Date(dayStart(wallMidnightOf(period.end) + DAY_MS, timeZone)).toISOString(),
  };
}
