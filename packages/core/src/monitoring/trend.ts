/**
 * Progress monitoring of one goal (spec part 4 §7), pure: from its sessions' criterion accuracy
 * (one point per session with data, the figure of part 4 §1.6 that the charts, `criterionMet` and
 * the notes use: contract figures.ts), its baseline and criterion, and the client's IEPs.
 *
 * - Trend: ordinary least squares of accuracy (percent) on the day, once there are at least
 *   MIN_SESSIONS sessions spanning at least MIN_SPAN_DAYS days; slope in percentage points a week.
 * - Aim line: from the baseline (date, accuracy), or without one the first session, to the
 *   criterion's accuracy on the end date of the IEP active on the last data date.
 * - Projected date: the first day the trend reaches the criterion; none when the slope is under
 *   half a point a week (falling included) or the day is more than two years after the last data.
 * - Status: on_track when the criterion is met or the trend on the last data date is at or above
 *   the aim line on that date; at_risk otherwise; insufficient_data without a trend, a structured
 *   criterion or such an IEP. The basis says what it rests on and what is missing.
 */
import type { IepRecord } from '../items.ts';
import { daysBetween, lineValueAt, longDate, type GoalMonitoring, type MonitoringLine } from '@caseload/contract/monitoring';

export const MIN_SESSIONS = 3;
export const MIN_SPAN_DAYS = 21;
/** Under this slope (percentage points a week) the trend is not projected. */
export const MIN_PROJECTED_SLOPE = 0.5;

export interface SessionPoint {
  /** The school day of the session (account time zone), `YYYY-MM-DD`. */
  date: string;
  /** The criterion's accuracy of the session, whole percent. */
  accuracy: number;
}

export interface MonitoringInput {
  /** One per session with data, any order. */
  points: readonly SessionPoint[];
  baseline?: SessionPoint;
  /** The structured criterion's accuracy; undefined when the goal has no structured criterion. */
  criterionAccuracy?: number;
  criterionMet: boolean;
  ieps: readonly Pick<IepRecord, 'startDate' | 'endDate' | 'status' | 'endedOn'>[];
}

export interface LeastSquares {
  /** Accuracy on the first day (x = 0). */
  intercept: number;
  /** Percentage points a day. */
  slope: number;
}

/** Ordinary least squares of y on x; undefined when every x is the same. */
export function leastSquares(xs: readonly number[], ys: readonly number[]): LeastSquares | undefined {
  const n = xs.length;
  if (n < 2) return undefined;
  const meanX = xs.reduce((a, b) => a + b, 0) / n;
  const meanY = ys.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (xs[i]! - meanX) ** 2;
    sxy += (xs[i]! - meanX) * (ys[i]! - meanY);
  }
  if (sxx === 0) return undefined;
  const slope = sxy / sxx;
  return { slope, intercept: meanY - slope * meanX };
}

const DAY_MS = 86_400_000;
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const addYears = (date: string, years: number) => `${Number(date.slice(0, 4)) + years}${date.slice(4)}`;
/** One decimal, and never -0. */
const oneDecimal = (v: number) => Math.round(v * 10) / 10 || 0;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The IEP in force on `date`: not a draft, started, not past its end date nor the day it was ended. */
export function iepActiveOn<I extends MonitoringInput['ieps'][number]>(ieps: readonly I[], date: string): I | undefined {
  return ieps
    .filter((i) => i.status !== 'draft' && i.startDate <= date && date <= i.endDate && (i.status !== 'ended' || !i.endedOn || date <= i.endedOn))
    .sort((a, b) => b.startDate.localeCompare(a.startDate))[0];
}

/** The monitoring of a goal, or null for a goal without data. */
export function goalMonitoring(input: MonitoringInput): GoalMonitoring | null {
  const points = [...input.points].sort((a, b) => a.date.localeCompare(b.date));
  if (points.length === 0) return null;
  const first = points[0]!.date;
  const last = points.at(-1)!.date;
  const span = daysBetween(first, last);
  const weeks = Math.floor(span / 7);
  const missing: string[] = [];

  const fit = points.length >= MIN_SESSIONS && span >= MIN_SPAN_DAYS ? leastSquares(points.map((p) => daysBetween(first, p.date)), points.map((p) => p.accuracy)) : undefined;
  if (!fit) missing.push(`a trend needs at least ${MIN_SESSIONS} sessions over ${MIN_SPAN_DAYS / 7} weeks`);
  const trendAt = (date: string) => fit!.intercept + fit!.slope * daysBetween(first, date);

  const criterion = input.criterionAccuracy;
  const iep = iepActiveOn(input.ieps, last);
  if (criterion === undefined) missing.push('the goal has no structured criterion');
  if (!iep) missing.push(`no IEP is active on ${longDate(last)}`);
  const start = input.baseline ?? points[0]!;
  const aimLine: MonitoringLine | null = criterion !== undefined && iep ? { from: { date: start.date, accuracy: start.accuracy }, to: { date: iep.endDate, accuracy: criterion } } : null;

  let projectedDate: string | null = null;
  if (fit && criterion !== undefined && fit.slope * 7 >= MIN_PROJECTED_SLOPE) {
    // The first whole day on which the trend is at or above the criterion (never before the first session).
    const day = addDays(first, Math.max(0, Math.ceil((criterion - fit.intercept) / fit.slope - 1e-9)));
    projectedDate = day > addYears(last, 2) ? null : day;
  }

  let status: GoalMonitoring['status'];
  if (input.criterionMet) status = 'on_track';
  else if (!fit || !aimLine) status = 'insufficient_data';
  // A hair of tolerance so a trend exactly on the aim line is not lost to floating point.
  else status = trendAt(last) >= lineValueAt(aimLine, last) - 1e-9 ? 'on_track' : 'at_risk';

  const basis = [`Based on ${plural(points.length, 'session')} over ${plural(weeks, 'week')}`, ...(input.criterionMet ? ['the criterion is met'] : []), ...missing].join('; ');
  return {
    status,
    sessions: points.length,
    weeks,
    slopePerWeek: fit ? oneDecimal(fit.slope * 7) : null,
    projectedDate,
    aimLine,
    trendLine: fit ? { from: { date: first, accuracy: oneDecimal(trendAt(first)) }, to: { date: last, accuracy: oneDecimal(trendAt(last)) } } : null,
    basis,
  };
}
