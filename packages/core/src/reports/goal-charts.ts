/**
 * A goal's figure over a period (spec part 3 §6), computed once for the reports page and the
 * parent PDF from the goal's progress rows of that period (of sessions the student attended).
 * Each point is the criterion's accuracy and the cue-level mix is correct trials per level ÷ all
 * trials (contract figures.ts), so its Independent share is the note's independence figure.
 *
 * Status in plain words:
 * - mastered: the goal is marked mastered (or met);
 * - no data: no session of the period has data for it;
 * - progressing: the period's latest sessions (the mean of up to the last three) are above where
 *   the student started: the goal's baseline, or without one the period's first session;
 * - not yet: otherwise (including a single session and no baseline: nothing to compare with).
 */
import type { GoalChart, GoalProgressState } from '@caseload/contract/goal-chart';
import { correctByCueMix } from '@caseload/contract/figures';
import type { GoalItem, ProgressItem } from '../items.ts';
import { isMasteredStatus } from '../notes/facts.ts';
import { sessionPoints } from '../monitoring/points.ts';

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
export function goalChart(goal: Pick<GoalItem, 'status' | 'baseline' | 'criterionAccuracy' | 'criterionMaxCue'>, rows: ProgressItem[], timeZone: string): GoalChart {
  const withData = rows.filter((r) => r.totalAttempts > 0);
  const points = sessionPoints(withData, goal.criterionMaxCue, timeZone);
  return {
    points,
    criterion: goal.criterionAccuracy ?? null,
    baseline: goal.baseline ?? null,
    cueMix: correctByCueMix(withData),
    progress: progressOf(goal, points.map((p) => p.accuracy)),
  };
}
