import {
  BedDouble,
  CalendarDays,
  Eye,
  FlaskConical,
  LayoutDashboard,
  Pill,
  Receipt,
  UserRound,
} from 'lucide-react';
import { AppShell } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = {
  dashboard: LayoutDashboard,
  appointments: CalendarDays,
  profile: UserRound,
  prescriptions: Pill,
  invoices: Receipt,
  results: FlaskConical,
  'hospital-stays': BedDouble,
  'record-access': Eye,
} as const;

const USER_MENU = {
  profileTo: '/patient/profile',
  links: [{ to: '/patient/profile', label: 'My Profile', icon: UserRound }],
  changePasswordTo: '/patient/change-password',
} satisfies Omit<UserMenuProps, 'securityTo'>;

export default function PatientShell() {
  return <AppShell userRole="patient" icons={ICONS} userMenu={USER_MENU} />;
}
