import type { RouteObject } from 'react-router';
import { inpatientRoutes } from '@/features/inpatient/routes';
import { page } from '@/lib/lazy-route';

/** /admin/* (the index is declared in app/router.tsx). Loaded when an admin path is first visited. */
export const routes: RouteObject[] = [
  ...inpatientRoutes,
  page('dashboard', 'Admin Dashboard', () => import('./pages/dashboard-page')),
  page('doctors', 'Manage Doctors', () => import('./pages/doctors-page')),
  page('beds', 'Manage Beds', () => import('./pages/beds-page')),
  page('wards', 'Manage Wards', () => import('./pages/wards-page')),
  page('nurses', 'Manage Nurses', () => import('./pages/nurses-page')),
  page('staff', 'Manage Staff', () => import('./pages/staff-page')),
  page('lab-tests', 'Lab Tests', () => import('./pages/lab-tests-page')),
  page('formulary', 'Formulary', () => import('./pages/formulary-page')),
  page('payers', 'Payers', () => import('./pages/payers-page')),
  page('payers/:id/prices', 'Prices', () => import('./pages/payer-prices-page')),
  page('refunds', 'Refunds', () => import('./pages/refunds-page')),
  page('ambulances', 'Manage Ambulances', () => import('./pages/ambulances-page')),
  page('patients', 'Manage Patients', () => import('./pages/patients-page')),
  page('emergency-room', 'Manage Emergency Room', () => import('./pages/emergency-room-page')),
  page('queues', 'Department Queues', () => import('./pages/queues-page')),
  page('analytics', 'Operational Analytics', () => import('./pages/analytics-page')),
  page('stats', 'Stats', () => import('./pages/stats-page')),
  page('demo-requests', 'Demo Requests', () => import('./pages/demo-requests-page')),
  page('audit', 'Audit Trail', () => import('./pages/audit-page')),
  page('patients/:id', 'Patient', () => import('./pages/patient-detail-page')),
  page('appointments', 'Appointments', () => import('./pages/appointments-page')),
  page('backups', 'Backups', () => import('./pages/backups-page')),
  page('smart-apps', 'SMART Apps', () => import('./pages/smart-apps-page')),
  page('facility', 'Facility', () => import('./pages/facility-page')),
  page('profile', 'My Profile', () => import('./pages/profile-page')),
];
