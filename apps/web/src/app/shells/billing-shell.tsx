import { CircleUserRound, FileStack, ReceiptText } from 'lucide-react';
import { AppShell } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = { claims: FileStack, 'price-lists': ReceiptText, profile: CircleUserRound } as const;

const USER_MENU = {
  profileTo: '/billing/profile',
  links: [{ to: '/billing/profile', label: 'My Profile', icon: CircleUserRound }],
  changePasswordTo: '/billing/change-password',
} satisfies Omit<UserMenuProps, 'securityTo'>;

export default function BillingShell() {
  return <AppShell userRole="cashier" icons={ICONS} userMenu={USER_MENU} />;
}
