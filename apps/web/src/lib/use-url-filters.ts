import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';

/**
 * The query string of the last change that is not committed yet. React Router's functional
 * update gets the search params of the last render, not of a change still under way: two
 * filters set in quick succession (From, then To) would each start from the old URL, and the
 * second would drop the first. A change on the same page starts from this one until it is
 * committed.
 */
let uncommitted: { path: string; search: string } | null = null;

/**
 * List filters kept in the URL (?status=Waiting&from=...). `set` changes several at once
 * (empty values are removed) and returns to page 1.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // Forgotten once the change is committed (an effect, not the render: React Router renders
  // navigations in a transition, whose render may come long before the handlers are replaced).
  useEffect(() => {
    if (uncommitted && (uncommitted.path !== pathname || uncommitted.search === params.toString())) {
      uncommitted = null;
    }
  }, [params, pathname]);
  const get = useCallback((name: string) => params.get(name) ?? '', [params]);
  const set = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (prev) => {
          const updated = new URLSearchParams(uncommitted?.path === pathname ? uncommitted.search : prev);
          for (const [name, value] of Object.entries(changes)) {
            if (value) updated.set(name, value);
            else updated.delete(name);
          }
          updated.delete('page');
          uncommitted = { path: pathname, search: updated.toString() };
          return updated;
        },
        { replace: true },
      ),
    [setParams, pathname],
  );
  return { get, set };
}

/** One URL filter and its setter. */
export function useUrlFilter(name: string): [string, (value: string) => void] {
  const { get, set } = useUrlFilters();
  const setValue = useCallback((value: string) => set({ [name]: value }), [name, set]);
  return [get(name), setValue];
}
