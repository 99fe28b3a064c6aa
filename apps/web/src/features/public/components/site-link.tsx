import type { AnchorHTMLAttributes } from 'react';

/**
 * A plain link for the public pages. The landing page renders without React Router so its
 * first load stays under the 100 KB budget; leaving it for the app is a full page load.
 */
export function SiteLink({ to, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} {...props} />;
}
