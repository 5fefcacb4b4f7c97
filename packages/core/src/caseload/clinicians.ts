import type { Clinician } from '@caseload/contract/caseload';
import { effectivePermissions } from '../auth/login-sessions.ts';
import { listUsers, type UserItem } from '../auth/users-repo.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';

const names = new Intl.Collator(undefined, { sensitivity: 'base' });

/** The organizations a user may serve (undefined: every one). */
function scopeOf(user: UserItem): string[] | undefined {
  if (user.userType === 'owner') return undefined;
  const orgs = effectivePermissions(user).allowedOrganizationIds;
  return orgs.length === 0 ? undefined : orgs;
}

/**
 * Whether a user belongs in the list: with an organization, one who may serve its clients; without
 * one (the calendar's clinician filter), one who serves some organization the caller may see, so a
 * district manager finds every school's clinicians and a school's user only its colleagues.
 */
function belongs(user: UserItem, auth: AuthContext, organizationId: string | undefined): boolean {
  const scope = scopeOf(user);
  if (organizationId !== undefined) return scope === undefined || scope.includes(organizationId);
  return scope === undefined || scope.some((o) => canSeeOrganization(auth, o));
}

/**
 * The options of the client form's "Clinicians" (for the client's organization) and the calendar's
 * clinician filter (no organization): the account's active users, by name. An organization outside
 * the caller's own gets no options, so the list reveals nothing beyond it. With an organization this
 * is the rule the client's write checks (clients-repo `clinicianCheck`).
 */
export async function listClinicians(auth: AuthContext, organizationId: string | undefined): Promise<Clinician[]> {
  if (organizationId && !canSeeOrganization(auth, organizationId)) return [];
  const users = await listUsers(auth.accountId);
  return users
    .filter((u) => u.isActive && belongs(u, auth, organizationId))
    .sort((a, b) => names.compare(a.firstName, b.firstName) || names.compare(a.lastName, b.lastName) || a.id.localeCompare(b.id))
    .map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, role: u.role }));
}
