import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import LandingPage, { LANDING_TITLE } from './features/public/pages/landing-page';

export { LANDING_TITLE };

/**
 * The landing page's HTML, rendered at build time in Node (build/prerender.ts); public-root.tsx
 * hydrates the same tree. So the landing page renders without a browser (no `window` while
 * rendering: read it in effects) and renders the same HTML in the browser at first.
 */
export function renderLanding() {
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
