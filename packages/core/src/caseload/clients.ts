import { CLINICIAN_MESSAGE, type Client, type clientInput, type createClientBody } from '@caseload/contract/caseload';
import { ROSTER_ENTRY_TAKEN } from '@caseload/contract/roster';
import type * as z from 'zod/mini';
import { nowIso } from '../clock.ts';
import type { AuthContext } from '../context.ts';
import { BadRequestError, ConflictError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { ClientItem } from '../items.ts';
import { getVisibleClient } from './access.ts';
import { auditChange } from './audit-events.ts';
import { countActiveGoals, moveClientRecords } from './client-records.ts';
import { cliniciansOf, toClient } from './client-view.ts';
import { ClinicianRefusedError, ExtraConditionError, OrganizationGoneError, writeClientChange } from './clients-repo.ts';
import type { TxItem } from '../db.ts';
import { fromRosterEntry } from '../roster/from-roster.ts';
import { refreshGoalsAtRisk } from '../monitoring/summary.ts';
import { assertClientOrganization, organizationError } from './organizations.ts';

type ClientFields = z.output<typeof clientInput>;

/** The form's fields, absent ones left out, so an update replaces them all. */
const formFields = (input: ClientFields) => ({
  firstName: input.firstName,
  lastInitial: input.lastInitial,
  organizationId: input.organizationId,
  gradeLevel: input.gradeLevel,
  sessionFrequency: input.sessionFrequency,
  teacher: input.teacher,
  diagnosis: input.diagnosis,
  icd10Codes: input.icd10Codes,
  medicaidEligible: input.medicaidEligible,
  homeLanguage: input.homeLanguage,
  status: input.status,
});

/** A lost race with an organization's archive reads the same as choosing a foreign one. */
async function write(before: ClientItem | undefined, after: ClientItem, activeGoalsLeaving?: number, extra: TxItem[] = []) {
  try {
    await writeClientChange(before, after, activeGoalsLeaving, extra);
  } catch (e) {
    if (e instanceof ExtraConditionError) throw new ConflictError(ROSTER_ENTRY_TAKEN);
    if (e instanceof OrganizationGoneError) throw organizationError('organizationId');
    if (e instanceof ClinicianRefusedError) throw new BadRequestError(CLINICIAN_MESSAGE, [{ path: 'clinicianIds', message: CLINICIAN_MESSAGE }]);
    throw e;
  }
}

/** One live client the user may see, else 404 (an archived client is gone from every screen). */
export async function getClient(auth: AuthContext, clientId: string): Promise<Client> {
  return toClient(await getVisibleClient(auth, clientId));
}

/**
 * A new client from the form, or from a district roster entry (`rosterEntryId`, part 4 §3): then
 * the name, grade and school are the entry's, and the entry is linked to the client in the same
 * transaction, on the condition that it has no client yet (409 otherwise).
 */
export async function createClient(auth: AuthContext, body: z.output<typeof createClientBody>): Promise<Client> {
  const { rosterEntryId, ...form } = body;
  const fromRoster = rosterEntryId ? await fromRosterEntry(auth, rosterEntryId) : undefined;
  const input: ClientFields = fromRoster ? { ...form, ...fromRoster.fields } : form;
  await assertClientOrganization(auth, input.organizationId);
  const at = nowIso();
  const id = newId();
  const client: ClientItem = {
    id,
    accountId: auth.accountId,
    ...formFields(input),
    createdAt: at,
    updatedAt: at,
    createdBy: auth.userId,
    updatedBy: auth.userId,
    clinicianIds: input.clinicianIds ?? [auth.userId],
  };
  await write(undefined, client, 0, fromRoster ? [fromRoster.link(id, at)] : []);
  // The first clinicians are part of the creation: its event carries their ids.
  await auditChange(auth, 'client.created', { type: 'client', id: client.id }, 'Added a client', { addedIds: cliniciansOf(client) });
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
    clinicianIds: input.clinicianIds ?? cliniciansOf(before),
  };
  await write(before, after);
  if (moved) {
    await moveClientRecords(auth.accountId, clientId, before.organizationId, after.organizationId, after.updatedAt);
    // Its goals at risk are counted under the new organization from now on (part 4 §7).
    await refreshGoalsAtRisk(auth.accountId, clientId);
  }
  await auditChange(auth, 'client.updated', { type: 'client', id: clientId }, 'Updated a client');
  await auditAssignment(auth, before, after);
  return toClient(after);
}

/** Who changed a client's clinicians, and which ids came and went (ids only: no names in the audit). */
async function auditAssignment(auth: AuthContext, before: ClientItem, after: ClientItem) {
  const had = new Set(cliniciansOf(before));
  const has = new Set(cliniciansOf(after));
  const addedIds = [...has].filter((u) => !had.has(u));
  const removedIds = [...had].filter((u) => !has.has(u));
  if (addedIds.length === 0 && removedIds.length === 0) return;
  await auditChange(auth, 'client.clinicians_changed', { type: 'client', id: after.id }, "Changed a client's clinicians", { addedIds, removedIds });
}

/** Archived clients leave every list and count; their records stay for the retention period. */
export async function archiveClient(auth: AuthContext, clientId: string): Promise<void> {
  const before = await getVisibleClient(auth, clientId);
  const at = nowIso();
  const activeGoals = await countActiveGoals(auth.accountId, clientId);
  await write(before, { ...before, archivedAt: at, updatedAt: at, updatedBy: auth.userId }, activeGoals);
  await auditChange(auth, 'client.archived', { type: 'client', id: clientId }, 'Archived a client');
  // An archived student's goals leave the dashboard's 'Goals at risk' like every other count.
  await refreshGoalsAtRisk(auth.accountId, clientId);
}
