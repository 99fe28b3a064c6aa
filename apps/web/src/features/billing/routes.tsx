import type { RouteObject } from 'react-router';
import { page } from '@/lib/lazy-route';

/** /billing/* (the index is declared in app/router.tsx). Loaded when a billing path is first visited. */
export const routes: RouteObject[] = [
  page('price-lists', 'Price Lists', () => import('./pages/price-lists-page')),
  page('profile', 'My Profile', () => import('./pages/profile-page')),
  // The Coverage tab of a patient's account (the lead puts it under the account's layout).
  page('patients/:id/coverage', 'Coverage', () => import('./pages/coverage-page')),
];
