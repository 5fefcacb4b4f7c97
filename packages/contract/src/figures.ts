/**
 * A goal's figures, computed one way for every screen, note and report (spec part 4 §1.6):
 *
 * - criterion accuracy: correct trials at or below the goal's `criterionMaxCue` ÷ all trials (every
 *   correct trial without a highest cue level). This is the accuracy held against the criterion
 *   on charts, in `criterionMet` and in notes; a goal without a highest cue level gets plain
 *   accuracy from the same function.
 * - independence: correct trials with no cue ÷ all trials, over the rows scored trial by trial
 *   (rows saved as counts only carry no cue levels and are left out of it).
 *
 * Pure, with no imports beyond types, so the SPA and the server share it at no bundle cost.
 * Percentages are whole and round halves up from exact numbers: 100 × part first, so 29 of 200 is
 * 14.5 and shows as 15 (part ÷ whole × 100 would be 14.4999… and show 14).
 */
import type { CueCounts, CueLevel } from './trials.ts';
import { cueLevels } from './trials.ts';

/** What the figures read of a progress row: its counts, and per cue level when it was scored trial by trial. */
export interface TrialTally {
  successfulAttempts: number;
  totalAttempts: number;
  independentCorrect?: number;
  correctByCue?: CueCounts;
}

/** round(100 × part ÷ whole), halves up; 0 when there is no whole. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((100 * part) / whole) : 0);

/** Rows scored trial by trial: they know the cue level of each correct trial. */
export const scoredByCue = <R extends TrialTally>(row: R): row is R & Required<Pick<TrialTally, 'independentCorrect' | 'correctByCue'>> =>
  row.independentCorrect !== undefined && row.correctByCue !== undefined;

/**
 * Correct trials a criterion counts in a row: every correct one without a highest cue level, else
 * those at or below it. A row saved as counts only has no cue levels, so under a highest cue level
 * it counts none: meeting the target is never claimed on data that cannot show it.
 */
export function criterionCorrect(row: TrialTally, maxCue: CueLevel | undefined): number {
  if (!maxCue) return row.successfulAttempts;
  if (!row.correctByCue) return 0;
  const counted = cueLevels.slice(0, cueLevels.indexOf(maxCue) + 1);
  return counted.reduce((sum, level) => sum + (row.correctByCue?.[level] ?? 0), 0);
}

const totalOf = (rows: readonly TrialTally[]) => rows.reduce((n, r) => n + r.totalAttempts, 0);

/** The criterion's accuracy of these rows pooled (one row: one session), whole percent; null without trials. */
export function criterionAccuracy(rows: readonly TrialTally[], maxCue: CueLevel | undefined): number | null {
  const total = totalOf(rows);
  return total > 0 ? percentOf(rows.reduce((n, r) => n + criterionCorrect(r, maxCue), 0), total) : null;
}

/** Independent correct ÷ all trials of the rows scored trial by trial, whole percent; null when none was. */
export function independence(rows: readonly TrialTally[]): number | null {
  const scored = rows.filter(scoredByCue);
  const total = totalOf(scored);
  return total > 0 ? percentOf(scored.reduce((n, r) => n + r.independentCorrect, 0), total) : null;
}

/**
 * Correct trials per cue level of the rows scored trial by trial, each as a share of all their
 * trials, most frequent first (ties: least support first); levels with none are left out. Its
 * independent share is `independence` itself, so the mix and the text cannot disagree.
 */
export function correctByCueMix(rows: readonly TrialTally[]): { cue: CueLevel; trials: number; percent: number }[] {
  const scored = rows.filter(scoredByCue);
  const total = totalOf(scored);
  return cueLevels
    .map((cue) => ({ cue, trials: scored.reduce((n, r) => n + (r.correctByCue[cue] ?? 0), 0) }))
    .filter((c) => c.trials > 0)
    .sort((a, b) => b.trials - a.trials)
    .map((c) => ({ ...c, percent: percentOf(c.trials, total) }));
}
