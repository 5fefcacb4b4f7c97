import type { ComponentType } from 'react';
import type { CurrentUser } from '@caseload/contract/auth';
import type { PermissionFlag } from '@caseload/contract/enums';
import {
  BuildingIcon,
  CalendarIcon,
  ChartIcon,
  CheckCircleIcon,
  ClockIcon,
  DashboardIcon,
  FileTextIcon,
  KeyIcon,
  SchoolIcon,
  ShieldIcon,
  UploadIcon,
  UserCogIcon,
  UsersIcon,
} from '../../components/icons.tsx';
import { hasPermission, isOrganizationLimited } from '../../lib/permissions.ts';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType;
  /** Shown only to users holding this flag (the page itself also says when it is not theirs, for a typed address). */
  permission?: PermissionFlag;
  /** Shown only to the account's owner (the page says so to anyone else who types its address). */
  ownerOnly?: boolean;
  /** Shown only to users who see every organization (the owner, or a child user with no organization list). */
  districtWide?: boolean;
}

/**
 * The sidebar's entries in the spec's order. An entry whose page needs a flag hides from users
 * without it: a link that only leads to 'You don't have permission' is not a place they can go.
 */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: DashboardIcon },
  { label: 'Clients', to: '/clients', icon: UsersIcon },
  { label: 'Sessions', to: '/sessions', icon: CalendarIcon },
  { label: 'Minutes', to: '/minutes', icon: ClockIcon },
  { label: 'Progress Notes', to: '/progress-notes', icon: FileTextIcon, permission: 'canViewProgressNotes' },
  { label: 'Reports', to: '/reports', icon: ChartIcon, permission: 'canViewReports' },
  { label: 'Service log', to: '/service-log', icon: CheckCircleIcon, permission: 'canViewReports' },
  { label: 'Organizations', to: '/organizations', icon: BuildingIcon },
  { label: 'User Management', to: '/users', icon: UserCogIcon, permission: 'canManageUsers' },
  { label: 'School Calendar', to: '/school-calendar', icon: SchoolIcon, permission: 'canManageUsers' },
  { label: 'Roster import', to: '/roster-import', icon: UploadIcon, permission: 'canManageUsers', districtWide: true },
  { label: 'Security', to: '/security', icon: ShieldIcon },
  { label: 'Single sign-on', to: '/single-sign-on', icon: KeyIcon, ownerOnly: true },
];

/** The entries this user sees. */
export function visibleNavItems(user: CurrentUser): NavItem[] {
  return navItems.filter(
    ({ permission, ownerOnly, districtWide }) =>
      (!permission || hasPermission(user, permission)) && (!ownerOnly || user.userType === 'owner') && (!districtWide || !isOrganizationLimited(user)),
  );
}

/** The header's section title: the entry whose path the location is in (/sessions/42 → Sessions). */
export function sectionTitle(pathname: string): string {
  const item = navItems.find(({ to }) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)));
  return item?.label ?? '';
}
