import type { Organization, organizationInput } from '@caseload/contract/caseload';
import type * as z from 'zod/mini';
import { now, nowIso } from '../clock.ts';
import { canSeeOrganization, organizationScope, type AuthContext } from '../context.ts';
import { readOrganizationCounts, type OrganizationCounts } from '../counters.ts';
import { BadRequestError, ConflictError, ForbiddenError, HttpError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { OrganizationItem } from '../items.ts';
import { auditChange } from './audit-events.ts';
import {
  archiveOrganizationItem,
  getOrganizationItem,
  listOrganizationItems,
  OrganizationNameTakenError,
  putNewOrganization,
  replaceOrganizationFields,
} from './organizations-repo.ts';

type OrganizationFields = z.output<typeof organizationInput>;

export const HAS_CLIENTS_MESSAGE = "Move or archive this organization's clients first";
export const NOT_YOUR_ORGANIZATION_MESSAGE = 'Choose one of your organizations';
export const ORGANIZATION_NAME_TAKEN_MESSAGE = 'An organization with this name already exists';
/** A rename or archive whose name changed under it re-reads the organization this many times. */
const RACE_ATTEMPTS = 3;

/** 409 with the message on the name field, so the form shows it under the name. */
const nameTaken = () => new HttpError(409, ORGANIZATION_NAME_TAKEN_MESSAGE, { errors: [{ path: 'name', message: ORGANIZATION_NAME_TAKEN_MESSAGE }] });
const CHANGED_MEANWHILE = 'This record was changed at the same time by another request. Please try again.';

const ZERO: OrganizationCounts = { activeClients: 0, activeGoals: 0, sessionsThisMonth: 0 };

function toOrganization(item: OrganizationItem, stats: OrganizationCounts = ZERO): Organization {
  return {
    id: item.id,
    name: item.name,
    type: item.orgType,
    address: item.address,
    phone: item.phone,
    contactPerson: item.contactPerson,
    ...(item.schoolNumber ? { schoolNumber: item.schoolNumber } : {}),
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    stats,
  };
}

/** The form's fields as stored: `type` on an item is the entity type, so the kind is `orgType`. */
const storedFields = ({ type, ...rest }: OrganizationFields) => ({ ...rest, orgType: type });

const isLive = (o: OrganizationItem | undefined): o is OrganizationItem => !!o && !o.archivedAt;

async function withStats(accountId: string, items: OrganizationItem[]): Promise<Organization[]> {
  const counts = await readOrganizationCounts(
    accountId,
    items.map((o) => o.id),
    now(),
  );
  return items.map((o) => toOrganization(o, counts.get(o.id)));
}

/** Live organizations the user may see, by name, each with its three stats. */
export async function listOrganizations(auth: AuthContext): Promise<Organization[]> {
  const items = (await listOrganizationItems(auth.accountId))
    .filter((o) => isLive(o) && canSeeOrganization(auth, o.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  return withStats(auth.accountId, items);
}

/** A live organization inside the user's scope; anything else is 404, like a foreign id. */
async function getVisibleOrganization(auth: AuthContext, orgId: string): Promise<OrganizationItem> {
  const org = await getOrganizationItem(auth.accountId, orgId);
  if (!isLive(org) || !canSeeOrganization(auth, org.id)) throw new NotFoundError('Organization');
  return org;
}

/**
 * Only a user who sees every organization may add one: for a user limited to some organizations
 * the new one would fall outside its own scope the moment it exists.
 */
export async function createOrganization(auth: AuthContext, input: OrganizationFields): Promise<Organization> {
  if (organizationScope(auth)) throw new ForbiddenError('Only users with access to all organizations can add organizations');
  const at = nowIso();
  const org: OrganizationItem = {
    id: newId(),
    accountId: auth.accountId,
    ...storedFields(input),
    clientCount: 0,
    createdAt: at,
    updatedAt: at,
    createdBy: auth.userId,
    updatedBy: auth.userId,
  };
  try {
    await putNewOrganization(org);
  } catch (e) {
    if (e instanceof OrganizationNameTakenError) throw nameTaken();
    throw e;
  }
  await auditChange(auth, 'organization.created', { type: 'organization', id: org.id }, 'Added an organization');
  return toOrganization(org);
}

export async function updateOrganization(auth: AuthContext, orgId: string, input: OrganizationFields): Promise<Organization> {
  const updated = await replaceWithName(auth, orgId, input);
  if (!updated) throw new NotFoundError('Organization');
  await auditChange(auth, 'organization.updated', { type: 'organization', id: orgId }, 'Updated an organization');
  const [withCounts] = await withStats(auth.accountId, [updated]);
  return withCounts!;
}

/** The edit with its name guard moved; a rename racing it is re-read and the edit tried again. */
async function replaceWithName(auth: AuthContext, orgId: string, input: OrganizationFields): Promise<OrganizationItem | undefined> {
  for (let attempt = 1; ; attempt++) {
    const current = await getVisibleOrganization(auth, orgId);
    try {
      const outcome = await replaceOrganizationFields(auth.accountId, orgId, current.name, { ...storedFields(input), updatedAt: nowIso(), updatedBy: auth.userId });
      if (outcome !== 'changed') return outcome;
    } catch (e) {
      if (e instanceof OrganizationNameTakenError) throw nameTaken();
      throw e;
    }
    if (attempt === RACE_ATTEMPTS) throw new ConflictError(CHANGED_MEANWHILE);
  }
}

/**
 * Archived organizations leave every list and release their name; one that still holds clients is
 * refused. A rename racing the archive is re-read and the archive tried again.
 */
export async function archiveOrganization(auth: AuthContext, orgId: string): Promise<void> {
  let outcome: Awaited<ReturnType<typeof archiveOrganizationItem>> = 'changed';
  for (let attempt = 1; outcome === 'changed'; attempt++) {
    if (attempt > RACE_ATTEMPTS) throw new ConflictError(CHANGED_MEANWHILE);
    const current = await getVisibleOrganization(auth, orgId);
    outcome = await archiveOrganizationItem(auth.accountId, orgId, current.name, nowIso(), auth.userId);
  }
  if (outcome === 'missing') throw new NotFoundError('Organization');
  if (outcome === 'has-clients') throw new ConflictError(HAS_CLIENTS_MESSAGE);
  await auditChange(auth, 'organization.archived', { type: 'organization', id: orgId }, 'Archived an organization');
}

/**
 * A client may be placed only in a live organization of the account that the user may see; a user
 * limited to some organizations cannot leave a client without one (it would vanish from its view).
 */
export async function assertClientOrganization(auth: AuthContext, orgId: string | undefined): Promise<void> {
  const ok = orgId === undefined ? !organizationScope(auth) : canSeeOrganization(auth, orgId) && isLive(await getOrganizationItem(auth.accountId, orgId));
  if (!ok) throw organizationError('organizationId');
}

export const organizationError = (path: string) => new BadRequestError(NOT_YOUR_ORGANIZATION_MESSAGE, [{ path, message: NOT_YOUR_ORGANIZATION_MESSAGE }]);

/** Organization ids given to a user must all be live organizations of the account. */
export async function assertAccountOrganizations(accountId: string, orgIds: string[], path: string): Promise<void> {
  if (orgIds.length === 0) return;
  const live = new Set((await listOrganizationItems(accountId)).filter(isLive).map((o) => o.id));
  if (orgIds.some((id) => !live.has(id))) throw organizationError(path);
}
