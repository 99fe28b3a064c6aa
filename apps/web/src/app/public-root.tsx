import { lazy, StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import LandingPage from '@/features/public/pages/landing-page';

// The toaster (for the Schedule Demo answer) loads after the first paint, as in the app.
const AppToaster = lazy(() => import('./toaster'));

/**
 * The landing page outside the router. The build prerenders it into landing.html
 * (apps/web/build/prerender.ts), so it is hydrated; the dev server sends the empty shell, so
 * it is rendered. The toaster gets a root of its own: it is not part of the prerendered HTML
 * (react-hot-toast keeps one store, so toasts raised in the page show there).
 */
export function mountLanding(container: HTMLElement) {
  const page = (
    <StrictMode>
      <LandingPage />
    </StrictMode>
  );
  if (container.firstElementChild) hydrateRoot(container, page);
  else createRoot(container).render(page);

  const toasts = document.createElement('div');
  document.body.append(toasts);
  createRoot(toasts).render(
    <StrictMode>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </StrictMode>,
  );
}
