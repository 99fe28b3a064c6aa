import type { RouteObject } from 'react-router';
import { page } from '@/lib/lazy-route';

/** /billing/* (the index is declared in app/router.tsx). Loaded when a billing path is first visited. */
export const routes: RouteObject[] = [
  page('claims', 'Claims', () => import('./claims/pages/claims-page')),
  page('claims/ageing', 'Claims Ageing', () => import('./claims/pages/ageing-page')),
  page('claims/:id', 'Claim', () => import('./claims/pages/claim-page')),
  page('price-lists', 'Price Lists', () => import('./pages/price-lists-page')),
  page('profile', 'My Profile', () => import('./pages/profile-page')),
];
