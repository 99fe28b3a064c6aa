import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useRouteTitle } from '@/lib/route-handle';

/*
 * The toaster renders only once something is shown; it loads right after the first paint
 * instead of in the landing page's first load. react-hot-toast keeps toasts raised before
 * it mounts and shows them when it does.
 */
const AppToaster = lazy(() => import('./toaster'));

/**
 * The root route's element. Only what every page needs lives here, so the landing page's
 * first load stays small: the auth pages and the shells add AuthProvider and TanStack Query
 * in their own (lazily loaded) layouts.
 */
export function RootLayout() {
  // Every page's tab title: "Login · CarePoint", "Manage Doctors · CarePoint"; the landing page "CarePoint".
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title === 'CarePoint' ? title : `${title} · CarePoint`;
  }, [title]);
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}
