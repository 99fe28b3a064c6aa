import { EMPTY_TABLE, type Pagination } from '@carepoint/contract';
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useMemo } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonRows } from '@/components/ui/skeleton';
import { cx } from '@/lib/cx';
import type { SortState } from '@/lib/list-query';
import { ColumnsMenu } from './columns-menu';
import { HeaderCell } from './header-cell';
import { PaginationBar } from './pagination-bar';
import { SearchBox } from './search-box';
import { ACTIONS, cardCell, headerText, stickyActions } from './shared';
import { useStoredVisibility } from './use-stored-visibility';

/**
 * A column of a DataTable. The column id (accessorKey or id) is the server's sort key;
 * set `enableSorting: false` on columns the server cannot sort and `enableHiding: false`
 * on columns that must stay visible. Write them as object literals typed
 * `DataTableColumn<Row>[]` and read values in `cell` with `getValue<string>()` or `row.original`.
 */
export type DataTableColumn<T> = ColumnDef<T, unknown>;

export type DataTableProps<T> = {
  columns: DataTableColumn<T>[];
  data: readonly T[];
  /** Accessible name of the table (also a visually hidden caption). */
  label: string;
  getRowId?: (row: T, index: number) => string;
  /** The server's pagination; the footer with Previous/Next shows when given. */
  pagination?: Pagination;
  onPageChange?: (page: number) => void;
  /** Current server sort; null for the server's default order. */
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Shows the search box; called SEARCH_DEBOUNCE_MS after typing stops. */
  onSearchChange?: (q: string) => void;
  searchValue?: string;
  searchPlaceholder?: string;
  isLoading?: boolean;
  /** A failed load: the message, with Retry when onRetry is given. */
  error?: string | null;
  onRetry?: () => void;
  /** Defaults to the spec's "No record found." */
  emptyText?: string;
  /** Actions shown at the right of the toolbar (filters, Add button). */
  toolbar?: ReactNode;
  onRowClick?: (row: T) => void;
  onRowDoubleClick?: (row: T) => void;
  onRowHover?: (row: T) => void;
  skeletonRows?: number;
  /** Hidden columns at first (by column id), until the user shows or hides columns. */
  initialHidden?: string[];
  /** Names the table's remembered column choices (localStorage); defaults to `label`. */
  storageKey?: string;
};

export function DataTable<T>({
  columns,
  data,
  label,
  getRowId,
  pagination,
  onPageChange,
  sort = null,
  onSortChange,
  onSearchChange,
  searchValue = '',
  searchPlaceholder = 'Search',
  isLoading = false,
  error,
  onRetry,
  emptyText = EMPTY_TABLE,
  toolbar,
  onRowClick,
  onRowDoubleClick,
  onRowHover,
  skeletonRows = 5,
  initialHidden = [],
  storageKey,
}: DataTableProps<T>) {
  const [columnVisibility, setColumnVisibility] = useStoredVisibility(storageKey ?? label, initialHidden);
  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.sort, desc: sort.order === 'desc' }] : []),
    [sort],
  );

  const table = useReactTable<T>({
    columns,
    data: data as T[],
    getRowId,
    state: { sorting, columnVisibility },
    onColumnVisibilityChange: setColumnVisibility,
    enableSorting: Boolean(onSortChange),
    manualSorting: true,
    manualPagination: true,
    // -1 (unknown) when the server stopped counting: its totalPages is only a lower bound.
    pageCount: pagination && !pagination.totalIsLowerBound ? pagination.totalPages : -1,
    getCoreRowModel: getCoreRowModel(),
  });

  const visibleCount = table.getVisibleLeafColumns().length || 1;
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());
  const showToolbar = Boolean(onSearchChange || toolbar || hideable.length);
  const rows = table.getRowModel().rows;
  const clickable = Boolean(onRowClick);

  let body: ReactNode;
  if (isLoading) body = <SkeletonRows rows={skeletonRows} columns={visibleCount} />;
  else if (error)
    body = (
      <tr>
        <td colSpan={visibleCount}>
          <ErrorState message={error} onRetry={onRetry} />
        </td>
      </tr>
    );
  else if (rows.length === 0)
    body = (
      <tr>
        <td colSpan={visibleCount} className="px-3 py-8 text-center text-sm text-ink-muted">
          {emptyText}
        </td>
      </tr>
    );
  else
    body = rows.map((row) => (
      <tr
        key={row.id}
        className={cx(
          'block border-b border-border bg-surface py-2 last:border-b-0 sm:table-row sm:h-10 sm:py-0',
          clickable && 'cursor-pointer hover:bg-primary-50',
        )}
        tabIndex={clickable ? 0 : undefined}
        onClick={onRowClick ? () => onRowClick(row.original) : undefined}
        onKeyDown={
          onRowClick
            ? (event) => {
                if (event.target === event.currentTarget && (event.key === 'Enter' || event.key === ' ')) {
                  event.preventDefault();
                  onRowClick(row.original);
                }
              }
            : undefined
        }
        onDoubleClick={onRowDoubleClick ? () => onRowDoubleClick(row.original) : undefined}
        onMouseEnter={onRowHover ? () => onRowHover(row.original) : undefined}
      >
        {row.getVisibleCells().map((cell) => (
          <td
            key={cell.id}
            data-label={headerText(cell.column)}
            className={cx(cardCell, cell.column.id === ACTIONS ? stickyActions : 'text-right sm:text-left')}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
    ));

  return (
    <div className="rounded-lg border border-border bg-surface shadow-sm">
      {showToolbar ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border p-3">
          {onSearchChange ? (
            <SearchBox value={searchValue} onChange={onSearchChange} placeholder={searchPlaceholder} />
          ) : (
            <span />
          )}
          <div className="flex flex-wrap items-center gap-2">
            {hideable.length ? <ColumnsMenu table={table} /> : null}
            {toolbar}
          </div>
        </div>
      ) : null}
      {/*
       * relative: keeps sr-only header text inside the scroll box on narrow screens. Focusable, so
       * a keyboard can scroll a table wider than its box (rows without links have no other stop).
       */}
      <div
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-600"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
        tabIndex={0}
      >
        <table className="block w-full border-collapse text-left sm:table" aria-busy={isLoading || undefined}>
          <caption className="sr-only">{label}</caption>
          <thead className="block bg-muted sm:table-header-group">
            {table.getHeaderGroups().map((group) => (
              <tr
                key={group.id}
                className="flex flex-wrap border-b border-border bg-muted px-1 sm:table-row sm:px-0"
              >
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} header={header} onSortChange={onSortChange} />
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="block sm:table-row-group">{body}</tbody>
        </table>
      </div>
      {pagination ? (
        <PaginationBar pagination={pagination} onPageChange={onPageChange} rowsShown={rows.length} />
      ) : null}
    </div>
  );
}
