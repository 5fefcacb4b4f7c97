import type { Clinician } from '@caseload/contract/caseload';
import { effectivePermissions } from '../auth/login-sessions.ts';
import { listUsers, type UserItem } from '../auth/users-repo.ts';
import { canSeeOrganization, type AuthContext } from '../context.ts';

const names = new Intl.Collator(undefined, { sensitivity: 'base' });

/** Whether a user may serve clients of `organizationId` (undefined: clients of every organization). */
function maySee(user: UserItem, organizationId: string | undefined): boolean {
  if (user.userType === 'owner') return true;
  const orgs = effectivePermissions(user).allowedOrganizationIds;
  return orgs.length === 0 || (organizationId !== undefined && orgs.includes(organizationId));
}

/**
 * The options of the client form's "Clinicians" and the calendar's clinician filter: the account's
 * active users who may see `organizationId` (without one: users with every organization), by name.
 * An organization outside the caller's own gets no options, so the list reveals nothing beyond it.
 * The same rule is the condition the client's write checks (clients-repo `clinicianCheck`).
 */
export async function listClinicians(auth: AuthContext, organizationId: string | undefined): Promise<Clinician[]> {
  if (organizationId && !canSeeOrganization(auth, organizationId)) return [];
  const users = await listUsers(auth.accountId);
  return users
    .filter((u) => u.isActive && maySee(u, organizationId))
    .sort((a, b) => names.compare(a.firstName, b.firstName) || names.compare(a.lastName, b.lastName) || a.id.localeCompare(b.id))
    .map((u) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, role: u.role }));
}
