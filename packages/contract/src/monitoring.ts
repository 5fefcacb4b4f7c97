/**
 * Progress monitoring of a goal (spec part 4 §7): the trend of its sessions' criterion accuracy
 * (figures.ts), the aim line from the baseline to the criterion at the end of the IEP, the date the
 * trend reaches the criterion, and a status with what it rests on. The server computes it
 * (core/monitoring); this file holds its shape and the little the screens need to draw it, so the
 * goal charts of the client page and of Reports draw the same lines from the same numbers.
 *
 * The status is a signal for the clinician, never a decision.
 */
import * as z from 'zod/mini';
import { isoDate, schema } from './common.ts';

export const monitoringStatuses = ['on_track', 'at_risk', 'insufficient_data'] as const;
export type MonitoringStatus = (typeof monitoringStatuses)[number];
export const monitoringStatusLabels: Record<MonitoringStatus, string> = {
  on_track: 'On track',
  at_risk: 'At risk',
  insufficient_data: 'Insufficient data',
};

const datedAccuracy = /* @__PURE__ */ schema(() => z.object({ date: isoDate, accuracy: z.number() }));
/** A straight line between two dated accuracies (percent). */
export const monitoringLine = /* @__PURE__ */ schema(() => z.object({ from: datedAccuracy, to: datedAccuracy }));
export type MonitoringLine = z.infer<typeof monitoringLine>;

export const goalMonitoring = /* @__PURE__ */ schema(() =>
  z.object({
    status: z.enum(monitoringStatuses),
    /** Sessions with data (of sessions the student attended). */
    sessions: z.number(),
    /** Whole weeks from the first to the last data date, rounded down. */
    weeks: z.number(),
    /** The trend's slope in percentage points per week (one decimal); null before there is a trend. */
    slopePerWeek: z.nullable(z.number()),
    /** The day the trend reaches the criterion; null when not projected. */
    projectedDate: z.nullable(isoDate),
    /** From the baseline (or the first session) to the criterion at the end date of the IEP active on the last data date. */
    aimLine: z.nullable(monitoringLine),
    /** The least-squares line over the first to the last data date (for the charts); null before there is a trend. */
    trendLine: z.nullable(monitoringLine),
    /** What the status rests on, in words ('Based on 7 sessions over 9 weeks'). */
    basis: z.string(),
  }),
);
export type GoalMonitoring = z.infer<typeof goalMonitoring>;

const DAY_MS = 86_400_000;
/** Days from `from` to `to` (both `YYYY-MM-DD`), negative when `to` is earlier. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The line's height on `date` (extended past its ends as the same straight line). */
export function lineValueAt(line: MonitoringLine, date: string): number {
  const span = daysBetween(line.from.date, line.to.date);
  if (span === 0) return line.to.accuracy;
  return line.from.accuracy + ((line.to.accuracy - line.from.accuracy) * daysBetween(line.from.date, date)) / span;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Mar 3, 2027' from 2027-03-03, with no time zone involved (the date is already the school day). */
export function longDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${MONTHS[m! - 1]} ${d}, ${y}`;
}

/** 'Projected to reach the criterion on Mar 3, 2027' or 'Not projected'. */
export function projectionText(monitoring: Pick<GoalMonitoring, 'projectedDate'>): string {
  return monitoring.projectedDate ? `Projected to reach the criterion on ${longDate(monitoring.projectedDate)}` : 'Not projected';
}

/** One sentence for a screen reader and the goal card: status, basis, slope and projection. */
export function monitoringText(monitoring: GoalMonitoring): string {
  const parts = [`${monitoringStatusLabels[monitoring.status]}. ${monitoring.basis}.`];
  if (monitoring.slopePerWeek !== null) {
    const sign = monitoring.slopePerWeek > 0 ? '+' : '';
    parts.push(`Trend ${sign}${monitoring.slopePerWeek} points a week. ${projectionText(monitoring)}.`);
  }
  return parts.join(' ');
}

/**
 * The trend line's and the aim line's heights on each of a chart's session dates (one decimal; null
 * where the goal has no such line): what every goal chart draws, the Reports figure's ECharts option
 * (goal-chart.ts) and the client page's small chart alike, so both draw the same lines.
 */
export function monitoringSeries(monitoring: GoalMonitoring | null | undefined, dates: readonly string[]): { trend: (number | null)[]; aim: (number | null)[] } {
  const along = (line: MonitoringLine | null | undefined) => dates.map((date) => (line ? Math.round(lineValueAt(line, date) * 10) / 10 : null));
  return { trend: along(monitoring?.trendLine), aim: along(monitoring?.aimLine) };
}
