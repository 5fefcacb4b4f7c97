/**
 * The schedule and edit dialogs' values as request bodies, and what a failed save says. The date
 * and time a user picks are the account's wall clock (the form shows and takes times in the
 * account's zone), which is also what a series runs on.
 */
import type { SeriesInput, UpdateSeriesInput, SessionSeries } from '@caseload/contract/school-year';
import { errorMessage, isApiError } from '../../../lib/api.ts';
import { defaultUntil, localDateIn } from './series.ts';

/** What the series fields of the dialog hold (as typed). */
export interface SeriesFormValues {
  type: SeriesInput['type'];
  clientIds: string[];
  providerId: string;
  /** The picked date and time (yyyy-MM-dd, HH:mm): the account's wall clock. */
  date: string;
  time: string;
  duration: string;
  weekdays: number[];
  /** Blank: the default end (the school year's). */
  until: string;
}

const minutes = (duration: string) => (duration.trim() === '' ? Number.NaN : Number(duration));

/** The end date the dialog shows and sends: the typed one, else the school year's end after the start. */
export const untilOf = (until: string, startsOn: string) => until || (/^\d{4}-\d{2}-\d{2}$/.test(startsOn) ? defaultUntil(startsOn) : '');

/** POST /api/session-series from the dialog's values (check it with seriesBody). */
export function newSeriesBody(values: SeriesFormValues): SeriesInput {
  return {
    clientIds: values.clientIds,
    providerId: values.providerId,
    type: values.type,
    weekdays: values.weekdays,
    time: values.time,
    duration: minutes(values.duration),
    startsOn: values.date,
    until: untilOf(values.until, values.date),
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
    time: values.time,
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
