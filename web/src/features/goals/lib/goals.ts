import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type * as z from 'zod/mini';
import type { GoalStatus } from '@caseload/contract/enums';
import { criterionAccuracy, percentOf } from '@caseload/contract/figures';
import type { Goal, ProgressPoint } from '@caseload/contract/sessions';
import { cueLevelLabels } from '@caseload/contract/trials';
import { formatIn } from '../../../lib/account-time-zone.ts';

export const goalStatusLabels: Record<GoalStatus, string> = {
  active: 'Active',
  mastered: 'Mastered',
  on_hold: 'On Hold',
  discontinued: 'Discontinued',
};

export const goalStatusPalette: Record<GoalStatus, string> = {
  active: 'blue',
  mastered: 'green',
  on_hold: 'yellow',
  discontinued: 'gray',
};

/** The toggle moves active to mastered and any other status back to active. */
export const toggledStatus = (status: GoalStatus): GoalStatus => (status === 'active' ? 'mastered' : 'active');

/** Rounded whole percent of successful over total; null when there is no total (shown as a dash). */
export function accuracy(successful: number, total: number): number | null {
  if (!Number.isFinite(successful) || !Number.isFinite(total) || total <= 0) return null;
  return percentOf(successful, total);
}

export const accuracyLabel = (value: number | null) => (value === null ? '—' : `${value}%`);

export interface AccuracyPoint {
  at: string;
  accuracy: number;
}

/**
 * A goal's criterion accuracy per recorded data point, oldest first: drawn against the criterion
 * line, so it counts what the criterion counts (part 4 §1.6), as the server's goal read does.
 */
export function accuracySeries(points: readonly ProgressPoint[], goal: Pick<Goal, 'id' | 'criterionMaxCue'>): AccuracyPoint[] {
  return points
    .filter((point) => point.goalId === goal.id && point.totalAttempts > 0)
    .sort((a, b) => Date.parse(a.recordedAt) - Date.parse(b.recordedAt))
    .map((point) => ({ at: point.recordedAt, accuracy: criterionAccuracy([point], goal.criterionMaxCue) ?? 0 }));
}

/**
 * The form's date input (yyyy-MM-dd) as the ISO instant the API takes: noon in the account's zone
 * (part 4 §1.6), so the day reads the same wherever it is shown; the browser's zone only until the
 * account has loaded.
 */
export function dateInputToIso(value: string, timeZone: string | undefined): string | undefined {
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return undefined;
  const noon = timeZone ? new TZDate(year, month - 1, day, 12, 0, 0, timeZone) : new Date(year, month - 1, day, 12);
  return Number.isNaN(noon.getTime()) ? undefined : new Date(noon.getTime()).toISOString();
}

/** A goal's date (target, mastered) as the day it is in the account's zone. */
export const isoToDateInput = (iso: string | undefined, timeZone: string | undefined) => (iso ? formatIn(iso, 'yyyy-MM-dd', timeZone) : '');

export const shortDate = (iso: string, timeZone: string | undefined) => formatIn(iso, 'MMM d, yyyy', timeZone);

/** A calendar date (yyyy-MM-dd, no time) as shown: read as that local day, never shifted by the time zone. */
export const calendarDate = (date: string) => format(new Date(`${date}T12:00:00`), 'MMM d, yyyy');

/** A form's number input: blank is absent, anything else a number for the schema to judge. */
export const numberOrAbsent = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** Validation issues keyed by their whole path ('baseline.accuracy'), as the server's 400 names them. */
export function issuesByPath(error: z.core.$ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/** The structured criterion in words: "80% in 3 consecutive sessions, counting verbal cues or less". */
export function criterionLabel(goal: Pick<Goal, 'criterionAccuracy' | 'criterionSessions' | 'criterionMaxCue'>): string | undefined {
  if (goal.criterionAccuracy === undefined || goal.criterionSessions === undefined) return undefined;
  const sessions = goal.criterionSessions === 1 ? '1 session' : `${goal.criterionSessions} consecutive sessions`;
  const maxCue = goal.criterionMaxCue;
  const cue = !maxCue ? '' : maxCue === 'independent' ? ', independent responses only' : `, counting ${cueLevelLabels[maxCue].toLowerCase()} cues or less`;
  return `${goal.criterionAccuracy}% in ${sessions}${cue}`;
}

export type GoalLike = Pick<Goal, 'name'>;
