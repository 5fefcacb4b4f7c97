/**
 * Reporting periods (part 3 §6): the account's named date ranges (report-card terms), replaced
 * whole by a manager. The settings form and PUT /api/reporting-periods validate with the same
 * schema. Dates are school-calendar dates (yyyy-MM-dd), both ends included.
 */
import * as z from 'zod/mini';
import { isoDate, requiredText, schema } from './common.ts';

export const REPORTING_PERIODS_OVERLAP = 'Reporting periods cannot overlap';
export const MAX_REPORTING_PERIODS = 24;
const PERIOD_END_BEFORE_START = 'End date must be on or after the start date';

/** Whether two date ranges share a day (both ends included). */
export const periodsOverlap = (a: { start: string; end: string }, b: { start: string; end: string }) => a.start <= b.end && b.start <= a.end;

export const reportingPeriod = /* @__PURE__ */ schema(() =>
  z
    .object({
      name: requiredText(100, 'Name is required', 'Name', 'name'),
      start: z.pipe(z.string({ error: 'Start date is required' }).check(z.minLength(1, 'Start date is required')), isoDate),
      end: z.pipe(z.string({ error: 'End date is required' }).check(z.minLength(1, 'End date is required')), isoDate),
    })
    .check(z.refine((p) => p.start <= p.end, { message: PERIOD_END_BEFORE_START, path: ['end'] })),
);
export type ReportingPeriod = z.infer<typeof reportingPeriod>;

export const reportingPeriodsBody = /* @__PURE__ */ schema(() =>
  z.array(reportingPeriod, { error: 'Reporting periods must be a list' }).check(
    z.maxLength(MAX_REPORTING_PERIODS, `At most ${MAX_REPORTING_PERIODS} reporting periods`),
    z.refine((list) => list.every((p, i) => list.every((q, j) => i === j || !periodsOverlap(p, q))), REPORTING_PERIODS_OVERLAP),
  ),
);
export type ReportingPeriodsInput = z.input<typeof reportingPeriodsBody>;

/** The periods by start date, and the one containing today in the account's time zone (null when none does). */
export const reportingPeriods = /* @__PURE__ */ schema(() =>
  z.object({ periods: z.array(reportingPeriod), current: z.nullable(reportingPeriod) }),
);
export type ReportingPeriods = z.infer<typeof reportingPeriods>;
