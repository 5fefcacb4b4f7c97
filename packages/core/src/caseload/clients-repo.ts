import { caseloadCounterUpdates, mergeUpdates } from '../counters.ts';
import { queryPartition, transact, type TxItem } from '../db.ts';
import type { CaseloadEntryItem, ClientItem } from '../items.ts';
import { clientNameSortKey, entity, keys } from '../keys.ts';
import { cliniciansOf, toClient } from './client-view.ts';
import { clientCountUpdate } from './organizations-repo.ts';
import { conditionFailedAt } from './tx-errors.ts';

/** Every client of the account (archived included), read consistently so a list after a write shows it. */
export function listClientItems(accountId: string): Promise<ClientItem[]> {
  const { PK, SKPrefix } = keys.clientPrefix(accountId);
  return queryPartition<ClientItem>({ pk: PK, skPrefix: SKPrefix, consistent: true });
}

const activeOf = (c: Pick<ClientItem, 'status' | 'archivedAt'> | undefined) => (c && !c.archivedAt && c.status === 'active' ? 1 : 0);

/** Thrown when the organization a client was to join was archived or removed meanwhile. */
export class OrganizationGoneError extends Error {}

const isLive = (c: ClientItem | undefined): c is ClientItem => !!c && !c.archivedAt;

/** The client as it is stored: its name-index keys while it is live (archived clients leave every name-ordered list). */
export function clientRecord(stored: ClientItem) {
  // An item read back carries its old keys: a client's keys come only from its fields here.
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, type: _type, ...fields } = stored as ClientItem & Record<string, unknown>;
  const c = fields as ClientItem;
  const live = isLive(c) ? keys.clientByName(c.accountId, c.organizationId, clientNameSortKey(c.firstName, c.lastInitial, c.id)) : {};
  return { ...keys.client(c.accountId, c.id), ...live, type: entity.client, ...c, clinicianIds: cliniciansOf(c) };
}

function caseloadEntry(c: ClientItem, clinicianId: string): CaseloadEntryItem & { PK: string; SK: string; type: string } {
  return {
    ...keys.caseloadEntry(c.accountId, clinicianId, clientNameSortKey(c.firstName, c.lastInitial, c.id)),
    type: entity.caseloadEntry,
    clinicianId,
    ...toClient(c),
  };
}

/**
 * The writes that keep each clinician's copy of the client in step: a Put per clinician of the live
 * client, a Delete per copy that no longer exists (clinician removed, name changed so the sort key
 * moved, client archived). At most 10 + 10 items.
 */
export function caseloadWrites(before: ClientItem | undefined, after: ClientItem): TxItem[] {
  const keyOf = (k: { PK: string; SK: string }) => `${k.PK}|${k.SK}`;
  const next = isLive(after) ? cliniciansOf(after).map((u) => caseloadEntry(after, u)) : [];
  const kept = new Set(next.map(keyOf));
  const previous = isLive(before) ? cliniciansOf(before).map((u) => keys.caseloadEntry(before.accountId, u, clientNameSortKey(before.firstName, before.lastInitial, before.id))) : [];
  return [
    ...previous.filter((k) => !kept.has(keyOf(k))).map((Key): TxItem => ({ Delete: { Key } })),
    ...next.map((Item): TxItem => ({ Put: { Item } })),
  ];
}

/**
 * The ConditionCheck that a user may serve a client of `organizationId`: the user item exists in
 * the client's account (the key is the account's) and is active, and is the owner, has every
 * organization (no list, or an empty one), or lists this one. A client without an organization can
 * only be served by users with every organization, as in `canSeeOrganization`.
 */
export function clinicianCheck(accountId: string, userId: string, organizationId: string | undefined): TxItem {
  const everyOrg = ['#userType = :owner', 'attribute_not_exists(#perm.#orgs)', 'size(#perm.#orgs) = :none'];
  if (organizationId) everyOrg.push('contains(#perm.#orgs, :org)');
  return {
    ConditionCheck: {
      Key: keys.user(accountId, userId),
      ConditionExpression: `#type = :user AND #active = :active AND (${everyOrg.join(' OR ')})`,
      ExpressionAttributeNames: { '#type': 'type', '#active': 'isActive', '#userType': 'userType', '#perm': 'permissions', '#orgs': 'allowedOrganizationIds' },
      ExpressionAttributeValues: { ':user': entity.user, ':active': true, ':owner': 'owner', ':none': 0, ...(organizationId ? { ':org': organizationId } : {}) },
    },
  };
}

/**
 * The clinicians a write must prove: every one of a new client, the added ones of an edit, and all
 * of them when the client moves to another organization (they must be able to see the new one).
 * Clinicians already assigned stay valid through other edits, so a colleague deactivated since does
 * not block editing the client.
 */
export function cliniciansToCheck(before: ClientItem | undefined, after: ClientItem): string[] {
  if (!isLive(after)) return [];
  const now = cliniciansOf(after);
  if (!before || before.organizationId !== after.organizationId) return now;
  const had = new Set(cliniciansOf(before));
  return now.filter((u) => !had.has(u));
}

/** Thrown when one of the extra writes of writeClientChange failed its condition. */
export class ExtraConditionError extends Error {}

/** Thrown when a clinician's check failed: inactive, not in the account, or outside the client's organization. */
export class ClinicianRefusedError extends Error {}

/**
 * Writes a client change with everything that counts it, in one transaction: the organizations'
 * clientCount (joining one requires it to be live), the dashboard counters, each clinician's
 * caseload copy, and a check of every clinician the change must prove. `before` undefined
 * means a new client; `after.archivedAt` set means it leaves every count and list.
 * `activeGoalsLeaving` are the client's active goals, which stop counting when it is archived.
 */
export async function writeClientChange(before: ClientItem | undefined, after: ClientItem, activeGoalsLeaving = 0, extra: TxItem[] = []): Promise<void> {
  const { accountId } = after;
  const put: TxItem = {
    Put: {
      Item: clientRecord(after),
      // A concurrent edit would make the counter deltas wrong: the write must follow the version read.
      ConditionExpression: before ? 'updatedAt = :prev AND attribute_not_exists(archivedAt)' : 'attribute_not_exists(PK)',
      ExpressionAttributeValues: before ? { ':prev': before.updatedAt } : undefined,
    },
  };
  const { leave, join } = organizationMoves(before, after);
  const items: TxItem[] = [put];
  if (leave) items.push(clientCountUpdate(accountId, leave, -1));
  const joinIndex = join ? items.push(clientCountUpdate(accountId, join, 1)) - 1 : -1;
  items.push(
    ...mergeUpdates([
      ...caseloadCounterUpdates(accountId, before?.organizationId, { activeClients: -activeOf(before), activeGoals: -activeGoalsLeaving }, after.updatedAt),
      ...caseloadCounterUpdates(accountId, after.organizationId, { activeClients: activeOf(after), clientsAdded: before ? 0 : 1 }, after.updatedAt),
    ]),
  );
  const firstCheck = items.length;
  const checks = cliniciansToCheck(before, after).map((u) => clinicianCheck(accountId, u, after.organizationId));
  items.push(...checks, ...caseloadWrites(before, after));
  // Writes that belong to the change (a roster entry's link to its new client), all or nothing with it.
  const firstExtra = items.length;
  items.push(...extra);
  try {
    await transact(items);
  } catch (e) {
    if (joinIndex >= 0 && conditionFailedAt(e, joinIndex)) throw new OrganizationGoneError('organization gone');
    if (extra.some((_, i) => conditionFailedAt(e, firstExtra + i))) throw new ExtraConditionError('extra write refused');
    // A lost race on the client itself (index 0) is a conflict, whatever else failed with it.
    if (!conditionFailedAt(e, 0) && checks.some((_, i) => conditionFailedAt(e, firstCheck + i))) throw new ClinicianRefusedError('clinician refused');
    throw e;
  }
}

/** The organizations whose clientCount changes: left (moved away or archived) and joined. */
function organizationMoves(before: ClientItem | undefined, after: ClientItem): { leave?: string; join?: string } {
  const wasIn = before && !before.archivedAt ? before.organizationId : undefined;
  const isIn = after.archivedAt ? undefined : after.organizationId;
  return wasIn === isIn ? {} : { leave: wasIn, join: isIn };
}
