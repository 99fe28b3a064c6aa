import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { mountLanding } from './app/public-root';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

/*
 * The landing page is most visitors' first load: it renders on its own (over its prerendered
 * HTML), and the router with every other page loads only for the app's paths (the 100 KB
 * first-load budget).
 */
if (window.location.pathname === '/') {
  mountLanding(container);
} else {
  void import('./app/app').then(({ App }) =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
