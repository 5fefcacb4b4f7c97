/**
 * Backfill of the provider index for sessions written before sessions had providers: each such
 * session gets `providerId` = its creator and the GSI1 keys of its provider's week, so
 * `GET /api/sessions?providerId=…` finds it. Every session write since puts those keys itself
 * (repo.ts `sessionWrite`), so the backfill only ever has old items to fix.
 *
 * Idempotent and safe beside live traffic: an item is updated only while it still has no provider
 * index and the time it was read at, so a session edited meanwhile (which wrote its own keys) is
 * left as the edit wrote it, and a second run finds nothing to do.
 */
import { GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPartition } from '../db.ts';
import type { SessionItem } from '../items.ts';
import { entity, keys, operatorKeys } from '../keys.ts';
import { tableName } from '../table.ts';
import { isLostRace } from './conflicts.ts';

export const SESSION_PROVIDER_MIGRATION = 'session-provider-v1';
const CONCURRENCY = 10;

type StoredSession = SessionItem & { GSI1PK?: string };

/** Backfills one account's sessions; returns how many it updated. */
export async function backfillSessionProviders(accountId: string): Promise<number> {
  // The account's time index holds every session; its whole range is read once, in pages.
  const sessions = await queryPartition<StoredSession>({ index: 'GSI2', pk: keys.sessionsByTime(accountId) });
  const todo = sessions.filter((s) => !s.GSI1PK && (s.providerId ?? s.createdBy));
  let updated = 0;
  for (let i = 0; i < todo.length; i += CONCURRENCY) {
    const done = await Promise.all(todo.slice(i, i + CONCURRENCY).map((s) => backfillOne(accountId, s)));
    updated += done.filter(Boolean).length;
  }
  return updated;
}

async function backfillOne(accountId: string, s: StoredSession): Promise<boolean> {
  const providerId = (s.providerId ?? s.createdBy)!;
  const index = keys.sessionProviderIndex(accountId, providerId, s.scheduledAt, s.id);
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.session(accountId, s.id),
        UpdateExpression: 'SET providerId = :p, GSI1PK = :pk, GSI1SK = :sk',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI1PK) AND scheduledAt = :at',
        ExpressionAttributeValues: { ':p': providerId, ':pk': index.GSI1PK, ':sk': index.GSI1SK, ':at': s.scheduledAt },
      }),
    );
    return true;
  } catch (e) {
    // Changed or deleted since the listing: the write that did it left the item right.
    if (isLostRace(e)) return false;
    throw e;
  }
}

/**
 * Every account's id, from the account items. Only the operator's one-off migration lists across
 * tenants (a Scan with the table's own credentials); no request path does.
 */
export async function* accountIds(): AsyncGenerator<string> {
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'SK = :account',
        ProjectionExpression: 'id',
        ExpressionAttributeValues: { ':account': 'ACCOUNT' },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of res.Items ?? []) yield (item as { id: string }).id;
    start = res.LastEvaluatedKey;
  } while (start);
}

/**
 * Backfills every account once per table: a marker item records a finished run, so later starts
 * cost one GetItem. Returns the sessions updated (0 when already done).
 */
export async function migrateSessionProviders(log: (line: string) => void = () => undefined): Promise<number> {
  const marker = operatorKeys.migration(SESSION_PROVIDER_MIGRATION);
  const done = await db().send(new GetCommand({ TableName: tableName(), Key: marker, ConsistentRead: true }));
  if (done.Item) return 0;
  let updated = 0;
  for await (const accountId of accountIds()) updated += await backfillSessionProviders(accountId);
  await db().send(new PutCommand({ TableName: tableName(), Item: { ...marker, type: entity.migration, finishedAt: new Date().toISOString(), updated } }));
  if (updated) log(`Gave ${updated} earlier session(s) their provider (the creator)`);
  return updated;
}
