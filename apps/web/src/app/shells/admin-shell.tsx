import { ADMIN_NAV } from '@carepoint/contract';
import {
  Ambulance,
  BarChart3,
  BedDouble,
  Building2,
  CalendarClock,
  ChartNoAxesCombined,
  CircleUserRound,
  DatabaseBackup,
  History,
  Hospital,
  KeyRound,
  LayoutDashboard,
  ListOrdered,
  MailQuestion,
  Siren,
  Stethoscope,
  UserRound,
  Users,
} from 'lucide-react';
import { AppShell, type ShellNavEntry } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = {
  dashboard: LayoutDashboard,
  doctors: Stethoscope,
  beds: BedDouble,
  wards: Hospital,
  nurses: UserRound,
  ambulances: Ambulance,
  patients: Users,
  queues: ListOrdered,
  analytics: ChartNoAxesCombined,
  'emergency-room': Siren,
  stats: BarChart3,
  'demo-requests': MailQuestion,
  audit: History,
  appointments: CalendarClock,
  backups: DatabaseBackup,
  'smart-apps': KeyRound,
  facility: Building2,
} satisfies Record<(typeof ADMIN_NAV)[number]['key'], ShellNavEntry['icon']>;

const NAV: ShellNavEntry[] = ADMIN_NAV.map((entry) => ({ ...entry, icon: ICONS[entry.key] }));

const USER_MENU = {
  profileTo: '/admin/profile',
  links: [{ to: '/admin/profile', label: 'My Profile', icon: CircleUserRound }],
  changePasswordTo: '/admin/change-password',
  securityTo: '/admin/security',
} satisfies UserMenuProps;

export default function AdminShell() {
  return <AppShell userRole="admin" areaLabel="Admin" nav={NAV} userMenu={USER_MENU} />;
}
