/**
 * Backfill for organizations created before names were guarded: each live one claims its name's
 * guard item (keys.organizationName), so a new organization of the same name is refused from then
 * on. Every create, rename and archive since writes or releases the guard itself.
 *
 * Idempotent and safe beside live traffic: the claim is one transaction with a check that the
 * organization is still live under the name it was read with (a rename or archive meanwhile moved
 * or released the guard itself), and a guard the organization already holds is simply rewritten.
 * Two earlier organizations with one name: the first claims it, the other stays unguarded (counted
 * in the log) until it is renamed; any edit of it must pick a free name, since edits claim the guard.
 */
import { transact, type TxItem } from '../db.ts';
import { keys } from '../keys.ts';
import { migrateEveryAccountOnce, type MigrationRun } from '../migrations.ts';
import { claimNameGuard, listOrganizationItems } from './organizations-repo.ts';
import { conditionFailedAt } from './tx-errors.ts';

export const ORGANIZATION_NAMES_MIGRATION = 'organization-name-guards-v1';

export interface NameBackfill {
  claimed: number;
  /** Live organizations whose name another organization of the account already holds. */
  duplicates: number;
}

/** Backfills one account's live organizations, oldest first (the first of a duplicated name keeps it; the same instant goes by id, so every run picks the same one). */
export async function backfillOrganizationNames(accountId: string): Promise<NameBackfill> {
  const live = (await listOrganizationItems(accountId)).filter((o) => !o.archivedAt).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const result: NameBackfill = { claimed: 0, duplicates: 0 };
  for (const org of live) {
    const stillNamed: TxItem = {
      ConditionCheck: {
        Key: keys.organization(accountId, org.id),
        ConditionExpression: 'attribute_not_exists(archivedAt) AND #name = :name',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': org.name },
      },
    };
    try {
      await transact([stillNamed, claimNameGuard(accountId, org.id, org.name)]);
      result.claimed++;
    } catch (e) {
      if (conditionFailedAt(e, 1)) result.duplicates++;
      // Renamed or archived since the listing: that write kept the guard itself.
      else if (!conditionFailedAt(e, 0)) throw e;
    }
  }
  return result;
}

/** Backfills every account once per table (see migrations.ts). Returns the guards claimed. */
export async function migrateOrganizationNames(log: (line: string) => void = () => undefined, run: MigrationRun = {}): Promise<number> {
  let duplicates = 0;
  const claimed = await migrateEveryAccountOnce(ORGANIZATION_NAMES_MIGRATION, async (accountId) => {
    const done = await backfillOrganizationNames(accountId);
    duplicates += done.duplicates;
    return done.claimed;
  }, run);
  if (claimed) log(`Guarded the names of ${claimed} earlier organization(s)`);
  if (duplicates) log(`${duplicates} earlier organization(s) share a name with another in their account: they keep it until renamed`);
  return claimed;
}
