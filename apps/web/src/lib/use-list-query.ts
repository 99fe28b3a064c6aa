import { ADMIN_PAGE_SIZE, type Pagination } from '@carepoint/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** One page of a list endpoint. */
export type Page<T> = { data: T[]; pagination: Pagination };

export type SortOrder = 'asc' | 'desc';
export type SortState = { sort: string; order: SortOrder } | null;

export type ListQuery = {
  page: number;
  limit: number;
  sort: string | undefined;
  order: SortOrder;
  q: string;
  /** `?page=..&limit=..[&sort=..&order=..][&q=..]` for the list endpoint. */
  queryString: string;
  /** The sort as DataTable expects it. */
  sortState: SortState;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  setSort: (sort: SortState) => void;
  setQ: (q: string) => void;
};

type Options = { defaultLimit?: number; defaultSort?: string; defaultOrder?: SortOrder };

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/**
 * The list state of a server-paged table, kept in the URL (?page&limit&sort&order&q) so a
 * reload or a shared link shows the same page. Changing sort, search or size returns to page 1.
 */
export function useListQuery({
  defaultLimit = ADMIN_PAGE_SIZE,
  defaultSort,
  defaultOrder = 'asc',
}: Options = {}): ListQuery {
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page'), 1);
  const limit = positiveInt(params.get('limit'), defaultLimit);
  const sort = params.get('sort') ?? defaultSort;
  const rawOrder = params.get('order');
  const order: SortOrder = rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaultOrder;
  const q = params.get('q') ?? '';

  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const setPage = useCallback((p: number) => update({ page: p > 1 ? String(p) : null }), [update]);
  const setLimit = useCallback(
    (l: number) => update({ limit: l === defaultLimit ? null : String(l), page: null }),
    [update, defaultLimit],
  );
  const setSort = useCallback(
    (s: SortState) => update({ sort: s?.sort ?? null, order: s ? s.order : null, page: null }),
    [update],
  );
  const setQ = useCallback((value: string) => update({ q: value.trim() || null, page: null }), [update]);

  const queryString = useMemo(() => {
    const qs = new URLSearchParams({ page: String(page), limit: String(limit) });
    if (sort) {
      qs.set('sort', sort);
      qs.set('order', order);
    }
    if (q.trim()) qs.set('q', q.trim());
    return `?${qs.toString()}`;
  }, [page, limit, sort, order, q]);

  const sortState = useMemo<SortState>(() => (sort ? { sort, order } : null), [sort, order]);

  return { page, limit, sort, order, q, queryString, sortState, setPage, setLimit, setSort, setQ };
}
