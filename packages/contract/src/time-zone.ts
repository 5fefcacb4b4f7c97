/**
 * The account's time zone: its default and the check of a zone name. Apart from school-year.ts so
 * the session write path (which reads the zone for the minutes ledger) bundles no schemas it does
 * not use.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Whether the runtime knows this IANA zone name (the server and every browser share the tz database). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.includes('/') || name === 'UTC';
  } catch {
    return false;
  }
}
