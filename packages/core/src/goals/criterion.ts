/**
 * A goal's standing from its progress rows (spec part 3 §3): the accuracy of the last session with
 * data, and whether the structured criterion is met. Both are the criterion's accuracy (part 4
 * §1.6, contract figures.ts), so the goal card's number is the one its criterion is judged on.
 * Pure: goals/repo.ts reads the rows (of sessions the student attended).
 *
 * A session with data is a progress row of the goal with at least one attempt (one row per session
 * and goal); sessions are ordered by the time the row records (the session's). Sessions without
 * data in between are skipped: a criterion of three consecutive sessions means the last three
 * sessions in which the goal was worked on.
 */
import { criterionAccuracy, criterionCorrect } from '@caseload/contract/figures';
import type { CriterionValues } from '@caseload/contract/trials';
import type { ProgressItem } from '../items.ts';

/** What the standing reads of a row: its time, counts, and correct trials per cue level when scored live. */
export type CriterionRow = Pick<ProgressItem, 'recordedAt' | 'sessionId' | 'successfulAttempts' | 'totalAttempts' | 'correctByCue'>;

export interface GoalStanding {
  /** Whole percent of the newest session with data; absent without data. */
  recentAccuracy?: number;
  criterionMet: boolean;
}

/** Rows with at least one attempt, newest first. */
export function sessionsWithData<R extends CriterionRow>(rows: readonly R[]): R[] {
  return rows
    .filter((r) => r.totalAttempts > 0)
    .sort((a, b) => b.recordedAt.localeCompare(a.recordedAt) || b.sessionId.localeCompare(a.sessionId));
}

/** The criterion's accuracy of the newest session with data (halves round up); undefined without one. */
export function recentAccuracy(rows: readonly CriterionRow[], maxCue?: CriterionValues['criterionMaxCue']): number | undefined {
  const [newest] = sessionsWithData(rows);
  return newest && (criterionAccuracy([newest], maxCue) ?? undefined);
}

/**
 * The last `criterionSessions` sessions with data each reach `criterionAccuracy`: counted × 100 ≥
 * accuracy × total, compared in whole numbers (2 of 3 does not reach 67%). Fewer sessions with
 * data than required, or a goal without a structured criterion, is not met.
 */
export function criterionMet(criterion: CriterionValues, rows: readonly CriterionRow[]): boolean {
  const { criterionAccuracy: accuracy, criterionSessions: sessions, criterionMaxCue: maxCue } = criterion;
  if (accuracy === undefined || sessions === undefined) return false;
  const recent = sessionsWithData(rows).slice(0, sessions);
  return recent.length === sessions && recent.every((row) => criterionCorrect(row, maxCue) * 100 >= accuracy * row.totalAttempts);
}

/** Sessions with data a goal's standing needs: its criterion's sessions, or the newest one for its accuracy. */
export const sessionsNeeded = (criterion: CriterionValues) => (criterion.criterionAccuracy !== undefined && criterion.criterionSessions ? criterion.criterionSessions : 1);

export function goalStanding(criterion: CriterionValues, rows: readonly CriterionRow[]): GoalStanding {
  return { recentAccuracy: recentAccuracy(rows, criterion.criterionMaxCue), criterionMet: criterionMet(criterion, rows) };
}
