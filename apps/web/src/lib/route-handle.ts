import { useMatches } from 'react-router';

/** What a route declares in its `handle`: the title shown in the shell header and the tab. */
export type RouteHandle = { title?: string };

/** The title of the deepest matched route that declares one. */
export function useRouteTitle(fallback = 'CarePoint'): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
  }
  return fallback;
}
