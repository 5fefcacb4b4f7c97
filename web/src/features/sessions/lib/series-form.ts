/**
 * The schedule and edit dialogs' values as request bodies, and what a failed save says. The date
 * and time a user picks are the browser's wall clock; a series runs on the account's.
 */
import type { SeriesInput, UpdateSeriesInput, SessionSeries } from '@caseload/contract/school-year';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { defaultUntil, localDateIn, wallClockIn } from './series.ts';

/** What the series fields of the dialog hold (as typed). */
export interface SeriesFormValues {
  type: SeriesInput['type'];
  clientIds: string[];
  providerId: string;
  /** The picked date and time (yyyy-MM-dd, HH:mm) in the browser's zone. */
  date: string;
  time: string;
  duration: string;
  weekdays: number[];
  /** Blank: the default end (the school year's). */
  until: string;
}

const minutes = (duration: string) => (duration.trim() === '' ? Number.NaN : Number(duration));

/** The picked date and time as the account's wall clock; blank when the picked date is not a date. */
export function startIn(values: Pick<SeriesFormValues, 'date' | 'time'>, timeZone: string): { date: string; time: string } {
  const picked = new Date(`${values.date}T${values.time}`);
  return Number.isNaN(picked.getTime()) ? { date: '', time: values.time } : wallClockIn(picked, timeZone);
}

/** The end date the dialog shows and sends: the typed one, else the school year's end after the start. */
export const untilOf = (until: string, startsOn: string) => until || (/^\d{4}-\d{2}-\d{2}$/.test(startsOn) ? defaultUntil(startsOn) : '');

/** POST /api/session-series from the dialog's values (check it with seriesBody). */
export function newSeriesBody(values: SeriesFormValues, timeZone: string): SeriesInput {
  const start = startIn(values, timeZone);
  return {
    clientIds: values.clientIds,
    providerId: values.providerId,
    type: values.type,
    weekdays: values.weekdays,
    time: start.time,
    duration: minutes(values.duration),
    startsOn: start.date,
    until: untilOf(values.until, start.date),
  };
}

/**
 * "This and following sessions" of an edit: the series keeps its weekdays, start and end; the time,
 * duration, type, clients and provider come from the form; `from` is the occurrence's local date.
 */
export function followingSeriesBody(
  values: Omit<SeriesFormValues, 'weekdays' | 'until'>,
  series: Pick<SessionSeries, 'weekdays' | 'startsOn' | 'until'>,
  occurrenceAt: string,
  timeZone: string,
): UpdateSeriesInput {
  return {
    clientIds: values.clientIds,
    providerId: values.providerId,
    type: values.type,
    weekdays: series.weekdays,
    time: startIn(values, timeZone).time,
    duration: minutes(values.duration),
    startsOn: series.startsOn,
    until: series.until,
    from: localDateIn(occurrenceAt, timeZone),
  };
}

/** A failed save's message: the server's words, or what went wrong on the way. */
export function saveFailureMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return 'Could not reach the server. Check your connection and try again.';
  return errorMessage(error, fallback);
}
