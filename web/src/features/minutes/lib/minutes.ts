import type { MinuteStatus, MinutesRow, NotCountedReason, NotCountedSession } from '@caseload/contract/school-year';

export const statusLabels: Record<MinuteStatus, string> = { on_track: 'On track', behind: 'Behind', no_iep: 'No IEP', no_school_year: 'No school year' };
export const statusPalette: Record<MinuteStatus, string> = { on_track: 'green', behind: 'red', no_iep: 'gray', no_school_year: 'gray' };

export const rowName = (row: Pick<MinutesRow, 'firstName' | 'lastInitial'>) => `${row.firstName} ${row.lastInitial}.`;

/** Delivered as a whole percent of required to date; undefined when nothing is required yet (or it is unknown: no school year). */
export function deliveredPercent(row: Pick<MinutesRow, 'delivered' | 'requiredToDate'>): number | undefined {
  return row.requiredToDate !== null && row.requiredToDate > 0 ? Math.round((row.delivered / row.requiredToDate) * 100) : undefined;
}

const notCountedWords: Record<NotCountedReason, string> = { not_therapy: 'not a therapy session', group_for_individual_iep: 'group session, individual IEP' };

/** The attended sessions that delivered no minutes, as a line under the row: 'Not counted: Sep 14, 2026 (not a therapy session)'. */
export function notCountedText(notCounted: readonly NotCountedSession[]): string | undefined {
  if (!notCounted.length) return undefined;
  return `Not counted: ${notCounted.map((n) => `${formatDate(n.date)} (${notCountedWords[n.reason]})`).join('; ')}`;
}

/** A required figure as shown: '—' when no school year says what is required. */
export const requiredText = (required: number | null) => (required === null ? '—' : String(required));

// ---------- sorting ----------
export const minutesSorts = ['name', 'status', 'delivered', 'review', 'evaluation'] as const;
export type MinutesSort = (typeof minutesSorts)[number];
export type SortDirection = 'asc' | 'desc';

/** Behind first: the rows that need attention lead when sorting by status. */
const statusOrder: Record<MinuteStatus, number> = { behind: 0, on_track: 1, no_iep: 2, no_school_year: 3 };

type Key = string | number | undefined;
const keyOf: Record<MinutesSort, (row: MinutesRow) => Key> = {
  name: (row) => rowName(row).toLocaleLowerCase(),
  status: (row) => statusOrder[row.status],
  delivered: deliveredPercent,
  review: (row) => row.nextReviewDate,
  evaluation: (row) => row.nextEvaluationDate,
};

/** Rows sorted by one column; rows without a value (no date, nothing required) go last either way, then by name. */
export function sortRows(rows: readonly MinutesRow[], sort: MinutesSort, direction: SortDirection): MinutesRow[] {
  const key = keyOf[sort];
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === undefined || kb === undefined) {
      if (ka !== kb) return ka === undefined ? 1 : -1;
    } else if (ka !== kb) {
      return (ka < kb ? -1 : 1) * sign;
    }
    return rowName(a).localeCompare(rowName(b));
  });
}

// ---------- periods ----------
export const periods = ['year', 'month', 'week', 'custom'] as const;
export type Period = (typeof periods)[number];
export const periodLabels: Record<Period, string> = { year: 'This school year', month: 'This month', week: 'This week', custom: 'Custom dates' };

const parse = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const format = (date: Date) => date.toISOString().slice(0, 10);

/** The Monday of the week holding the date (weeks run Monday–Sunday). */
export function mondayOf(date: string): string {
  const day = parse(date);
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return format(day);
}

export interface DateRange {
  from?: string;
  to?: string;
}

/**
 * The dates a period covers, both included, from today in the account's zone. The school year
 * sends no dates: the server knows the account's school years. A custom period needs both dates.
 */
export function periodRange(period: Period, today: string, custom: DateRange = {}): DateRange | undefined {
  switch (period) {
    case 'year':
      return {};
    case 'week': {
      const monday = parse(mondayOf(today));
      const sunday = new Date(monday);
      sunday.setUTCDate(monday.getUTCDate() + 6);
      return { from: format(monday), to: format(sunday) };
    }
    case 'month': {
      const first = parse(`${today.slice(0, 7)}-01`);
      const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
      return { from: format(first), to: format(last) };
    }
    case 'custom':
      return custom.from && custom.to ? { from: custom.from, to: custom.to } : undefined;
  }
}

// ---------- the page's URL ----------
export interface MinutesView {
  sort: MinutesSort;
  direction: SortDirection;
  behindOnly: boolean;
  period: Period;
  custom: DateRange;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (value: string | null) => (value && DATE.test(value) ? value : undefined);

/** The page's state from its URL (`?behind=1&sort=review&dir=desc&period=custom&from=…&to=…`), so links and reloads keep it. */
export function viewFromParams(params: URLSearchParams): MinutesView {
  const sort = oneOf(minutesSorts, params.get('sort')) ?? 'name';
  return {
    sort,
    direction: oneOf(['asc', 'desc'] as const, params.get('dir')) ?? 'asc',
    behindOnly: params.get('behind') === '1',
    period: oneOf(periods, params.get('period')) ?? 'year',
    custom: { from: dateParam(params.get('from')), to: dateParam(params.get('to')) },
  };
}

/** Writes the view into the URL, leaving defaults (and other parameters such as assignedTo) as they are. */
export function withView(current: URLSearchParams, view: MinutesView): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | undefined) => (value === undefined ? next.delete(key) : next.set(key, value));
  set('sort', view.sort === 'name' ? undefined : view.sort);
  set('dir', view.direction === 'asc' ? undefined : view.direction);
  set('behind', view.behindOnly ? '1' : undefined);
  set('period', view.period === 'year' ? undefined : view.period);
  set('from', view.period === 'custom' ? view.custom.from : undefined);
  set('to', view.period === 'custom' ? view.custom.to : undefined);
  return next;
}

/** The export's file name: the period's dates when known. */
export function exportFileName(range: DateRange): string {
  return range.from && range.to ? `service-minutes-${range.from}-to-${range.to}.csv` : 'service-minutes-school-year.csv';
}

/** 'Mar 4, 2026' for a yyyy-MM-dd date, read as a calendar date (no time zone shift). */
export function formatDate(date: string | undefined): string {
  if (!date) return '—';
  return parse(date).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
