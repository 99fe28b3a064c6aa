import type { RouteObject } from 'react-router';
import { page } from '@/lib/lazy-route';

/** /patient/* (the index is declared in app/router.tsx). Loaded when a patient path is first visited. */
export const routes: RouteObject[] = [
  page('dashboard', 'Patient Dashboard', () => import('./pages/dashboard-page')),
  page('appointments', 'My Appointments', () => import('./pages/appointments-page')),
  page('profile', 'My Profile', () => import('./pages/profile-page')),
  page('invoices', 'My Invoices', () => import('./pages/invoices-page')),
  page('prescriptions', 'My Prescriptions', () => import('./pages/prescriptions-page')),
  page('results', 'My Results', () => import('./pages/results-page')),
  page('hospital-stays', 'My Hospital Stays', () => import('./pages/hospital-stays-page')),
  page('record-access', 'Who opened my record', () => import('./pages/record-access-page')),
];
