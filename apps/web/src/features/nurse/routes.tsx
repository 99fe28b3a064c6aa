import type { RouteObject } from 'react-router';
import { inpatientRoutes } from '@/features/inpatient/routes';
import { page } from '@/lib/lazy-route';

/** /nurse/* (the index is declared in app/router.tsx). Loaded when a nurse path is first visited. */
export const routes: RouteObject[] = [
  ...inpatientRoutes,
  page('dashboard', 'Dashboard', () => import('./pages/dashboard-page')),
  page('profile', 'My Profile', () => import('./pages/profile-page')),
  page(
    'stays/:stayId/discharge',
    'Discharge summary',
    () => import('@/features/inpatient/discharge/discharge-page'),
  ),
  page('stays/:stayId/notes', 'Notes', () => import('../inpatient/notes/notes-page')),
  page('wards/:wardId/handover', 'Handover', () => import('../inpatient/notes/handover-page')),
];
