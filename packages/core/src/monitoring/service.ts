/**
 * A client's goals as answered with their monitoring (spec part 4 §7): one read of every progress
 * row of the client (standing attributes only, of sessions the student attended), the client's IEP
 * set and the account's time zone, whatever the number of goals. The standing (`criterionMet`,
 * recent accuracy) comes from the same rows, so the status's "criterion met" is the goal card's.
 */
import type { Goal } from '@caseload/contract/sessions';
import { goalStanding } from '../goals/criterion.ts';
import { attendedProgressRows, toGoal } from '../goals/repo.ts';
import { readIepSet } from '../ieps/repo.ts';
import type { GoalItem } from '../items.ts';
import { accountTimeZone } from '../school-calendar/settings.ts';
import { sessionPoints } from './points.ts';
import { goalMonitoring } from './trend.ts';

/** The goal's structured criterion's accuracy: only with both its accuracy and its sessions. */
const structuredAccuracy = (g: GoalItem) => (g.criterionAccuracy !== undefined && g.criterionSessions !== undefined ? g.criterionAccuracy : undefined);

export async function goalsWithMonitoring(accountId: string, clientId: string, goals: readonly GoalItem[]): Promise<Goal[]> {
  if (!goals.length) return [];
  const [rows, iepSet, timeZone] = await Promise.all([attendedProgressRows(accountId, clientId), readIepSet(accountId, clientId), accountTimeZone(accountId)]);
  const ieps = Object.values(iepSet?.ieps ?? {});
  return goals.map((goal) => {
    const own = rows.filter((r) => r.goalId === goal.id);
    const standing = goalStanding(goal, own);
    const monitoring = goalMonitoring({
      points: sessionPoints(own, goal.criterionMaxCue, timeZone),
      baseline: goal.baseline,
      criterionAccuracy: structuredAccuracy(goal),
      criterionMet: standing.criterionMet,
      ieps,
    });
    return toGoal(goal, standing, monitoring);
  });
}

/** The goals the dashboard counts as at risk: active ones (mastered and discontinued goals are done). */
export const goalsAtRiskOf = (goals: readonly Goal[]) => goals.filter((g) => g.status === 'active' && g.monitoring?.status === 'at_risk').length;
