import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { caseloadCounterUpdates, mergeUpdates } from '../counters.ts';
import { db, queryPartition, transact } from '../db.ts';
import type { GoalItem } from '../items.ts';
import { keys, sortKeys } from '../keys.ts';
import { tableName } from '../table.ts';
import { eachInPool } from '../concurrency.ts';

/** What the client's GSI1 partition holds: goals, progress rows and progress notes, each keyed on the table. */
interface ChildRecord {
  PK: string;
  SK: string;
  GSI1SK: string;
  status?: GoalItem['status'];
}

const isGoal = (r: ChildRecord) => sortKeys.isGoal(r.GSI1SK);

function clientChildren(accountId: string, clientId: string, prefix?: string) {
  return queryPartition<ChildRecord>({ index: 'GSI1', pk: keys.clientChildren(accountId, clientId), skPrefix: prefix });
}

/** How many of a client's goals are active: they leave the Active Goals count when it is archived. */
export async function countActiveGoals(accountId: string, clientId: string): Promise<number> {
  const goals = await clientChildren(accountId, clientId, sortKeys.goals());
  return goals.filter((g) => g.status === 'active').length;
}

/**
 * After a client moved to another organization, its goals, progress rows and progress notes carry
 * the new organizationId too (they keep a copy so organization limits apply to account-wide
 * lists), and its active goals are counted under the new organization. Each active goal moves with
 * its counters in one transaction, so the counts stay right if this stops half way.
 */
export async function moveClientRecords(accountId: string, clientId: string, from: string | undefined, to: string | undefined, at: string) {
  const records = await clientChildren(accountId, clientId);
  await eachInPool(records, (r) => moveRecord(accountId, r, from, to, at), MOVE_CONCURRENCY);
}

/** Parallel writes per step: enough to move a long history quickly without a burst of throttling. */
const MOVE_CONCURRENCY = 10;

async function moveRecord(accountId: string, record: ChildRecord, from: string | undefined, to: string | undefined, at: string) {
  const update = {
    Key: { PK: record.PK, SK: record.SK },
    UpdateExpression: to === undefined ? 'REMOVE organizationId' : 'SET organizationId = :to',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: to === undefined ? undefined : { ':to': to },
  };
  if (!isGoal(record) || record.status !== 'active') {
    await db().send(new UpdateCommand({ TableName: tableName(), ...update }));
    return;
  }
  const counters = mergeUpdates([
    ...caseloadCounterUpdates(accountId, from, { activeGoals: -1 }, at),
    ...caseloadCounterUpdates(accountId, to, { activeGoals: 1 }, at),
  ]);
  await transact([{ Update: update }, ...counters]);
}
