/**
 * The account's wall clock (part 4 §1.6: times on every screen, CSV and PDF are in the account's
 * time zone): an instant as the account's calendar date and wall-clock time, and a date and time
 * typed as the account's wall clock back to its instant. The service log's Start and End, the
 * signed-note PDF, the server's school-calendar dates and the web's screens and session form all
 * read these two. Apart from time-zone.ts, whose constants the smallest Lambdas import: this one
 * brings @date-fns/tz (the runtime's tz database behind a Date).
 */
import { TZDate } from '@date-fns/tz';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant (ISO string, epoch milliseconds or Date) as the calendar date (yyyy-MM-dd) and wall-clock time (HH:mm) in a time zone. */
export function wallClock(instant: string | number | Date, timeZone: string): { date: string; time: string } {
  const d = new TZDate(typeof instant === 'string' ? Date.parse(instant) : +instant, timeZone);
  return { date: `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
}

/**
 * The instant, as UTC ISO, of a wall-clock time (HH:mm) on a date (yyyy-MM-dd) in a time zone:
 * 15:30 stays 15:30 on either side of a daylight-saving change; a time the spring change skips
 * moves forward. Throws a RangeError when the date or time is not one.
 */
export function instantAt(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, timeZone).getTime()).toISOString();
}
