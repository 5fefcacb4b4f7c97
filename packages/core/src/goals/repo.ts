/**
 * Goals: `ACCT#a / GOAL#g`, and on GSI1 under their client (`ACCT#a#CLIENT#c / GOAL#g`), where the
 * goals tab, the session page and the progress-note facts read them.
 */
import type { Goal } from '@caseload/contract/sessions';
import { queryPartition } from '../db.ts';
import type { GoalItem } from '../items.ts';
import { keys } from '../keys.ts';
import { getItem } from '../sessions/repo.ts';

export const readGoal = (accountId: string, goalId: string) => getItem<GoalItem>(keys.goal(accountId, goalId));

/** A client's goals, oldest first (the index is eventually consistent: screens update from responses). */
export async function goalsOfClient(accountId: string, clientId: string): Promise<GoalItem[]> {
  const items = await queryPartition<GoalItem>({ index: 'GSI1', pk: keys.clientChildren(accountId, clientId), skPrefix: 'GOAL#' });
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export function toGoal(item: GoalItem): Goal {
  return {
    id: item.id,
    clientId: item.clientId,
    name: item.name,
    type: item.goalType,
    description: item.description,
    targetCriteria: item.targetCriteria,
    targetDate: item.targetDate,
    // Rows written with the stored enumeration's word read as the screens' word.
    status: (item.status as string) === 'met' ? 'mastered' : item.status,
    masteredDate: item.masteredDate,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}
