import { CircleUserRound, FileStack, LayoutDashboard, ReceiptText, Users } from 'lucide-react';
import { AppShell } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = {
  dashboard: LayoutDashboard,
  patients: Users,
  claims: FileStack,
  'price-lists': ReceiptText,
  profile: CircleUserRound,
} as const;

const USER_MENU = {
  profileTo: '/billing/profile',
  links: [{ to: '/billing/profile', label: 'My Profile', icon: CircleUserRound }],
  changePasswordTo: '/billing/change-password',
} satisfies Omit<UserMenuProps, 'securityTo'>;

export default function BillingShell() {
  return <AppShell userRole="cashier" icons={ICONS} userMenu={USER_MENU} />;
}
