import type { RouteObject } from 'react-router';
import { page } from '@/lib/lazy-route';

/** /billing/* (the index is declared in app/router.tsx). Loaded when a billing path is first visited. */
export const routes: RouteObject[] = [
  page('price-lists', 'Price Lists', () => import('./pages/price-lists-page')),
  // A patient's Bill: the index tab of the account layout once it lands (the lead wires it under it).
  page('patients/:id', 'Bill', () => import('./pages/bill-page')),
  page('profile', 'My Profile', () => import('./pages/profile-page')),
];
