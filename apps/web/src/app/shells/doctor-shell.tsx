import { DOCTOR_NAV } from '@carepoint/contract';
import {
  CalendarClock,
  CalendarDays,
  FileText,
  FlaskConical,
  HeartPulse,
  LayoutDashboard,
  Pill,
  Receipt,
  UserPen,
  Users,
} from 'lucide-react';
import { AppShell, type ShellNavEntry } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = {
  dashboard: LayoutDashboard,
  patients: Users,
  appointments: CalendarDays,
  diagnosis: FlaskConical,
  transactions: Receipt,
  reports: FileText,
  triage: HeartPulse,
  schedule: CalendarClock,
  prescription: Pill,
} satisfies Record<(typeof DOCTOR_NAV)[number]['key'], ShellNavEntry['icon']>;

const NAV: ShellNavEntry[] = DOCTOR_NAV.map((entry) => ({ ...entry, icon: ICONS[entry.key] }));

const USER_MENU = {
  profileTo: '/doctor/settings/profile-page',
  links: [{ to: '/doctor/settings/edit-profile', label: 'Edit Profile', icon: UserPen }],
  changePasswordTo: '/doctor/settings/change-password',
  securityTo: '/doctor/security',
} satisfies UserMenuProps;

export default function DoctorShell() {
  return <AppShell userRole="doctor" areaLabel="Doctor" nav={NAV} userMenu={USER_MENU} />;
}
