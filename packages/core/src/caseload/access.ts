import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { db } from '../db.ts';
import { batchGetItems } from '../db/batch-get.ts';
import { NotFoundError } from '../errors.ts';
import type { ClientItem } from '../items.ts';
import { keys } from '../keys.ts';
import { tableName } from '../table.ts';

/**
 * The one gate to a client and everything hanging off it: the client must be in the caller's
 * account (the key says so) and inside the caller's organizations. Anything else is a 404, so
 * another tenant's ids and hidden clients look the same as ids that do not exist.
 */
export async function getVisibleClient(auth: AuthContext, clientId: string, opts: { includeArchived?: boolean } = {}): Promise<ClientItem> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: keys.client(auth.accountId, clientId) }));
  const client = res.Item as ClientItem | undefined;
  if (!client || (client.archivedAt && !opts.includeArchived) || !canSeeOrganization(auth, client.organizationId)) {
    throw new NotFoundError('Client');
  }
  return client;
}

const isVisible = (auth: AuthContext, client: ClientItem | undefined, opts: { includeArchived?: boolean }): client is ClientItem =>
  !!client && (!client.archivedAt || !!opts.includeArchived) && canSeeOrganization(auth, client.organizationId);

/** Several clients at once (one BatchGet per 100); every id must be visible, or 404. */
export async function getVisibleClients(auth: AuthContext, clientIds: string[], opts: { includeArchived?: boolean } = {}): Promise<ClientItem[]> {
  const found = await readClients(auth.accountId, clientIds);
  return [...new Set(clientIds)].map((id) => {
    const c = found.get(id);
    if (!isVisible(auth, c, opts)) throw new NotFoundError('Client');
    return c;
  });
}

/** The clients of `clientIds` the user may see (one BatchGet per 100), by id; the others are left out, not a failure. */
export async function findVisibleClients(auth: AuthContext, clientIds: string[], opts: { includeArchived?: boolean } = {}): Promise<Map<string, ClientItem>> {
  const found = await readClients(auth.accountId, clientIds);
  return new Map([...found].filter(([, c]) => isVisible(auth, c, opts)));
}

async function readClients(accountId: string, clientIds: string[]): Promise<Map<string, ClientItem>> {
  const found = await batchGetItems<ClientItem>(clientIds.map((id) => keys.client(accountId, id)));
  return new Map(found.map((c) => [c.id, c]));
}
