import type { CurrentUser } from '@caseload/contract/auth';
import type { PermissionFlag } from '@caseload/contract/enums';
import { useCurrentUser } from './current-user.ts';

/** The account owner holds every flag; a child user holds what it was granted. */
export function hasPermission(user: CurrentUser | null | undefined, flag: PermissionFlag): boolean {
  if (!user) return false;
  return user.userType === 'owner' || user.permissions[flag];
}

/** For screens that hide what the user may not do (the server refuses it anyway). */
export function usePermission(flag: PermissionFlag): boolean {
  return hasPermission(useCurrentUser().data, flag);
}

/** A child user given a subset of organizations (an empty list means all of them). */
export function isOrganizationLimited(user: CurrentUser | null | undefined): boolean {
  return Boolean(user && user.userType !== 'owner' && user.permissions.allowedOrganizationIds.length > 0);
}
