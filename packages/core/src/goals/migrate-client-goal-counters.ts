/**
 * Backfill of each client's own goal counters (counters.ts, `COUNTERS#CLIENT#<id>`), which "My
 * caseload" reads instead of a goal Query per student: goals written before the counters existed
 * are counted here; every goal write since carries its client's counter update itself.
 *
 * Idempotent and safe beside live traffic: per account the counters are read first and the goals
 * (a consistent Query of the account partition) after, and each client's count is put only while
 * its counter's `changes` is still the one read. A goal write between the two reads raised it, so
 * the Put is refused and that client is counted again; a goal write before the first read is in
 * the goals read after it.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { clientScope, monthKey } from '../counters.ts';
import { db, isConditionFailure, queryPartition } from '../db.ts';
import type { GoalItem } from '../items.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import { migrateEveryAccountOnce, type MigrationRun } from '../migrations.ts';
import { tableName } from '../table.ts';
import { eachInPool } from '../concurrency.ts';

export const CLIENT_GOAL_COUNTERS_MIGRATION = 'client-goal-counters-v1';

/** Rounds of recounting the clients whose goals changed during a round, before giving up (the next run resumes). */
const ATTEMPTS = 5;
const PUT_CONCURRENCY = 16;

type GoalRow = Pick<GoalItem, 'clientId' | 'status' | 'masteredDate'>;

interface Count {
  activeGoals: number;
  mastered: Record<string, number>;
}

function countByClient(goals: GoalRow[]): Map<string, Count> {
  const out = new Map<string, Count>();
  for (const g of goals) {
    const count = out.get(g.clientId) ?? { activeGoals: 0, mastered: {} };
    if (g.status === 'active') count.activeGoals++;
    if (g.status === 'mastered' && g.masteredDate) {
      const attr = `goalsMastered_${monthKey(g.masteredDate)}`;
      count.mastered[attr] = (count.mastered[attr] ?? 0) + 1;
    }
    out.set(g.clientId, count);
  }
  return out;
}

/** Counts one account's goals into their clients' counters; the counters written. */
export async function backfillClientGoalCounters(accountId: string): Promise<number> {
  const prefix = keys.counters(accountId, clientScope(''));
  let only: Set<string> | undefined;
  let written = 0;
  for (let attempt = 1; ; attempt++) {
    // The counters before the goals (see above).
    const counters = await queryPartition<{ SK: string; changes?: number }>({ pk: prefix.PK, skPrefix: prefix.SK, consistent: true });
    const goals = await queryPartition<GoalRow>({ pk: keys.goal(accountId, '').PK, skPrefix: sortKeys.goals(), consistent: true });
    const changes = new Map(counters.map((c) => [c.SK.slice(prefix.SK.length), c.changes ?? 0]));
    const counts = countByClient(goals);
    const clients = [...new Set([...changes.keys(), ...counts.keys()])].filter((id) => !only || only.has(id));
    const raced = new Set<string>();
    await eachInPool(
      clients,
      async (clientId) => {
        const count = counts.get(clientId) ?? { activeGoals: 0, mastered: {} };
        const seen = changes.get(clientId);
        try {
          await db().send(
            new PutCommand({
              TableName: tableName(),
              Item: { ...keys.counters(accountId, clientScope(clientId)), type: entity.counters, activeGoals: count.activeGoals, ...count.mastered, changes: seen ?? 0 },
              ...(seen === undefined
                ? { ConditionExpression: 'attribute_not_exists(PK)' }
                : { ConditionExpression: 'changes = :seen', ExpressionAttributeValues: { ':seen': seen } }),
            }),
          );
          written++;
        } catch (e) {
          if (!isConditionFailure(e)) throw e;
          raced.add(clientId);
        }
      },
      PUT_CONCURRENCY,
    );
    if (!raced.size) return written;
    if (attempt >= ATTEMPTS) throw new Error(`Goal counters of ${raced.size} client(s) kept changing during the backfill; run the migrations again`);
    only = raced;
  }
}

/** Backfills every account once per table (see migrations.ts). Returns the counters written. */
export async function migrateClientGoalCounters(log: (line: string) => void = () => undefined, run: MigrationRun = {}): Promise<number> {
  const written = await migrateEveryAccountOnce(CLIENT_GOAL_COUNTERS_MIGRATION, backfillClientGoalCounters, run);
  if (written) log(`Counted the goals of ${written} client(s) into their own counters`);
  return written;
}
