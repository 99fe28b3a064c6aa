import { ADMIN_PAGE_SIZE, type Pagination } from '@carepoint/contract';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type ListChanges,
  type ListState,
  listChanges,
  listQueryString,
  readListState,
  type SortOrder,
  type SortState,
  withChanges,
} from './list-query';

/** One page of a list endpoint. */
export type Page<T> = { data: T[]; pagination: Pagination };

export type ListQuery = ListState & {
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

/**
 * The list state of a server-paged table, kept in the URL (?page&limit&sort&order&q) so a
 * reload or a shared link shows the same page. Changing sort, search or size returns to page 1
 * (the rules: lib/list-query.ts).
 */
export function useListQuery({
  defaultLimit = ADMIN_PAGE_SIZE,
  defaultSort,
  defaultOrder = 'asc',
}: Options = {}): ListQuery {
  const [params, setParams] = useSearchParams();
  const { page, limit, sort, order, q } = readListState(params, { defaultLimit, defaultSort, defaultOrder });

  const update = useCallback(
    (changes: ListChanges) => setParams((prev) => withChanges(prev, changes), { replace: true }),
    [setParams],
  );

  const setPage = useCallback((p: number) => update(listChanges.page(p)), [update]);
  const setLimit = useCallback(
    (l: number) => update(listChanges.limit(l, defaultLimit)),
    [update, defaultLimit],
  );
  const setSort = useCallback((s: SortState) => update(listChanges.sort(s)), [update]);
  const setQ = useCallback((value: string) => update(listChanges.search(value)), [update]);

  const queryString = useMemo(
    () => listQueryString({ page, limit, sort, order, q }),
    [page, limit, sort, order, q],
  );

  const sortState = useMemo<SortState>(() => (sort ? { sort, order } : null), [sort, order]);

  return { page, limit, sort, order, q, queryString, sortState, setPage, setLimit, setSort, setQ };
}
