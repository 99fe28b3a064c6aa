/**
 * Shell navigation: the entries each signed-in area shows, in order.
 * Shared so the web app and its browser tests name the same labels and routes.
 */
export type NavEntry = { readonly key: string; readonly label: string; readonly to: string };

export const DOCTOR_NAV = [
  { key: 'dashboard', label: 'Dashboard', to: '/doctor/dashboard' },
  { key: 'patients', label: 'Patients', to: '/doctor/patients' },
  { key: 'ward', label: 'Ward Board', to: '/doctor/ward' },
  { key: 'appointments', label: 'Appointments', to: '/doctor/appointments' },
  { key: 'diagnosis', label: 'Diagnosis', to: '/doctor/diagnosis' },
  { key: 'transactions', label: 'Transactions', to: '/doctor/transactions' },
  { key: 'reports', label: 'Reports', to: '/doctor/reports' },
  { key: 'triage', label: 'Triage', to: '/doctor/triage' },
  { key: 'schedule', label: 'Schedules', to: '/doctor/schedule' },
  { key: 'prescription', label: 'Prescription', to: '/doctor/prescription' },
] as const satisfies readonly NavEntry[];

/** The spec's admin entries first, then the screens CarePoint adds (stats, demo requests, audit, facility details). */
export const ADMIN_NAV = [
  { key: 'dashboard', label: 'Dashboard', to: '/admin/dashboard' },
  { key: 'doctors', label: 'Doctors', to: '/admin/doctors' },
  { key: 'beds', label: 'Beds', to: '/admin/beds' },
  { key: 'wards', label: 'Wards', to: '/admin/wards' },
  { key: 'ward', label: 'Ward Board', to: '/admin/ward' },
  { key: 'nurses', label: 'Nurses', to: '/admin/nurses' },
  { key: 'staff', label: 'Staff', to: '/admin/staff' },
  { key: 'lab-tests', label: 'Lab Tests', to: '/admin/lab-tests' },
  { key: 'formulary', label: 'Formulary', to: '/admin/formulary' },
  { key: 'payers', label: 'Payers', to: '/admin/payers' },
  { key: 'refunds', label: 'Refunds', to: '/admin/refunds' },
  { key: 'ambulances', label: 'Ambulances', to: '/admin/ambulances' },
  { key: 'patients', label: 'Patients', to: '/admin/patients' },
  { key: 'queues', label: 'Queues', to: '/admin/queues' },
  { key: 'analytics', label: 'Analytics', to: '/admin/analytics' },
  { key: 'emergency-room', label: 'Emergency Room', to: '/admin/emergency-room' },
  { key: 'stats', label: 'Stats', to: '/admin/stats' },
  { key: 'demo-requests', label: 'Demo Requests', to: '/admin/demo-requests' },
  { key: 'audit', label: 'Audit Trail', to: '/admin/audit' },
  { key: 'appointments', label: 'Appointments', to: '/admin/appointments' },
  { key: 'backups', label: 'Backups', to: '/admin/backups' },
  { key: 'smart-apps', label: 'SMART Apps', to: '/admin/smart-apps' },
  { key: 'facility', label: 'Facility', to: '/admin/facility' },
] as const satisfies readonly NavEntry[];

export const PATIENT_NAV = [
  { key: 'dashboard', label: 'Dashboard', to: '/patient/dashboard' },
  { key: 'appointments', label: 'Appointments', to: '/patient/appointments' },
  { key: 'prescriptions', label: 'Prescriptions', to: '/patient/prescriptions' },
  { key: 'results', label: 'Results', to: '/patient/results' },
  { key: 'hospital-stays', label: 'Hospital Stays', to: '/patient/hospital-stays' },
  { key: 'invoices', label: 'Invoices', to: '/patient/invoices' },
  { key: 'profile', label: 'Profile', to: '/patient/profile' },
  { key: 'record-access', label: 'Who opened my record', to: '/patient/record-access' },
] as const satisfies readonly NavEntry[];

/** The nurse's area: their wards and the emergency room on the dashboard, the ward board, their own profile. */
export const NURSE_NAV = [
  { key: 'dashboard', label: 'Dashboard', to: '/nurse/dashboard' },
  { key: 'ward', label: 'Ward Board', to: '/nurse/ward' },
  { key: 'profile', label: 'Profile', to: '/nurse/profile' },
] as const satisfies readonly NavEntry[];

/** The laboratory scientist's area: the worklist first (their day), the analysers' unmatched messages, their profile. */
export const LAB_NAV = [
  { key: 'worklist', label: 'Worklist', to: '/lab/worklist' },
  { key: 'inbox', label: 'Analyser Inbox', to: '/lab/inbox' },
  { key: 'profile', label: 'Profile', to: '/lab/profile' },
] as const satisfies readonly NavEntry[];

/** The pharmacist's area: the dispensing queue first (their day), the stores' stock, its reports, their profile. */
export const PHARMACY_NAV = [
  { key: 'dispensing', label: 'Dispensing', to: '/pharmacy/dispensing' },
  { key: 'stock', label: 'Stock', to: '/pharmacy/stock' },
  { key: 'reports', label: 'Reports', to: '/pharmacy/reports' },
  { key: 'profile', label: 'Profile', to: '/pharmacy/profile' },
] as const satisfies readonly NavEntry[];

/**
 * The cashier's area: their day (payments, balances, the close), the patients' accounts, the
 * payers' price lists (read only) and their profile.
 */
export const BILLING_NAV = [
  { key: 'dashboard', label: 'Dashboard', to: '/billing/dashboard' },
  { key: 'patients', label: 'Patients', to: '/billing/patients' },
  { key: 'claims', label: 'Claims', to: '/billing/claims' },
  { key: 'price-lists', label: 'Price Lists', to: '/billing/price-lists' },
  { key: 'profile', label: 'Profile', to: '/billing/profile' },
] as const satisfies readonly NavEntry[];
