import type { Client, ClientPage } from '@caseload/contract/caseload';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { cursorBinding, INVALID_CURSOR, openCursor, sealCursor } from '../cursor.ts';
import { queryPartition } from '../db.ts';
import { BadRequestError } from '../errors.ts';
import type { CaseloadEntryItem } from '../items.ts';
import { clientNameSortKey, keys, sortKeys } from '../keys.ts';
import { caseloadOwner, planList, readPage, type ClientsQuery, type ListedClient } from './client-lists.ts';
import { byName } from './client-order.ts';
import { toClient } from './client-view.ts';
import { listClientItems } from './clients-repo.ts';

/**
 * The clients the caller may see (not archived, inside its organizations), filtered. With `limit`
 * one page in name-key order and a cursor to the next; without it the whole filtered list sorted
 * by name with the shared collator, as the list answered before paging existed.
 */
export async function listClients(auth: AuthContext, q: ClientsQuery): Promise<Client[] | ClientPage> {
  if (q.limit === undefined) {
    // A cursor belongs to a paged list: alone it would silently answer everything.
    if (q.cursor !== undefined) throw new BadRequestError(INVALID_CURSOR, [{ path: 'cursor', message: INVALID_CURSOR }]);
    return (await listAll(auth, q)).sort(byName).map(toClient);
  }
  const prefix = sortKeys.clientNamePrefix(q.search);
  const binding = cursorBinding({
    accountId: auth.accountId,
    userId: auth.userId,
    assignedTo: q.assignedTo,
    status: q.status,
    organizationId: q.organizationId,
    gradeLevel: q.gradeLevel,
    search: prefix,
  });
  const position = q.cursor === undefined ? undefined : openCursor(binding, q.cursor);
  const plan = planList(auth, q);
  if (!plan) return { items: [] };
  const page = await readPage(auth.accountId, plan, prefix, position, q.limit);
  return { items: page.items.map(toClient), ...(page.next ? { nextCursor: sealCursor(binding, page.next) } : {}) };
}

/** The whole filtered list, read consistently (a list right after a write shows it). */
async function listAll(auth: AuthContext, q: ClientsQuery): Promise<ListedClient[]> {
  const owner = caseloadOwner(auth, q.assignedTo);
  const items: ListedClient[] = owner
    ? await queryPartition<CaseloadEntryItem>({ pk: keys.caseload(auth.accountId, owner), consistent: true })
    : (await listClientItems(auth.accountId)).filter((c) => !c.archivedAt);
  const prefix = sortKeys.clientNamePrefix(q.search);
  return items.filter(
    (c) =>
      canSeeOrganization(auth, c.organizationId) &&
      (!q.organizationId || c.organizationId === q.organizationId) &&
      (!q.status || c.status === q.status) &&
      (!q.gradeLevel || c.gradeLevel === q.gradeLevel) &&
      clientNameSortKey(c.firstName, c.lastInitial, c.id).startsWith(prefix),
  );
}
