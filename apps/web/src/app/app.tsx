import { RouterProvider } from 'react-router/dom';
import { router } from './router';

/** The whole app behind React Router: every path but the landing page's first load. */
export function App() {
  return <RouterProvider router={router} />;
}
