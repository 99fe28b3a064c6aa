import type { RouteObject } from 'react-router';
import { indexPage, lazyPage, page } from '@/lib/lazy-route';
import type { RouteHandle } from '@/lib/route-handle';

/** /billing/* (the index is declared in app/router.tsx). Loaded when a billing path is first visited. */
export const routes: RouteObject[] = [
  page('dashboard', 'Dashboard', () => import('./pages/dashboard-page')),
  page('patients', 'Patients', () => import('./pages/patients-page')),
  {
    path: 'patients/:id',
    handle: { title: 'Account' } satisfies RouteHandle,
    lazy: lazyPage(() => import('./pages/account-layout')),
    children: [
      indexPage('Bill', () => import('./pages/bill-page')),
      page('payments', 'Payments', () => import('./pages/payments-page')),
      page('coverage', 'Coverage', () => import('./pages/coverage-page')),
    ],
  },
  page('claims', 'Claims', () => import('./claims/pages/claims-page')),
  page('claims/ageing', 'Claims Ageing', () => import('./claims/pages/ageing-page')),
  page('claims/:id', 'Claim', () => import('./claims/pages/claim-page')),
  page('price-lists', 'Price Lists', () => import('./pages/price-lists-page')),
  page('profile', 'My Profile', () => import('./pages/profile-page')),
];
