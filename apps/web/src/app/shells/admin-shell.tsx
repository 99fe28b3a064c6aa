import {
  Ambulance,
  BarChart3,
  BedDouble,
  Building2,
  CalendarClock,
  ChartNoAxesCombined,
  CircleUserRound,
  DatabaseBackup,
  FlaskConical,
  History,
  Hospital,
  IdCard,
  KeyRound,
  Landmark,
  LayoutDashboard,
  LayoutGrid,
  ListOrdered,
  MailQuestion,
  Pill,
  Siren,
  Stethoscope,
  Undo2,
  UserRound,
  Users,
} from 'lucide-react';
import { AppShell } from './app-shell';
import type { UserMenuProps } from './user-menu';

const ICONS = {
  dashboard: LayoutDashboard,
  doctors: Stethoscope,
  beds: BedDouble,
  wards: Hospital,
  ward: LayoutGrid,
  nurses: UserRound,
  staff: IdCard,
  'lab-tests': FlaskConical,
  formulary: Pill,
  payers: Landmark,
  refunds: Undo2,
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
} as const;

const USER_MENU = {
  profileTo: '/admin/profile',
  links: [{ to: '/admin/profile', label: 'My Profile', icon: CircleUserRound }],
  changePasswordTo: '/admin/change-password',
} satisfies Omit<UserMenuProps, 'securityTo'>;

export default function AdminShell() {
  return <AppShell userRole="admin" icons={ICONS} userMenu={USER_MENU} />;
}
