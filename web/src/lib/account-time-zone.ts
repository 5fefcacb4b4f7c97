/**
 * The account's time zone on screen (part 4 §1.6): every time a screen shows or a form takes is the
 * account's wall clock, like the service log's, the CSVs' and the PDFs', never the browser's (a
 * provider on a trip, or a laptop set to another zone, still sees the school's times). This is the
 * one place the web reads the zone; screens format with `formatIn` (date-fns patterns, read in the
 * zone) and the session form converts with @caseload/contract/wall-clock.
 */
import { TZDate } from '@date-fns/tz';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { apiQuery } from './api.ts';
import { queryClient } from './query-client.ts';

/**
 * GET /api/account: the account's name and zone (every user may read it). Every screen that shows a
 * time waits for it, so a dropped connection is tried again three times rather than once.
 */
export const accountQuery = { ...apiQuery('getAccount'), retry: 3 };

/** The account's time zone; undefined until the account has loaded. */
export function useAccountTimeZone(): string | undefined {
  return useAccountZoneQuery().data;
}

/** The zone's read itself, for a screen that says so when it could not be loaded. */
export function useAccountZoneQuery() {
  return useQuery({ ...accountQuery, select: (account) => account.timeZone });
}

/** The time zone at a submit: the cached answer, or one read now. */
export async function fetchAccountTimeZone(): Promise<string> {
  return (await queryClient.fetchQuery(accountQuery)).timeZone;
}

/** An instant as a date in a time zone: date-fns reads and moves it on that zone's calendar and clock. */
export const inZone = (instant: string | number | Date, timeZone: string) =>
  new TZDate(typeof instant === 'string' ? Date.parse(instant) : +instant, timeZone);

/**
 * An instant formatted (a date-fns pattern) in the account's zone. Until the zone has loaded (a
 * first visit's few milliseconds; it is cached and kept offline after that), the browser's zone
 * stands in; screens whose layout depends on the day (the calendar, today's sessions, the session
 * form) wait for the zone instead.
 */
export function formatIn(instant: string | number | Date, pattern: string, timeZone: string | undefined): string {
  return format(timeZone ? inZone(instant, timeZone) : new Date(typeof instant === 'string' ? Date.parse(instant) : +instant), pattern);
}
