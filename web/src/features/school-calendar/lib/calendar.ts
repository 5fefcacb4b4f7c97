import { reportingPeriodsBody, type ReportingPeriod } from '@caseload/contract/reporting-periods';
import { closuresBody, schoolYearsBody, type Closure, type SchoolYear } from '@caseload/contract/school-year';
import { wallClock } from '@caseload/contract/wall-clock';

/** Today's school-calendar date (yyyy-MM-dd) in a time zone: the account's, so everyone in a district shares one "today". */
export const todayIn = (timeZone: string, now: Date = new Date()): string => wallClock(now, timeZone).date;

/** The zones the browser knows, in its order, with the saved one kept even when the list lacks it (an old alias, UTC). */
export function timeZoneOptions(current: string): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** A closures row as typed: an empty date or label is still a row the user is working on. */
export interface ClosureRow {
  /** Keys the row in the list (React), never sent. */
  key: number;
  date: string;
  label: string;
}

export type ClosureRowErrors = Record<number, { date?: string; label?: string }>;

export type ClosuresCheck =
  | { ok: true; body: Closure[] }
  | { ok: false; rowErrors: ClosureRowErrors; listError?: string };

/** The rows checked with the server's schema; messages per row and field, and one for the list (a date twice, too many). */
export function checkClosures(rows: readonly ClosureRow[]): ClosuresCheck {
  const result = closuresBody.safeParse(rows.map(({ date, label }) => ({ date, label })));
  if (result.success) return { ok: true, body: result.data };
  const rowErrors: ClosureRowErrors = {};
  let listError: string | undefined;
  for (const issue of result.error.issues) {
    const [index, field] = issue.path;
    if (typeof index === 'number' && (field === 'date' || field === 'label')) {
      const row = (rowErrors[index] ??= {});
      row[field] ??= issue.message;
    } else {
      listError ??= issue.message;
    }
  }
  return { ok: false, rowErrors, listError };
}

/** Rows sorted by date, the order the school reads a calendar in (blank dates last, as typed). */
export function sortedRows(rows: readonly ClosureRow[]): ClosureRow[] {
  return [...rows].sort((a, b) => (a.date || '9999').localeCompare(b.date || '9999'));
}

/** A reporting period row as typed: blank fields are a row still being filled in. */
export interface PeriodRow {
  /** Keys the row in the list (React), never sent. */
  key: number;
  name: string;
  start: string;
  end: string;
}

type PeriodField = 'name' | 'start' | 'end';
export type PeriodRowErrors = Record<number, Partial<Record<PeriodField, string>>>;

export type PeriodsCheck = { ok: true; body: ReportingPeriod[] } | { ok: false; rowErrors: PeriodRowErrors; listError?: string };

/** The rows checked with the server's schema: messages per row and field, and one for the list ('Reporting periods cannot overlap'). */
export function checkReportingPeriods(rows: readonly PeriodRow[]): PeriodsCheck {
  const result = reportingPeriodsBody.safeParse(rows.map(({ name, start, end }) => ({ name, start, end })));
  if (result.success) return { ok: true, body: result.data };
  const rowErrors: PeriodRowErrors = {};
  let listError: string | undefined;
  for (const issue of result.error.issues) {
    const [index, field] = issue.path;
    if (typeof index === 'number' && (field === 'name' || field === 'start' || field === 'end')) {
      const row = (rowErrors[index] ??= {});
      row[field] ??= issue.message;
    } else {
      listError ??= issue.message;
    }
  }
  return { ok: false, rowErrors, listError };
}

/** A school year as typed, with its breaks: blank fields are rows still being filled in. */
export interface BreakRow {
  key: number;
  name: string;
  start: string;
  end: string;
}
export interface SchoolYearRow {
  key: number;
  name: string;
  firstDay: string;
  lastDay: string;
  breaks: BreakRow[];
}

/**
 * Field messages keyed by path: `"0.firstDay"` for a year's field, `"0.breaks"` for its breaks as
 * a whole ('A break must be inside its school year'), `"0.breaks.1.start"` for a break's field.
 */
export type SchoolYearErrors = Record<string, string>;
export type SchoolYearsCheck = { ok: true; body: SchoolYear[] } | { ok: false; errors: SchoolYearErrors; listError?: string };

/** The years checked with the server's schema: messages per field, and one for the list ('School years cannot overlap'). */
export function checkSchoolYears(rows: readonly SchoolYearRow[]): SchoolYearsCheck {
  const body = rows.map(({ name, firstDay, lastDay, breaks }) => ({ name, firstDay, lastDay, breaks: breaks.map(({ name: n, start, end }) => ({ name: n, start, end })) }));
  const result = schoolYearsBody.safeParse(body);
  if (result.success) return { ok: true, body: result.data };
  const errors: SchoolYearErrors = {};
  let listError: string | undefined;
  for (const issue of result.error.issues) {
    if (typeof issue.path[0] === 'number' && issue.path.length > 1) errors[issue.path.join('.')] ??= issue.message;
    else listError ??= issue.message;
  }
  return { ok: false, errors, listError };
}
