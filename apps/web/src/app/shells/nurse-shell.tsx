import { CircleUserRound, LayoutDashboard, LayoutGrid } from 'lucide-react';
import { AppShell } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = { dashboard: LayoutDashboard, ward: LayoutGrid, profile: CircleUserRound } as const;

const USER_MENU = {
  profileTo: '/nurse/profile',
  links: [{ to: '/nurse/profile', label: 'My Profile', icon: CircleUserRound }],
  changePasswordTo: '/nurse/change-password',
} satisfies Omit<UserMenuProps, 'securityTo'>;

export default function NurseShell() {
  return <AppShell userRole="nurse" icons={ICONS} userMenu={USER_MENU} />;
}
