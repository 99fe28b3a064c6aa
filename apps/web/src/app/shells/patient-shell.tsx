import { PATIENT_NAV } from '@carepoint/contract';
import { CalendarDays, Eye, FlaskConical, LayoutDashboard, Pill, Receipt, UserRound } from 'lucide-react';
import { AppShell, type ShellNavEntry } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = {
  dashboard: LayoutDashboard,
  appointments: CalendarDays,
  profile: UserRound,
  prescriptions: Pill,
  invoices: Receipt,
  results: FlaskConical,
  'record-access': Eye,
} satisfies Record<(typeof PATIENT_NAV)[number]['key'], ShellNavEntry['icon']>;

const NAV: ShellNavEntry[] = PATIENT_NAV.map((entry) => ({ ...entry, icon: ICONS[entry.key] }));

const USER_MENU = {
  profileTo: '/patient/profile',
  links: [{ to: '/patient/profile', label: 'My Profile', icon: UserRound }],
  changePasswordTo: '/patient/change-password',
  securityTo: '/patient/security',
} satisfies UserMenuProps;

export default function PatientShell() {
  return <AppShell userRole="patient" areaLabel="Patient" nav={NAV} userMenu={USER_MENU} />;
}
