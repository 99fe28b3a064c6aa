import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * List filters kept in the URL (?status=Waiting&from=...). `set` changes several at once
 * (empty values are removed) and returns to page 1.
 */
export function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const get = useCallback((name: string) => params.get(name) ?? '', [params]);
  const set = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(changes)) {
            if (value) updated.set(name, value);
            else updated.delete(name);
          }
          updated.delete('page');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { get, set };
}

/** One URL filter and its setter. */
export function useUrlFilter(name: string): [string, (value: string) => void] {
  const { get, set } = useUrlFilters();
  const setValue = useCallback((value: string) => set({ [name]: value }), [name, set]);
  return [get(name), setValue];
}
