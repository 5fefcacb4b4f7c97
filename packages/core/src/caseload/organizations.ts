import type { Organization, organizationInput } from '@caseload/contract/caseload';
import type * as z from 'zod/mini';
import { now, nowIso } from '../clock.ts';
import { canSeeOrganization, organizationScope, type AuthContext } from '../context.ts';
import { readOrganizationCounts, type OrganizationCounts } from '../counters.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { OrganizationItem } from '../items.ts';
import { auditChange } from './audit-events.ts';
import {
  archiveOrganizationItem,
  getOrganizationItem,
  listOrganizationItems,
  putNewOrganization,
  replaceOrganizationFields,
} from './organizations-repo.ts';

type OrganizationFields = z.output<typeof organizationInput>;

export const HAS_CLIENTS_MESSAGE = "Move or archive this organization's clients first";
export const NOT_YOUR_ORGANIZATION_MESSAGE = 'Choose one of your organizations';

const ZERO: OrganizationCounts = { activeClients: 0, activeGoals: 0, sessionsThisMonth: 0 };

function toOrganization(item: OrganizationItem, stats: OrganizationCounts = ZERO): Organization {
  return {
    id: item.id,
    name: item.name,
    type: item.orgType,
    address: item.address,
    phone: item.phone,
    contactPerson: item.contactPerson,
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
  await putNewOrganization(org);
  await auditChange(auth, 'organization.created', { type: 'organization', id: org.id }, 'Added an organization');
  return toOrganization(org);
}

export async function updateOrganization(auth: AuthContext, orgId: string, input: OrganizationFields): Promise<Organization> {
  await getVisibleOrganization(auth, orgId);
  const updated = await replaceOrganizationFields(auth.accountId, orgId, { ...storedFields(input), updatedAt: nowIso(), updatedBy: auth.userId });
  if (!updated) throw new NotFoundError('Organization');
  await auditChange(auth, 'organization.updated', { type: 'organization', id: orgId }, 'Updated an organization');
  const [withCounts] = await withStats(auth.accountId, [updated]);
  return withCounts!;
}

/** Archived organizations leave every list; one that still holds clients is refused. */
export async function archiveOrganization(auth: AuthContext, orgId: string): Promise<void> {
  await getVisibleOrganization(auth, orgId);
  const outcome = await archiveOrganizationItem(auth.accountId, orgId, nowIso(), auth.userId);
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
