import { Navigate, type RouteObject } from 'react-router';
import { inpatientRoutes } from '@/features/inpatient/routes';
import { indexPage, page, redirect } from '@/lib/lazy-route';

/** /doctor/* (the index is declared in app/router.tsx). Loaded when a doctor path is first visited. */
export const routes: RouteObject[] = [
  ...inpatientRoutes,
  page('dashboard', 'Dashboard', () => import('./pages/dashboard-page')),
  page('appointments', 'Appointments', () => import('./pages/appointments-page')),
  page('appointment/:id', 'Appointment', () => import('./pages/appointment-detail-page')),
  page('patients', 'Patient List', () => import('./pages/patients-page')),
  page('transactions', 'Transactions', () => import('./pages/transactions-page')),
  page('reports', 'Reports', () => import('./pages/reports-page')),
  page('triage', 'Triage Intake', () => import('./pages/triage-page')),
  // Matching ignores case, so this also serves the spec's /doctor/Schedule.
  page('schedule', 'Edit Schedule', () => import('./pages/schedule-page')),
  {
    path: 'prescription',
    children: [
      indexPage('Prescription', () => import('./pages/prescriptions-page')),
      page('create-prescription', 'New Prescription', () => import('./pages/create-prescription-page')),
      redirect('demo', '/doctor/prescription'),
      redirect('prescriptionn-details', '/doctor/prescription'),
      page(':id', 'Prescription Details', () => import('./pages/prescription-detail-page')),
      page(':id/edit', 'Edit Prescription', () => import('./pages/edit-prescription-page')),
    ],
  },
  {
    path: 'settings',
    children: [
      { index: true, element: <Navigate to="/doctor/settings/profile-page" replace /> },
      page('profile-page', 'Profile', () => import('./pages/profile-page')),
      page('edit-profile', 'Edit Profile', () => import('./pages/edit-profile-page')),
    ],
  },
  page('diagnosis', 'Diagnosis Test', () => import('./pages/diagnosis-page')),
  page('edit-diagnosis/:id', 'Edit Patient Diagnosis Test', () => import('./pages/edit-diagnosis-page')),
  page('new-diagnosis', 'New Patient Diagnosis Test', () => import('./pages/new-diagnosis-page')),
  page('diagnosis-category', 'Diagnosis Category', () => import('./pages/diagnosis-category-page')),
  page(
    'stays/:stayId/discharge',
    'Discharge summary',
    () => import('@/features/inpatient/discharge/discharge-page'),
  ),
  page('stays/:stayId/notes', 'Notes', () => import('../inpatient/notes/notes-page')),
  page('wards/:wardId/handover', 'Handover', () => import('../inpatient/notes/handover-page')),
];
