import { lazy, Suspense } from 'react';
import LandingPage from '../features/public/pages/landing-page';

// The toaster (for the Schedule Demo answer) loads after the first paint, as in the app.
const AppToaster = lazy(() => import('./toaster'));

/** The landing page outside the router, with the app's toaster. */
export function PublicRoot() {
  return (
    <>
      <LandingPage />
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </>
  );
}
