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
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPartition } from '../db.ts';
import type { SessionItem } from '../items.ts';
import { keys } from '../keys.ts';
import { migrateEveryAccountOnce, type MigrationRun } from '../migrations.ts';
import { tableName } from '../table.ts';
import { isLostRace } from '../db/conflicts.ts';
import { inPool } from '../concurrency.ts';

export const SESSION_PROVIDER_MIGRATION = 'session-provider-v1';
const CONCURRENCY = 10;

type StoredSession = SessionItem & { GSI1PK?: string };

/** Backfills one account's sessions; returns how many it updated. */
export async function backfillSessionProviders(accountId: string): Promise<number> {
  // The account's time index holds every session; its whole range is read once, in pages.
  const sessions = await queryPartition<StoredSession>({ index: 'GSI2', pk: keys.sessionsByTime(accountId) });
  const todo = sessions.filter((s) => !s.GSI1PK && (s.providerId ?? s.createdBy));
  const done = await inPool(todo, (s) => backfillOne(accountId, s), CONCURRENCY);
  return done.filter(Boolean).length;
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


/** Backfills every account once per table (see migrations.ts). Returns the sessions updated. */
export async function migrateSessionProviders(log: (line: string) => void = () => undefined, run: MigrationRun = {}): Promise<number> {
  const updated = await migrateEveryAccountOnce(SESSION_PROVIDER_MIGRATION, backfillSessionProviders, run);
  if (updated) log(`Gave ${updated} earlier session(s) their provider (the creator)`);
  return updated;
}
