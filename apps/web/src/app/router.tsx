import { createBrowserRouter, Navigate, type RouteObject, useParams } from 'react-router';
import { PageSkeleton } from '@/components/ui/skeleton';
import LandingPage from '@/features/public/pages/landing-page';
import { indexPage, lazyPage, page } from '@/lib/lazy-route';
import { RouteErrorPage } from './errors/route-error-page';
import { RootLayout } from './providers';

/** The spec's older prescription paths (/prescriptions/{id}[/edit]) lead to the doctor area. */
function PrescriptionRedirect({ edit = false }: { edit?: boolean }) {
  const { id = '' } = useParams();
  return <Navigate to={`/doctor/prescription/${encodeURIComponent(id)}${edit ? '/edit' : ''}`} replace />;
}

/*
 * Each signed-in area's routes live in features/<area>/routes.tsx and are added to the
 * router the first time one of its paths is visited (React Router's patchRoutesOnNavigation),
 * so the landing page's first load does not carry every page of every area.
 */
const AREA_ROUTES: Record<string, () => Promise<{ routes: RouteObject[] }>> = {
  admin: () => import('@/features/admin/routes'),
  doctor: () => import('@/features/doctor/routes'),
  patient: () => import('@/features/patient/routes'),
  nurse: () => import('@/features/nurse/routes'),
  lab: () => import('@/features/lab/routes'),
  pharmacy: () => import('@/features/pharmacy/routes'),
  billing: () => import('@/features/billing/routes'),
};
/**
 * What every signed-in area has beside its own pages: the one Change Password page, the one
 * Security page (second factor, passkeys, sessions) at /<area>/security, and
 * "Page not found" inside the area's shell for an unknown path (a splat match still lets
 * patchRoutesOnNavigation add the area's own, more specific routes first).
 */
const areaCommon = (changePasswordPath: string): RouteObject[] => [
  page(changePasswordPath, 'Change Password', () => import('@/features/auth/pages/change-password-page')),
  page('security', 'Security', () => import('@/features/security/pages/security-page')),
  page('*', 'Page not found', () => import('./errors/area-not-found-page')),
];

const areaModules = new Map<string, Promise<{ routes: RouteObject[] }>>();

const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    // Shown while the first page's code (a lazy route or a whole area) loads: never a blank page.
    HydrateFallback: PageSkeleton,
    errorElement: <RouteErrorPage />,
    children: [
      // The landing page is in the first load; everything else is fetched when visited.
      { index: true, element: <LandingPage /> },
      page('about', 'About', () => import('@/features/public/pages/about-page')),
      {
        lazy: lazyPage(() => import('@/features/auth/components/auth-layout')),
        children: [
          page('login', 'Login', () => import('@/features/auth/pages/login-page')),
          page('signup', 'Sign up', () => import('@/features/auth/pages/signup-page')),
          page(
            'forgot-password',
            'Forgot Password',
            () => import('@/features/auth/pages/forgot-password-page'),
          ),
          page('reset-password', 'Reset Password', () => import('@/features/auth/pages/reset-password-page')),
          page('set-password', 'Set Your Password', () => import('@/features/auth/pages/set-password-page')),
          // SMART on FHIR: an app's sign-in and consent (the server's /oauth/authorize sends users here).
          page('authorize', 'Connect an app', () => import('@/features/auth/pages/authorize-page')),
        ],
      },
      {
        id: 'admin',
        path: 'admin',
        lazy: lazyPage(() => import('./shells/admin-shell')),
        children: [
          indexPage('Admin Dashboard', () => import('@/features/admin/pages/dashboard-page')),
          ...areaCommon('change-password'),
        ],
      },
      {
        id: 'patient',
        path: 'patient',
        lazy: lazyPage(() => import('./shells/patient-shell')),
        children: [
          indexPage('Patient Dashboard', () => import('@/features/patient/pages/dashboard-page')),
          ...areaCommon('change-password'),
        ],
      },
      {
        id: 'doctor',
        path: 'doctor',
        lazy: lazyPage(() => import('./shells/doctor-shell')),
        children: [
          { index: true, element: <Navigate to="/doctor/dashboard" replace /> },
          ...areaCommon('settings/change-password'),
        ],
      },
      {
        id: 'nurse',
        path: 'nurse',
        lazy: lazyPage(() => import('./shells/nurse-shell')),
        children: [
          { index: true, element: <Navigate to="/nurse/dashboard" replace /> },
          ...areaCommon('change-password'),
        ],
      },
      {
        id: 'lab',
        path: 'lab',
        lazy: lazyPage(() => import('./shells/lab-shell')),
        children: [
          { index: true, element: <Navigate to="/lab/worklist" replace /> },
          ...areaCommon('change-password'),
        ],
      },
      {
        id: 'pharmacy',
        path: 'pharmacy',
        lazy: lazyPage(() => import('./shells/pharmacy-shell')),
        children: [
          { index: true, element: <Navigate to="/pharmacy/dispensing" replace /> },
          ...areaCommon('change-password'),
        ],
      },
      {
        id: 'billing',
        path: 'billing',
        lazy: lazyPage(() => import('./shells/billing-shell')),
        children: [
          { index: true, element: <Navigate to="/billing/dashboard" replace /> },
          ...areaCommon('change-password'),
        ],
      },
      { path: 'prescriptions/:id', element: <PrescriptionRedirect /> },
      { path: 'prescriptions/:id/edit', element: <PrescriptionRedirect edit /> },
      page('*', 'Page not found', () => import('./errors/not-found-page')),
    ],
  },
];

export const router = createBrowserRouter(routes, {
  async patchRoutesOnNavigation({ path, patch }) {
    const area = path.split('/')[1]?.toLowerCase() ?? '';
    const load = AREA_ROUTES[area];
    if (!load) return;
    let module = areaModules.get(area);
    if (!module) {
      module = load();
      // A failed download may be retried on the next navigation.
      module.catch(() => areaModules.delete(area));
      areaModules.set(area, module);
    }
    // Patched on every call, not once: React Router ignores the patch of a navigation that was
    // interrupted (a redirect right after another), and skips routes it already has.
    patch(area, (await module).routes);
  },
});
