/**
 * Backfill of `signature.facts` (part 4 §1.4) on notes signed before signing copied the service
 * facts. Such a signature gets the facts of its session and client as they are at the run: a
 * signed session's date, times, type, provider and attendance could not change since signing, so
 * those are what was signed; the client's name and codes and the goals' names are the best record
 * left (edits made between the signing and this run cannot be told apart). Until it runs, readers
 * fall back to the live records for a signature without facts (service-log/lines.ts, pdf.ts).
 *
 * Idempotent: each write is conditioned on the signature still lacking facts, so a second run, or
 * one beside a signing, writes nothing twice.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, queryPartition } from '../db.ts';
import type { SessionItem } from '../items.ts';
import { keys } from '../keys.ts';
import { migrateEveryAccountOnce, type MigrationRun } from '../migrations.ts';
import { isLostRace } from '../db/conflicts.ts';
import { tableName } from '../table.ts';
import { loadServiceFacts, providerFacts } from './facts.ts';
import { inPool } from '../concurrency.ts';

export const SIGNATURE_FACTS_MIGRATION = 'signature-facts-v1';
const CONCURRENCY = 10;

/** Backfills one account's signatures; returns how many it gave facts. */
export async function backfillSignatureFacts(accountId: string): Promise<number> {
  // The account's time index holds every session; only signed ones have notes to backfill.
  const sessions = await queryPartition<SessionItem>({ index: 'GSI2', pk: keys.sessionsByTime(accountId) });
  const todo = sessions.flatMap((session) => [...(session.signedClientIds ?? [])].map((clientId) => ({ session, clientId })));
  const done = await inPool(todo, ({ session, clientId }) => backfillOne(accountId, session, clientId), CONCURRENCY);
  return done.filter(Boolean).length;
}

async function backfillOne(accountId: string, session: SessionItem, clientId: string): Promise<boolean> {
  const [{ facts, note }, provider] = await Promise.all([loadServiceFacts(accountId, session, clientId), providerFacts(accountId, session)]);
  // Users are deactivated, never deleted; a provider missing all the same leaves the live fallback.
  if (!note?.signature || note.signature.facts || !provider) return false;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.sessionNote(accountId, session.id, clientId),
        UpdateExpression: 'SET #signature.#facts = :facts',
        ConditionExpression: 'attribute_exists(#signature) AND attribute_not_exists(#signature.#facts)',
        ExpressionAttributeNames: { '#signature': 'signature', '#facts': 'facts' },
        ExpressionAttributeValues: { ':facts': { ...facts, ...provider } },
      }),
    );
    return true;
  } catch (e) {
    if (isLostRace(e)) return false;
    throw e;
  }
}

/** Backfills every account once per table (see migrations.ts). Returns the signatures updated. */
export async function migrateSignatureFacts(log: (line: string) => void = () => undefined, run: MigrationRun = {}): Promise<number> {
  const updated = await migrateEveryAccountOnce(SIGNATURE_FACTS_MIGRATION, backfillSignatureFacts, run);
  if (updated) log(`Copied the service facts into ${updated} earlier signature(s)`);
  return updated;
}
