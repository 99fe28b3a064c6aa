import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { type SortOrder, useListQuery } from '../../../lib/use-list-query';
import { type ListResource, type ListRows, useAdminList } from '../api';
import { useErrorToast } from './use-error-toast';

export type AdminListTableProps<R extends ListResource> = {
  resource: R;
  /** Accessible name of the table. */
  label: string;
  columns: DataTableColumn<ListRows[R]>[];
  /** The default message of a failed load (spec §8), e.g. "Could not fetch doctors". */
  fetchError: string;
  searchPlaceholder?: string;
  /** Filters added to the query string (?status=...); empty values are left out. */
  filters?: Record<string, string | undefined>;
  /** Actions on the right of the table's toolbar (filters, Add button). */
  toolbar?: ReactNode;
  /** The server's own default order when the URL names none. */
  defaultSort?: string;
  defaultOrder?: SortOrder;
  /** Turn off the search box for lists that cannot be searched. */
  searchable?: boolean;
};

function withFilters(queryString: string, filters: Record<string, string | undefined>) {
  const params = new URLSearchParams(queryString);
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return `?${params.toString()}`;
}

/**
 * An admin list as a server-paged DataTable: page, sort and search kept in the URL, 20 rows a
 * page, with the four states (skeleton rows, "No record found.", error with Retry, data).
 */
export function AdminListTable<R extends ListResource>({
  resource,
  label,
  columns,
  fetchError,
  searchPlaceholder = 'Search',
  filters = {},
  toolbar,
  defaultSort,
  defaultOrder,
  searchable = true,
}: AdminListTableProps<R>) {
  const list = useListQuery({ defaultSort, defaultOrder });
  const query = useAdminList(resource, withFilters(list.queryString, filters));
  useErrorToast(query.error, fetchError);

  return (
    <DataTable
      label={label}
      columns={columns}
      data={query.data?.data ?? []}
      getRowId={(row) => String(row.id)}
      pagination={query.data?.pagination}
      onPageChange={list.setPage}
      sort={list.sortState}
      onSortChange={list.setSort}
      onSearchChange={searchable ? list.setQ : undefined}
      searchValue={list.q}
      searchPlaceholder={searchPlaceholder}
      isLoading={query.isPending}
      error={query.isError && !query.data ? errorMessage(query.error, fetchError) : null}
      onRetry={() => void query.refetch()}
      toolbar={toolbar}
    />
  );
}
