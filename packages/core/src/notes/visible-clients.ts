import { canSeeOrganization, type AuthContext } from '../context.ts';
import { queryPartition } from '../db.ts';
import type { ClientItem } from '../items.ts';
import { keys } from '../keys.ts';

/**
 * Every client of the caller's account inside the caller's organizations: the list form of
 * getVisibleClient's rule, for the account-wide notes list and the reports.
 */
export async function listVisibleClients(auth: AuthContext, opts: { includeArchived?: boolean } = {}): Promise<ClientItem[]> {
  const { PK, SKPrefix } = keys.clientPrefix(auth.accountId);
  const clients = await queryPartition<ClientItem>({ pk: PK, skPrefix: SKPrefix });
  return clients.filter((c) => (opts.includeArchived || !c.archivedAt) && canSeeOrganization(auth, c.organizationId));
}
