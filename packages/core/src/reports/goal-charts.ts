/**
 * A goal's figure over a period (spec part 3 §6), computed once for the reports page and the
 * parent PDF from the goal's progress rows of that period.
 *
 * Status in plain words:
 * - mastered: the goal is marked mastered (or met);
 * - no data: no session of the period has data for it;
 * - progressing: the period's latest sessions (the mean of up to the last three) are above where
 *   the student started: the goal's baseline, or without one the period's first session;
 * - not yet: otherwise (including a single session and no baseline: nothing to compare with).
 */
import type { GoalChart, GoalProgressState } from '@caseload/contract/goal-chart';
import { cueLevels } from '@caseload/contract/trials';
import type { GoalItem, ProgressItem } from '../items.ts';
import { accuracyOf, isMasteredStatus } from '../notes/facts.ts';
import { localDate } from '../school-calendar/dates.ts';

const RECENT_SESSIONS = 3;

function progressOf(goal: Pick<GoalItem, 'status' | 'baseline'>, accuracies: number[]): GoalProgressState {
  if (isMasteredStatus(goal.status)) return 'mastered';
  if (accuracies.length === 0) return 'no_data';
  const recent = accuracies.slice(-RECENT_SESSIONS);
  const recentMean = recent.reduce((a, b) => a + b, 0) / recent.length;
  const start = goal.baseline?.accuracy ?? (accuracies.length > 1 ? accuracies[0]! : undefined);
  return start !== undefined && recentMean > start ? 'progressing' : 'not_yet';
}

/** Pure: the figure of one goal from its rows of the period (any order; rows without attempts are left out). */
export function goalChart(goal: Pick<GoalItem, 'status' | 'baseline' | 'criterionAccuracy'>, rows: ProgressItem[], timeZone: string): GoalChart {
  const withData = rows.filter((r) => r.totalAttempts > 0).sort((a, b) => a.recordedAt.localeCompare(b.recordedAt));
  const points = withData.map((r) => ({ date: localDate(r.recordedAt, timeZone), accuracy: accuracyOf(r.successfulAttempts, r.totalAttempts) }));
  const trialsByCue = cueLevels
    .map((cue) => ({ cue, trials: withData.reduce((n, r) => n + (r.cueCounts?.[cue] ?? 0), 0) }))
    .filter((c) => c.trials > 0);
  const totalTrials = trialsByCue.reduce((n, c) => n + c.trials, 0);
  return {
    points,
    criterion: goal.criterionAccuracy ?? null,
    baseline: goal.baseline ?? null,
    // Stable sort: equal counts keep the levels' order, least support first.
    cueMix: trialsByCue.sort((a, b) => b.trials - a.trials).map((c) => ({ ...c, percent: accuracyOf(c.trials, totalTrials) })),
    progress: progressOf(goal, points.map((p) => p.accuracy)),
  };
}
