import { canSeeOrganization, type AuthContext } from '../context.ts';
import { queryPartition } from '../db.ts';
import type { ClientItem } from '../items.ts';
import { keys } from '../keys.ts';

/** Every client record of the account, archived included, whoever may see it. */
export function listAccountClients(accountId: string): Promise<ClientItem[]> {
  const { PK, SKPrefix } = keys.clientPrefix(accountId);
  return queryPartition<ClientItem>({ pk: PK, skPrefix: SKPrefix });
}

/**
 * Every client of the caller's account inside the caller's organizations: the list form of
 * getVisibleClient's rule, for the reports.
 */
export async function listVisibleClients(auth: AuthContext, opts: { includeArchived?: boolean } = {}): Promise<ClientItem[]> {
  const clients = await listAccountClients(auth.accountId);
  return clients.filter((c) => (opts.includeArchived || !c.archivedAt) && canSeeOrganization(auth, c.organizationId));
}
