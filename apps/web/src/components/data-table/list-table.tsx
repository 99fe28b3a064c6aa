import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import type { SortOrder } from '@/lib/list-query';
import { fallbackOf } from '@/lib/query-client';
import { type Page, useListQuery } from '@/lib/use-list-query';
import { DataTable, type DataTableColumn } from './data-table';

export type ListTableProps<T, TKey extends QueryKey = QueryKey, P extends Page<T> = Page<T>> = {
  /**
   * The list endpoint's query options for a query string (`?page&limit&sort&order&q` and the
   * filters), from the feature's api.ts; their `meta.errorMessage` is also the error state's text.
   * The answer may carry more than its page (a report's totals).
   */
  query: (queryString: string) => UseQueryOptions<P, Error, P, TKey>;
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumn<T>[];
  searchPlaceholder?: string;
  /** Filters added to the query string (?status=...); empty values are left out. */
  filters?: Record<string, string | undefined>;
  /** Actions on the right of the table's toolbar (filters, Add button). */
  toolbar?: ReactNode;
  /** The server's own default order when the URL names none. */
  defaultSort?: string;
  defaultOrder?: SortOrder;
  defaultLimit?: number;
  /** Turn off the search box for lists that cannot be searched. */
  searchable?: boolean;
  /** Defaults to the spec's "No record found." */
  emptyText?: string;
  /** Opens the row (e.g. its side sheet). */
  onRowClick?: (row: T) => void;
};

/** The list's query string with the filters added: what ListTable asks for (a screen that reads the same answer uses it too). */
export function withFilters(queryString: string, filters: Record<string, string | undefined>) {
  const params = new URLSearchParams(queryString);
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `?${params.toString()}`;
}

/**
 * A server-paged list as a DataTable: page, sort and search kept in the URL, with the four
 * states (skeleton rows, the empty text, error with Retry, data). The previous page stays on
 * screen while the next one loads, and a failed refresh keeps the rows already shown.
 */
export function ListTable<
  T extends { id: string | number },
  TKey extends QueryKey,
  P extends Page<T> = Page<T>,
>({
  query,
  label,
  columns,
  searchPlaceholder = 'Search',
  filters = {},
  toolbar,
  defaultSort,
  defaultOrder,
  defaultLimit,
  searchable = true,
  emptyText,
  onRowClick,
}: ListTableProps<T, TKey, P>) {
  const list = useListQuery({ defaultSort, defaultOrder, defaultLimit });
  const options = query(withFilters(list.queryString, filters));
  const result = useQuery(options);

  return (
    <DataTable
      label={label}
      columns={columns}
      data={result.data?.data ?? []}
      getRowId={(row) => String(row.id)}
      pagination={result.data?.pagination}
      onPageChange={list.setPage}
      sort={list.sortState}
      onSortChange={list.setSort}
      onSearchChange={searchable ? list.setQ : undefined}
      searchValue={list.q}
      searchPlaceholder={searchPlaceholder}
      isLoading={result.isPending}
      error={result.isError && !result.data ? errorMessage(result.error, fallbackOf(options.meta)) : null}
      onRetry={() => void result.refetch()}
      emptyText={emptyText}
      toolbar={toolbar}
      onRowClick={onRowClick}
    />
  );
}
