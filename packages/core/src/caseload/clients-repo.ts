import { caseloadCounterUpdates, mergeUpdates } from '../counters.ts';
import { queryPartition, transact, type TxItem } from '../db.ts';
import type { ClientItem } from '../items.ts';
import { entity, keys } from '../keys.ts';
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

/**
 * Writes a client change with everything that counts it, in one transaction: the organizations'
 * clientCount (joining one requires it to be live) and the dashboard counters. `before` undefined
 * means a new client; `after.archivedAt` set means it leaves every count. `activeGoalsLeaving` are
 * the client's active goals, which stop counting when it is archived.
 */
export async function writeClientChange(before: ClientItem | undefined, after: ClientItem, activeGoalsLeaving = 0): Promise<void> {
  const { accountId } = after;
  const put: TxItem = {
    Put: {
      Item: { ...keys.client(accountId, after.id), type: entity.client, ...after },
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
  try {
    await transact(items);
  } catch (e) {
    if (joinIndex >= 0 && conditionFailedAt(e, joinIndex)) throw new OrganizationGoneError('organization gone');
    throw e;
  }
}

/** The organizations whose clientCount changes: left (moved away or archived) and joined. */
function organizationMoves(before: ClientItem | undefined, after: ClientItem): { leave?: string; join?: string } {
  const wasIn = before && !before.archivedAt ? before.organizationId : undefined;
  const isIn = after.archivedAt ? undefined : after.organizationId;
  return wasIn === isIn ? {} : { leave: wasIn, join: isIn };
}
