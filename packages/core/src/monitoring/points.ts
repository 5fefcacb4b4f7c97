/**
 * A goal's sessions as points: one per progress row with attempts (one row per session and goal),
 * dated by the session's school day in the account's time zone, valued at the criterion's accuracy
 * (contract figures.ts: correct trials at or below the highest cue level ÷ all trials). The Reports
 * figure and monitoring read the same points, so the chart's dots are what the trend is fitted to.
 */
import { criterionAccuracy } from '@caseload/contract/figures';
import type { CueLevel } from '@caseload/contract/trials';
import type { CriterionRow } from '../goals/criterion.ts';
import { localDate } from '../school-calendar/dates.ts';
import type { SessionPoint } from './trend.ts';

/** The rows with attempts, oldest first, as points. */
export function sessionPoints(rows: readonly CriterionRow[], maxCue: CueLevel | undefined, timeZone: string): SessionPoint[] {
  return rows
    .filter((r) => r.totalAttempts > 0)
    .sort((a, b) => a.recordedAt.localeCompare(b.recordedAt))
    .map((r) => ({ date: localDate(r.recordedAt, timeZone), accuracy: criterionAccuracy([r], maxCue) ?? 0 }));
}
