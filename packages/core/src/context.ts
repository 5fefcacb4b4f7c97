import type { Permissions } from '@caseload/contract/auth';
import type { Role, UserType } from '@caseload/contract/enums';

/** Who is asking: built by the pipeline from the login session, never from the request body. */
export interface AuthContext {
  accountId: string;
  userId: string;
  role: Role;
  userType: UserType;
  permissions: Permissions;
  firstName: string;
  lastName: string;
  /** Hash of the login-session token, so sign-out and 2FA changes can end this session. */
  sessionHash: string;
}

/** Facts about the HTTP request that services may record (audit, trusted devices), never trust. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  cookies: Record<string, string>;
}

/** Organizations a user may see: undefined means all of the account's organizations. */
export function organizationScope(auth: AuthContext): Set<string> | undefined {
  if (auth.userType === 'owner') return undefined;
  const ids = auth.permissions.allowedOrganizationIds;
  return ids.length === 0 ? undefined : new Set(ids);
}

/** Whether a client (by its organization) lies within the user's organizations. */
export function canSeeOrganization(auth: AuthContext, organizationId: string | undefined): boolean {
  const scope = organizationScope(auth);
  if (!scope) return true;
  return organizationId !== undefined && scope.has(organizationId);
}
