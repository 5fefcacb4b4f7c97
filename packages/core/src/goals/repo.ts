/**
 * Goals: `ACCT#a / GOAL#g`, and on GSI1 under their client (`ACCT#a#CLIENT#c / GOAL#g`), where the
 * goals tab, the session page and the progress-note facts read them.
 */
import type { Goal } from '@caseload/contract/sessions';
import { queryPartition, transact, type TxItem } from '../db.ts';
import type { GoalItem } from '../items.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import { versionCondition } from '../sessions/conflicts.ts';
import { getItem } from '../sessions/repo.ts';

export const readGoal = (accountId: string, goalId: string) => getItem<GoalItem>(keys.goal(accountId, goalId));

/** A client's goals, oldest first (the index is eventually consistent: screens update from responses). */
export async function goalsOfClient(accountId: string, clientId: string): Promise<GoalItem[]> {
  const items = await queryPartition<GoalItem>({ index: 'GSI1', pk: keys.clientChildren(accountId, clientId), skPrefix: sortKeys.goals() });
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
    baseline: item.baseline,
    criterionAccuracy: item.criterionAccuracy,
    criterionSessions: item.criterionSessions,
    criterionMaxCue: item.criterionMaxCue,
    criterionMet: false,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

/** The goal has not changed since `before` was read: same version, same organization. */
function unchangedSince(before: GoalItem) {
  const version = versionCondition(before.version);
  const sameOrg = before.organizationId === undefined ? 'attribute_not_exists(#org)' : '#org = :org';
  return {
    ConditionExpression: `${version.ConditionExpression} AND ${sameOrg}`,
    ExpressionAttributeNames: { ...version.ExpressionAttributeNames, '#org': 'organizationId' },
    ExpressionAttributeValues:
      before.organizationId === undefined ? version.ExpressionAttributeValues : { ...version.ExpressionAttributeValues, ':org': before.organizationId },
  };
}

/**
 * Creates (no `before`), updates, or deletes (no `after`) a goal together with `alongside` (its
 * counters) in one transaction, refused when the goal changed since `before` was read.
 */
export async function writeGoalChange(accountId: string, before: GoalItem | undefined, after: GoalItem | undefined, alongside: TxItem[]) {
  if (!after) {
    await transact([{ Delete: { Key: keys.goal(accountId, before!.id), ...unchangedSince(before!) } }, ...alongside]);
    return;
  }
  const item = {
    ...after,
    ...keys.goal(accountId, after.id),
    ...keys.goalIndex(accountId, after.clientId, after.id),
    type: entity.goal,
    version: (before?.version ?? 0) + 1,
  };
  const condition = before ? unchangedSince(before) : { ConditionExpression: 'attribute_not_exists(PK)' };
  await transact([{ Put: { Item: item, ...condition } }, ...alongside]);
}
