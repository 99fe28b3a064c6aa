import { PATIENT_NAV } from '@carepoint/contract';
import { CalendarDays, FlaskConical, LayoutDashboard, Pill, Receipt, UserRound } from 'lucide-react';
import { AppShell, type ShellNavEntry } from './app-shell';

const ICONS = {
  dashboard: LayoutDashboard,
  appointments: CalendarDays,
  profile: UserRound,
  prescriptions: Pill,
  invoices: Receipt,
  results: FlaskConical,
} satisfies Record<(typeof PATIENT_NAV)[number]['key'], ShellNavEntry['icon']>;

const NAV: ShellNavEntry[] = PATIENT_NAV.map((entry) => ({ ...entry, icon: ICONS[entry.key] }));

export default function PatientShell() {
  return <AppShell userRole="patient" areaLabel="Patient" nav={NAV} />;
}
