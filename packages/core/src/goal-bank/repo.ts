/**
 * The account's own goal-bank templates: one item each in the account partition
 * (`ACCT#a / GTPL#<id>`), read together by one prefix Query.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { GoalType } from '@caseload/contract/enums';
import type { CueLevel } from '@caseload/contract/trials';
import { db, isConditionFailure, queryPartition } from '../db.ts';
import { entity, keys } from '../keys.ts';
import { tableName } from '../table.ts';

export interface GoalTemplateItem {
  id: string;
  accountId: string;
  name: string;
  /** The goal type (`type` is the entity type, as on every item). */
  goalType: GoalType;
  description: string;
  targetCriteria: string;
  criterionAccuracy?: number;
  criterionSessions?: number;
  criterionMaxCue?: CueLevel;
  createdAt: string;
  createdBy: string;
}

/** Every template of the account, read consistently so a template just saved is listed. */
export function accountTemplates(accountId: string): Promise<GoalTemplateItem[]> {
  const { PK, SKPrefix } = keys.goalTemplatePrefix(accountId);
  return queryPartition<GoalTemplateItem>({ pk: PK, skPrefix: SKPrefix, consistent: true });
}

/** Writes a new template; the condition keeps an id that already exists from being overwritten. */
export async function putTemplate(item: GoalTemplateItem): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.goalTemplate(item.accountId, item.id), type: entity.goalTemplate, ...item },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
}

/**
 * Deletes one of the account's templates; false when there was none with that id. The key holds the
 * account, so another account's template is simply not there.
 */
export async function deleteTemplate(accountId: string, templateId: string): Promise<boolean> {
  try {
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.goalTemplate(accountId, templateId),
        ConditionExpression: '#type = :type',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': entity.goalTemplate },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}
