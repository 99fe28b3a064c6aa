import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import LandingPage, { LANDING_TITLE } from './features/public/pages/landing-page';

export { LANDING_TITLE };

/** The landing page's HTML, rendered at build time (build/prerender.ts); main.tsx hydrates the same tree. */
export function renderLanding() {
  return renderToString(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
