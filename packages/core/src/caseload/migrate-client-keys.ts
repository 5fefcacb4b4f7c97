/**
 * Backfill for clients written before caseloads existed: each live one gets `clinicianIds` =
 * [its creator] (how such clients already read), its name-index keys (GSI1/GSI2) and its creator's
 * caseload entry, in one transaction per client, so the paged lists, search and "My caseload" find
 * it. Every client write since writes all of these itself (clients-repo `writeClientChange`).
 *
 * Idempotent and safe beside live traffic: a client is rewritten only while it still has no
 * `clinicianIds` and the `updatedAt` it was read at, so one edited meanwhile (which wrote its own
 * keys) is left as the edit wrote it, and a second run finds nothing to do. Archived clients need
 * nothing: they are in no name index and no caseload.
 */
import { transact, type TxItem } from '../db.ts';
import type { ClientItem } from '../items.ts';
import { migrateEveryAccountOnce, type MigrationRun } from '../migrations.ts';
import { caseloadWrites, clientRecord, listClientItems } from './clients-repo.ts';
import { conditionFailedAt } from './tx-errors.ts';
import { inPool } from '../concurrency.ts';

export const CLIENT_KEYS_MIGRATION = 'client-caseload-keys-v1';
const CONCURRENCY = 10;

/** Backfills one account's clients; returns how many it updated. */
export async function backfillClientKeys(accountId: string): Promise<number> {
  const todo = (await listClientItems(accountId)).filter((c) => !c.archivedAt && c.clinicianIds === undefined);
  const done = await inPool(todo, backfillOne, CONCURRENCY);
  return done.filter(Boolean).length;
}

async function backfillOne(client: ClientItem): Promise<boolean> {
  const put: TxItem = {
    Put: {
      Item: clientRecord(client),
      ConditionExpression: 'attribute_not_exists(clinicianIds) AND updatedAt = :prev',
      ExpressionAttributeValues: { ':prev': client.updatedAt },
    },
  };
  try {
    await transact([put, ...caseloadWrites(undefined, client)]);
    return true;
  } catch (e) {
    // Changed since the listing: the write that did it wrote the keys too.
    if (conditionFailedAt(e, 0)) return false;
    throw e;
  }
}

/** Backfills every account once per table (see migrations.ts). Returns the clients updated. */
export async function migrateClientKeys(log: (line: string) => void = () => undefined, run: MigrationRun = {}): Promise<number> {
  const updated = await migrateEveryAccountOnce(CLIENT_KEYS_MIGRATION, backfillClientKeys, run);
  if (updated) log(`Gave ${updated} earlier client(s) their name keys and their creator's caseload entry`);
  return updated;
}
