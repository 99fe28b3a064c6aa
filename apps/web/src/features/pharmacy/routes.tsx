import type { RouteObject } from 'react-router';
import { page } from '@/lib/lazy-route';

/** /pharmacy/* (the index is declared in app/router.tsx). Loaded when a pharmacy path is first visited. */
export const routes: RouteObject[] = [
  page('dispensing', 'Dispensing', () => import('./pages/dispensing-page')),
  page('dispensing/:id', 'Dispense', () => import('./pages/dispense-page')),
  page('stock', 'Stock', () => import('./pages/stock-page')),
  page('reports', 'Reports', () => import('./pages/reports-page')),
  page('profile', 'My Profile', () => import('./pages/profile-page')),
];
