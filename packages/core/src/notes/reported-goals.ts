/**
 * The goals a parent report shows: those the note itself reports (facts.ts isReported), oldest
 * first, each with its figure from the same computation as the reports page. Apart from
 * parent-report.ts so the family's report JSON carries no PDF writer.
 */
import { goalChart } from '../reports/goal-charts.ts';
import { zoneDays } from '../school-calendar/zone-days.ts';
import type { ParentReportInput } from './delivered-report.ts';
import { isReported, type Period } from './facts.ts';

/** Pure: the reported goals of the report's inputs, each with its figure. */
export function reportedGoals(input: ParentReportInput) {
  const period: Period = { start: input.note.reportingPeriodStart, end: input.note.reportingPeriodEnd };
  const bounds = zoneDays(period, input.timeZone);
  const rowsOf = (goalId: string) => input.progress.filter((p) => p.goalId === goalId);
  return input.goals
    .filter((g) => isReported(g, rowsOf(g.id).some((p) => p.totalAttempts > 0), bounds))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name))
    .map((goal) => ({ goal, chart: goalChart(goal, rowsOf(goal.id), input.timeZone) }));
}
