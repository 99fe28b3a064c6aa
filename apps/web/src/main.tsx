import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PublicRoot } from './app/public-root';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');
const root = createRoot(container);

/*
 * The landing page is most visitors' first load: it renders on its own, and the router
 * with every other page loads only for the app's paths (the 100 KB first-load budget).
 */
if (window.location.pathname === '/') {
  root.render(
    <StrictMode>
      <PublicRoot />
    </StrictMode>,
  );
} else {
  void import('./app/app').then(({ App }) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
