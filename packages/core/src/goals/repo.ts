/**
 * Goals: `ACCT#a / GOAL#g`, and on GSI1 under their client (`ACCT#a#CLIENT#c / GOAL#g`), where the
 * goals tab, the session page and the progress-note facts read them. A goal is answered with its
 * standing (recent accuracy, criterion met), computed from the client's progress rows, which sit
 * in the same GSI1 partition (`PROG#<recordedAt>#<goalId>`).
 */
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { GoalMonitoring } from '@caseload/contract/monitoring';
import type { Goal } from '@caseload/contract/sessions';
import { db, queryPartition, transact, type TxItem } from '../db.ts';
import type { GoalItem } from '../items.ts';
import { entity, keys, sortKeys } from '../keys.ts';
import { versionCondition } from '../db/conflicts.ts';
import type { Prefetched } from '../prefetch.ts';
import { getItem } from '../db/get-item.ts';
import { tableName } from '../table.ts';
import { attendedRows } from './attended.ts';
import { type CriterionRow, goalStanding, type GoalStanding, sessionsNeeded } from './criterion.ts';

export const readGoal = (accountId: string, goalId: string, pre?: Prefetched) => getItem<GoalItem>(keys.goal(accountId, goalId), pre);

/** A client's goals, oldest first (the index is eventually consistent: screens update from responses). */
export async function goalsOfClient(accountId: string, clientId: string): Promise<GoalItem[]> {
  const items = await queryPartition<GoalItem>({ index: 'GSI1', pk: keys.clientChildren(accountId, clientId), skPrefix: sortKeys.goals() });
  return items.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** A goal as answered, with its standing (goalStandings below) and, where asked for, its monitoring (core/monitoring). */
export function toGoal(item: GoalItem, standing: GoalStanding, monitoring?: GoalMonitoring | null): Goal {
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
    recentAccuracy: standing.recentAccuracy,
    criterionMet: standing.criterionMet,
    ...(monitoring === undefined ? {} : { monitoring }),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
  };
}

export type StandingRow = CriterionRow & { goalId: string; clientId: string };

/** What a standing reads of a progress row: never its trials or notes (a row may hold 500 trials). */
const STANDING_ATTRIBUTES = ['goalId', 'clientId', 'sessionId', 'recordedAt', 'successfulAttempts', 'totalAttempts', 'correctByCue'] as const;
/** Rows per page: the first page is sized to what the goals need; each next one doubles, up to this. */
const MAX_STANDING_PAGE = 200;

/** One page of the client's progress rows (standing attributes only) on GSI1, newest first. */
function progressPage(accountId: string, clientId: string, limit: number, startKey: QueryCommandOutput['LastEvaluatedKey']) {
  return db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :prog)',
      ExpressionAttributeValues: { ':pk': keys.clientChildren(accountId, clientId), ':prog': sortKeys.progress() },
      ProjectionExpression: STANDING_ATTRIBUTES.map((_, i) => `#a${i}`).join(', '),
      ExpressionAttributeNames: Object.fromEntries(STANDING_ATTRIBUTES.map((name, i) => [`#a${i}`, name])),
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: startKey,
    }),
  );
}

/**
 * Every progress row of a client (standing attributes only) of sessions the student attended:
 * what monitoring fits its trend to. A row is about a hundred bytes here, so a year of sessions
 * for all of a student's goals is a page or two.
 */
export async function attendedProgressRows(accountId: string, clientId: string): Promise<StandingRow[]> {
  const rows: StandingRow[] = [];
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const page = await progressPage(accountId, clientId, 1000, startKey);
    rows.push(...((page.Items ?? []) as StandingRow[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return attendedRows(accountId, rows);
}

/**
 * The standing of some goals of one client, from the client's progress rows read newest first on
 * GSI1, page by page only until every goal has the sessions with data its standing needs (its
 * criterion's sessions, or one for its recent accuracy) or the rows run out: a client with years
 * of sessions costs a page or two, not its history. (The index is eventually consistent: a save a
 * moment ago may be missing, as anywhere goals are listed.) Rows of sessions the student did not
 * attend are left out (goals/attended.ts).
 */
export async function goalStandings(accountId: string, clientId: string, goals: readonly GoalItem[]): Promise<Map<string, GoalStanding>> {
  const rowsOf = new Map(goals.map((g) => [g.id, [] as StandingRow[]]));
  // Sessions with data each goal still needs; a goal leaves the map once it has them.
  const stillNeeded = new Map(goals.map((g) => [g.id, sessionsNeeded(g)]));
  let limit = Math.min(MAX_STANDING_PAGE, Math.max(10, 2 * [...stillNeeded.values()].reduce((a, b) => a + b, 0)));
  let startKey: QueryCommandOutput['LastEvaluatedKey'];
  while (stillNeeded.size) {
    const page = await progressPage(accountId, clientId, limit, startKey);
    // Rows of sessions the student did not attend are no data (part 4 §1.6): left out before counting.
    for (const row of await attendedRows(accountId, (page.Items ?? []) as StandingRow[])) {
      // Rows of the client's other goals (and of deleted ones) are passed over.
      rowsOf.get(row.goalId)?.push(row);
      const needed = stillNeeded.get(row.goalId);
      if (needed === undefined || row.totalAttempts <= 0) continue;
      if (needed > 1) stillNeeded.set(row.goalId, needed - 1);
      else stillNeeded.delete(row.goalId);
    }
    startKey = page.LastEvaluatedKey;
    if (!startKey) break;
    limit = Math.min(MAX_STANDING_PAGE, limit * 2);
  }
  return new Map(goals.map((g) => [g.id, goalStanding(g, rowsOf.get(g.id)!)]));
}

/** Goals of one client as answered, each with its standing (one bounded read for all of them). */
export async function goalsWithStanding(accountId: string, clientId: string, goals: readonly GoalItem[]): Promise<Goal[]> {
  if (!goals.length) return [];
  const standings = await goalStandings(accountId, clientId, goals);
  return goals.map((g) => toGoal(g, standings.get(g.id)!));
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
