import type { ComponentType } from 'react';
import {
  BuildingIcon,
  CalendarIcon,
  ChartIcon,
  DashboardIcon,
  FileTextIcon,
  ShieldIcon,
  UserCogIcon,
  UsersIcon,
} from '../../components/icons.tsx';

export interface NavItem {
  label: string;
  to: string;
  icon: ComponentType;
}

/** The sidebar's entries in the spec's order. Pages check permissions themselves. */
export const navItems: readonly NavItem[] = [
  { label: 'Dashboard', to: '/', icon: DashboardIcon },
  { label: 'Clients', to: '/clients', icon: UsersIcon },
  { label: 'Sessions', to: '/sessions', icon: CalendarIcon },
  { label: 'Progress Notes', to: '/progress-notes', icon: FileTextIcon },
  { label: 'Reports', to: '/reports', icon: ChartIcon },
  { label: 'Organizations', to: '/organizations', icon: BuildingIcon },
  { label: 'User Management', to: '/users', icon: UserCogIcon },
  { label: 'Security', to: '/security', icon: ShieldIcon },
];

/** The header's section title: the entry whose path the location is in (/sessions/42 → Sessions). */
export function sectionTitle(pathname: string): string {
  const item = navItems.find(({ to }) => (to === '/' ? pathname === '/' : pathname === to || pathname.startsWith(`${to}/`)));
  return item?.label ?? '';
}
