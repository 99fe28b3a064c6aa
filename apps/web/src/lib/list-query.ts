/*
 * The list state of a server-paged table as it lives in the URL (?page&limit&sort&order&q), and
 * the list endpoint's query string made from it: the rules of `useListQuery`, without React.
 */

export type SortOrder = 'asc' | 'desc';
export type SortState = { sort: string; order: SortOrder } | null;

/** What a table shows: the page, its size, the sort and the search. */
export type ListState = {
  page: number;
  limit: number;
  sort: string | undefined;
  order: SortOrder;
  q: string;
};

export type ListDefaults = { defaultLimit: number; defaultSort?: string; defaultOrder: SortOrder };

/** URL changes: a value to set, or null (or '') to remove the parameter. */
export type ListChanges = Record<string, string | null>;

function positiveInt(raw: string | null, fallback: number): number {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The list state a URL holds; anything missing or malformed is the default (page 1). */
export function readListState(params: URLSearchParams, defaults: ListDefaults): ListState {
  const rawOrder = params.get('order');
  return {
    page: positiveInt(params.get('page'), 1),
    limit: positiveInt(params.get('limit'), defaults.defaultLimit),
    sort: params.get('sort') ?? defaults.defaultSort,
    order: rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : defaults.defaultOrder,
    q: params.get('q') ?? '',
  };
}

/** `?page=..&limit=..[&sort=..&order=..][&q=..]` for the list endpoint. */
export function listQueryString({ page, limit, sort, order, q }: ListState): string {
  const qs = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (sort) {
    qs.set('sort', sort);
    qs.set('order', order);
  }
  if (q.trim()) qs.set('q', q.trim());
  return `?${qs.toString()}`;
}

/** The URL after `changes`; other parameters (a screen's filters) are kept. */
export function withChanges(params: URLSearchParams, changes: ListChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * What each control changes in the URL. Page 1 and the default size are left out of it; a new
 * size, sort or search goes back to page 1.
 */
export const listChanges = {
  page: (page: number): ListChanges => ({ page: page > 1 ? String(page) : null }),
  limit: (limit: number, defaultLimit: number): ListChanges => ({
    limit: limit === defaultLimit ? null : String(limit),
    page: null,
  }),
  sort: (sort: SortState): ListChanges => ({
    sort: sort?.sort ?? null,
    order: sort ? sort.order : null,
    page: null,
  }),
  search: (q: string): ListChanges => ({ q: q.trim() || null, page: null }),
};
