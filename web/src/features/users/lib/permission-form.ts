import type { Permissions } from '@caseload/contract/auth';
import type { PermissionsInput } from '@caseload/contract/caseload';
import { permissionDefaults, permissionFlags, type PermissionFlag } from '@caseload/contract/enums';

/** The twelve flags the forms offer: managing users is not handed out here. */
export type EditableFlag = Exclude<PermissionFlag, 'canManageUsers'>;
export const editableFlags = permissionFlags.filter((flag): flag is EditableFlag => flag !== 'canManageUsers');

/** The flags in groups, so twelve checkboxes read as a few decisions. */
export const flagGroups: readonly { title: string; flags: readonly EditableFlag[] }[] = [
  { title: 'Clients', flags: ['canCreateClients', 'canEditClients', 'canDeleteClients'] },
  { title: 'Sessions and goals', flags: ['canCreateSessions', 'canEditSessions', 'canDeleteSessions', 'canManageGoals'] },
  { title: 'Progress notes', flags: ['canViewProgressNotes', 'canGenerateProgressNotes', 'canEditProgressNotes', 'canDeleteProgressNotes'] },
  { title: 'Reports', flags: ['canViewReports'] },
];

export interface PermissionFormValues {
  flags: Record<EditableFlag, boolean>;
  access: 'all' | 'selected';
  organizationIds: string[];
}

/** A new user may view progress notes and reports, nothing else. */
export function defaultPermissionForm(allOrganizationsAllowed: boolean): PermissionFormValues {
  const flags = Object.fromEntries(editableFlags.map((flag) => [flag, permissionDefaults[flag]])) as Record<EditableFlag, boolean>;
  return { flags, access: allOrganizationsAllowed ? 'all' : 'selected', organizationIds: [] };
}

export function permissionFormFrom(permissions: Permissions): PermissionFormValues {
  const flags = Object.fromEntries(editableFlags.map((flag) => [flag, permissions[flag]])) as Record<EditableFlag, boolean>;
  const ids = permissions.allowedOrganizationIds;
  return { flags, access: ids.length === 0 ? 'all' : 'selected', organizationIds: [...ids] };
}

export const NO_ORGANIZATION_CHOSEN = 'Choose at least one organization, or give access to all organizations.';

/**
 * The request body, or the reason there is none. An empty list means all organizations, so
 * 'selected' with none ticked must not be sent (it would widen access instead of narrowing it).
 * `canManageUsers` is not on the form: an edit keeps what the user has, a new user gets the default.
 */
export function permissionsBody(values: PermissionFormValues, canManageUsers = false): { body: PermissionsInput } | { error: string } {
  if (values.access === 'selected' && values.organizationIds.length === 0) return { error: NO_ORGANIZATION_CHOSEN };
  return {
    body: {
      ...values.flags,
      canManageUsers,
      allowedOrganizationIds: values.access === 'all' ? [] : values.organizationIds,
    },
  };
}

/** 'View reports, Create clients' for a user card; the list's summary of what the user may do. */
export function grantedLabels(permissions: Permissions, labels: Record<PermissionFlag, string>): string[] {
  return permissionFlags.filter((flag) => permissions[flag]).map((flag) => labels[flag]);
}
