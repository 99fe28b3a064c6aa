import {
  CalendarClock,
  CalendarDays,
  FileText,
  FlaskConical,
  HeartPulse,
  LayoutDashboard,
  LayoutGrid,
  Pill,
  Receipt,
  UserPen,
  Users,
} from 'lucide-react';
import { AppShell } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = {
  dashboard: LayoutDashboard,
  ward: LayoutGrid,
  patients: Users,
  appointments: CalendarDays,
  diagnosis: FlaskConical,
  transactions: Receipt,
  reports: FileText,
  triage: HeartPulse,
  schedule: CalendarClock,
  prescription: Pill,
} as const;

const USER_MENU = {
  profileTo: '/doctor/settings/profile-page',
  links: [{ to: '/doctor/settings/edit-profile', label: 'Edit Profile', icon: UserPen }],
  changePasswordTo: '/doctor/settings/change-password',
} satisfies Omit<UserMenuProps, 'securityTo'>;

export default function DoctorShell() {
  return <AppShell userRole="doctor" icons={ICONS} userMenu={USER_MENU} />;
}
