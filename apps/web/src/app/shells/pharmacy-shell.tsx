import { ChartColumn, CircleUserRound, Package, Pill } from 'lucide-react';
import { AppShell } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = { dispensing: Pill, stock: Package, reports: ChartColumn, profile: CircleUserRound } as const;

const USER_MENU = {
  profileTo: '/pharmacy/profile',
  links: [{ to: '/pharmacy/profile', label: 'My Profile', icon: CircleUserRound }],
  changePasswordTo: '/pharmacy/change-password',
} satisfies Omit<UserMenuProps, 'securityTo'>;

export default function PharmacyShell() {
  return <AppShell userRole="pharmacist" icons={ICONS} userMenu={USER_MENU} />;
}
