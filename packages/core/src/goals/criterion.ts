/**
 * A goal's standing from its progress rows (spec part 3 §3): the accuracy of the last session with
 * data, and whether the structured criterion is met. Pure: goals/repo.ts reads the rows.
 *
 * A session with data is a progress row of the goal with at least one attempt (one row per session
 * and goal); sessions are ordered by the time the row records (the session's). Sessions without
 * data in between are skipped: a criterion of three consecutive sessions means the last three
 * sessions in which the goal was worked on.
 */
import { cueLevels, type CueLevel, type CriterionValues } from '@caseload/contract/trials';
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

/** round(100 × successful / total) of the newest session with data (halves round up); undefined without one. */
export function recentAccuracy(rows: readonly CriterionRow[]): number | undefined {
  const [newest] = sessionsWithData(rows);
  // 100 × successful first: whole numbers stay exact, so 29 of 200 is 14.5 and rounds to 15.
  return newest && Math.round((100 * newest.successfulAttempts) / newest.totalAttempts);
}

/**
 * Correct trials a criterion counts in a row: every correct one without a highest cue level, else
 * the correct ones at or below it. A row saved with counts only has no cue levels, so under a
 * highest cue level it counts none: mastery is never claimed on data that cannot show it.
 */
function countedCorrect(row: CriterionRow, maxCue: CueLevel | undefined): number {
  if (!maxCue) return row.successfulAttempts;
  if (!row.correctByCue) return 0;
  const counted = cueLevels.slice(0, cueLevels.indexOf(maxCue) + 1);
  return counted.reduce((sum, level) => sum + (row.correctByCue?.[level] ?? 0), 0);
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
  return recent.length === sessions && recent.every((row) => countedCorrect(row, maxCue) * 100 >= accuracy * row.totalAttempts);
}

/** Sessions with data a goal's standing needs: its criterion's sessions, or the newest one for its accuracy. */
export const sessionsNeeded = (criterion: CriterionValues) => (criterion.criterionAccuracy !== undefined && criterion.criterionSessions ? criterion.criterionSessions : 1);

export function goalStanding(criterion: CriterionValues, rows: readonly CriterionRow[]): GoalStanding {
  return { recentAccuracy: recentAccuracy(rows), criterionMet: criterionMet(criterion, rows) };
}
