import type { RouteObject } from 'react-router';
import { indexPage, lazyPage, page } from '@/lib/lazy-route';
import type { RouteHandle } from '@/lib/route-handle';

/*
 * The wards' pages, the same in the nurse, doctor and admin areas: the ward board and a stay's
 * page with its tabs. Each area's routes file spreads these in; the pages read the area from
 * the signed-in user's role.
 */
export const inpatientRoutes: RouteObject[] = [
  page('ward', 'Ward board', () => import('./pages/ward-board-page')),
  page('wards/:wardId/handover', 'Handover', () => import('./notes/handover-page')),
  {
    path: 'stays/:stayId',
    handle: { title: 'Stay' } satisfies RouteHandle,
    lazy: lazyPage(() => import('./pages/stay-layout')),
    children: [
      indexPage('Stay', () => import('./pages/stay-overview-page')),
      page('observations', 'Observations', () => import('./observations/observations-page')),
      page('medication', 'Medication', () => import('./medication/medication-page')),
      page('notes', 'Notes', () => import('./notes/notes-page')),
      page('discharge', 'Discharge summary', () => import('./discharge/discharge-page')),
    ],
  },
];
