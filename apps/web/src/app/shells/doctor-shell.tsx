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
  Users,
} from 'lucide-react';
import { AppShell, type ShellNavEntry } from './app-shell';
import { DoctorProfileCard } from './doctor-profile-card';

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

export default function DoctorShell() {
  return <AppShell userRole="doctor" areaLabel="Doctor" nav={NAV} headerUser={<DoctorProfileCard />} />;
}
