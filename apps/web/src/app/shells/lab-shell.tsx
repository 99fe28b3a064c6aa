import { CircleUserRound, FlaskConical, Inbox } from 'lucide-react';
import { AppShell } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = { worklist: FlaskConical, inbox: Inbox, profile: CircleUserRound } as const;

const USER_MENU = {
  profileTo: '/lab/profile',
  links: [{ to: '/lab/profile', label: 'My Profile', icon: CircleUserRound }],
  changePasswordTo: '/lab/change-password',
} satisfies Omit<UserMenuProps, 'securityTo'>;

export default function LabShell() {
  return <AppShell userRole="lab" icons={ICONS} userMenu={USER_MENU} />;
}
