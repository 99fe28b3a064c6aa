import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/ui/badge';
import { cx } from '@/lib/cx';
import { formatDateTime } from '@/lib/format';
import type { DataTableColumn } from './data-table';

function columnId<T>(column: DataTableColumn<T>): string | undefined {
  if (column.id) return column.id;
  const key = (column as { accessorKey?: unknown }).accessorKey;
  return typeof key === 'string' ? key : undefined;
}

/**
 * Only the columns in the endpoint's sort allow-list (and with a value: TanStack sorts only
 * accessor columns) (the contract's *_SORTABLE) offer
 * Asc/Desc; the column id is the server's sort key.
 */
export function withSorting<T>(
  sortable: readonly string[],
  columns: DataTableColumn<T>[],
): DataTableColumn<T>[] {
  return columns.map((column) => {
    const id = columnId(column);
    return id && sortable.includes(id) ? column : { ...column, enableSorting: false };
  });
}

/** A status word as a coloured badge (the word is always shown). */
function statusColumn<T>(
  id: string,
  header: string,
  status: (row: T) => string,
  extra?: (row: T) => ReactNode,
): DataTableColumn<T> {
  return {
    id,
    header,
    accessorFn: status,
    cell: ({ row }) => (
      <span className="inline-flex items-center gap-2">
        <StatusBadge status={status(row.original)} />
        {extra?.(row.original)}
      </span>
    ),
  };
}

/** A timestamp column, e.g. "22 Nov 2026, 09:41". */
function dateTimeColumn<T>(id: string, header: string, value: (row: T) => string | null): DataTableColumn<T> {
  return {
    id,
    header,
    accessorFn: value,
    cell: ({ row }) => {
      const iso = value(row.original);
      return iso ? (
        <time dateTime={iso} className="whitespace-nowrap">
          {formatDateTime(iso)}
        </time>
      ) : (
        '—'
      );
    },
  };
}

/** A text column whose empty values show a dash. */
function textColumn<T>(
  id: string,
  header: string,
  value: (row: T) => string | number | null,
): DataTableColumn<T> {
  return { id, header, accessorFn: value, cell: ({ row }) => value(row.original) ?? '—' };
}

/**
 * The row actions (buttons), never sortable nor hidden. They wrap when the table is short of
 * room (shared.ts, stickyActions). `oneLine(row)`: from 1280 px (xl) that row's buttons stay on
 * one line, for a table whose other columns have room to give; left to the table's own layout
 * they wrap beside half-empty columns. Too many buttons on one line would widen the table past
 * the screen instead, so the table says which rows are short enough, checked in its screenshot.
 */
function actionsColumn<T>(
  render: (row: T) => ReactNode,
  { oneLine }: { oneLine?: (row: T) => boolean } = {},
): DataTableColumn<T> {
  return {
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    enableSorting: false,
    enableHiding: false,
    cell: ({ row }) => (
      <div
        className={cx(
          'flex flex-wrap justify-end gap-2',
          oneLine?.(row.original) && 'xl:flex-nowrap xl:whitespace-nowrap',
        )}
      >
        {render(row.original)}
      </div>
    ),
  };
}

/** The column builders for one row type, so each cell's row is typed without repeating it. */
export const columnsFor = <T,>() => ({
  text: textColumn<T>,
  status: statusColumn<T>,
  dateTime: dateTimeColumn<T>,
  actions: actionsColumn<T>,
});
