import type { RouteObject } from 'react-router';
import { page } from '@/lib/lazy-route';

/** /lab/* (the index is declared in app/router.tsx). Loaded when a lab path is first visited. */
export const routes: RouteObject[] = [
  page('worklist', 'Worklist', () => import('./pages/worklist-page')),
  page('inbox', 'Analyser Inbox', () => import('./pages/inbox-page')),
  page('orders/:id', 'Results', () => import('./pages/order-results-page')),
  page('profile', 'My Profile', () => import('./pages/profile-page')),
];
