import type { Client, clientInput } from '@caseload/contract/caseload';
import type * as z from 'zod/mini';
import { nowIso } from '../clock.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';
import { newId } from '../ids.ts';
import type { ClientItem } from '../items.ts';
import { getVisibleClient } from './access.ts';
import { auditChange } from './audit-events.ts';
import { byName } from './client-order.ts';
import { countActiveGoals, moveClientRecords } from './client-records.ts';
import { listClientItems, OrganizationGoneError, writeClientChange } from './clients-repo.ts';
import { assertClientOrganization, organizationError } from './organizations.ts';

type ClientFields = z.output<typeof clientInput>;

function toClient(c: ClientItem): Client {
  return {
    id: c.id,
    organizationId: c.organizationId,
    firstName: c.firstName,
    lastInitial: c.lastInitial,
    gradeLevel: c.gradeLevel,
    sessionFrequency: c.sessionFrequency,
    teacher: c.teacher,
    diagnosis: c.diagnosis,
    status: c.status,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** The user's clients: not archived, inside its organizations, by first name. */
export async function listClients(auth: AuthContext): Promise<Client[]> {
  const items = await listClientItems(auth.accountId);
  return items
    .filter((c) => !c.archivedAt && canSeeOrganization(auth, c.organizationId))
    .sort(byName)
    .map(toClient);
}

/** The form's fields, absent ones left out, so an update replaces them all. */
const formFields = (input: ClientFields) => ({
  firstName: input.firstName,
  lastInitial: input.lastInitial,
  organizationId: input.organizationId,
  gradeLevel: input.gradeLevel,
  sessionFrequency: input.sessionFrequency,
  teacher: input.teacher,
  diagnosis: input.diagnosis,
  status: input.status,
});

/** A lost race with an organization's archive reads the same as choosing a foreign one. */
async function write(before: ClientItem | undefined, after: ClientItem, activeGoalsLeaving?: number) {
  try {
    await writeClientChange(before, after, activeGoalsLeaving);
  } catch (e) {
    if (e instanceof OrganizationGoneError) throw organizationError('organizationId');
    throw e;
  }
}

export async function createClient(auth: AuthContext, input: ClientFields): Promise<Client> {
  await assertClientOrganization(auth, input.organizationId);
  const at = nowIso();
  const client: ClientItem = {
    id: newId(),
    accountId: auth.accountId,
    ...formFields(input),
    createdAt: at,
    updatedAt: at,
    createdBy: auth.userId,
    updatedBy: auth.userId,
  };
  await write(undefined, client);
  await auditChange(auth, 'client.created', { type: 'client', id: client.id }, 'Added a client');
  return toClient(client);
}

/**
 * Replaces the form fields of a visible client. Moving it to another organization needs that one to
 * be inside the user's scope too, and carries its goals, progress and notes along.
 */
export async function updateClient(auth: AuthContext, clientId: string, input: ClientFields): Promise<Client> {
  const before = await getVisibleClient(auth, clientId);
  const moved = before.organizationId !== input.organizationId;
  if (moved) await assertClientOrganization(auth, input.organizationId);
  const after: ClientItem = {
    id: before.id,
    accountId: before.accountId,
    ...formFields(input),
    createdAt: before.createdAt,
    createdBy: before.createdBy,
    updatedAt: nowIso(),
    updatedBy: auth.userId,
  };
  await write(before, after);
  if (moved) await moveClientRecords(auth.accountId, clientId, before.organizationId, after.organizationId, after.updatedAt);
  await auditChange(auth, 'client.updated', { type: 'client', id: clientId }, 'Updated a client');
  return toClient(after);
}

/** Archived clients leave every list and count; their records stay for the retention period. */
export async function archiveClient(auth: AuthContext, clientId: string): Promise<void> {
  const before = await getVisibleClient(auth, clientId);
  const at = nowIso();
  const activeGoals = await countActiveGoals(auth.accountId, clientId);
  await write(before, { ...before, archivedAt: at, updatedAt: at, updatedBy: auth.userId }, activeGoals);
  await auditChange(auth, 'client.archived', { type: 'client', id: clientId }, 'Archived a client');
}
