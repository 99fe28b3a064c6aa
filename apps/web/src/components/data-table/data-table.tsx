import type { Pagination } from '@carepoint/contract';
import { EMPTY_TABLE, SEARCH_DEBOUNCE_MS } from '@carepoint/contract';
import {
  type Column,
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type Header,
  type OnChangeFn,
  type SortingState,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import {
  ArrowDown,
  ArrowUp,
  ChevronLeft,
  ChevronRight,
  ChevronsUpDown,
  Columns3,
  EllipsisVertical,
  EyeOff,
  Search,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cx } from '../../lib/cx';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { SortState } from '../../lib/use-list-query';
import { Button } from '../ui/button';
import { ErrorState } from '../ui/error-state';
import { SkeletonRows } from '../ui/skeleton';

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

/**
 * A column header. A sortable one is a button: one click sorts ascending, the next descending
 * (aria-sort tells which); beside it a small menu offers Asc, Desc and Hide. Other columns are
 * plain text (hidden from the toolbar's Columns menu).
 */
function HeaderCell<T>({
  header,
  onSortChange,
}: {
  header: Header<T, unknown>;
  onSortChange?: (s: SortState) => void;
}) {
  const { column } = header;
  const canSort = Boolean(onSortChange) && column.getCanSort();
  const canHide = column.getCanHide();
  const sorted = column.getIsSorted();
  const content = header.isPlaceholder ? null : flexRender(column.columnDef.header, header.getContext());
  const name = headerText(column) || column.id;
  const thClass = cx(
    'h-10 items-center px-3 text-xs font-semibold tracking-wide text-ink-soft uppercase',
    column.id === ACTIONS && stickyActions,
  );

  if (!canSort) {
    // On a phone the header row is a bar of sort controls; a plain header has nothing to do there.
    return (
      <th scope="col" className={cx(thClass, 'hidden sm:table-cell')}>
        {content}
      </th>
    );
  }
  const ariaSort = sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
  const SortIcon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ChevronsUpDown;
  const sortBy = (order: 'asc' | 'desc') => onSortChange?.({ sort: column.id, order });
  return (
    <th scope="col" className={cx(thClass, 'flex sm:table-cell')} aria-sort={ariaSort}>
      <span className="-ml-2 inline-flex items-center whitespace-nowrap">
        <button
          type="button"
          onClick={() => sortBy(sorted === 'asc' ? 'desc' : 'asc')}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 uppercase hover:bg-border"
        >
          {content}
          <SortIcon aria-hidden size={14} className={sorted ? 'text-ink' : 'text-ink-muted'} />
        </button>
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <button
              type="button"
              aria-label={`${name} column options`}
              title={`${name} column options`}
              className="rounded-md p-1 text-ink-muted hover:bg-border hover:text-ink data-[state=open]:bg-border"
            >
              <EllipsisVertical aria-hidden size={14} />
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="start" sideOffset={4} className={menuClass}>
              <DropdownMenu.Item className={itemClass} onSelect={() => sortBy('asc')}>
                <ArrowUp aria-hidden size={14} /> Asc
              </DropdownMenu.Item>
              <DropdownMenu.Item className={itemClass} onSelect={() => sortBy('desc')}>
                <ArrowDown aria-hidden size={14} /> Desc
              </DropdownMenu.Item>
              {canHide ? (
                <>
                  <DropdownMenu.Separator className="my-1 h-px bg-border" />
                  <DropdownMenu.Item className={itemClass} onSelect={() => column.toggleVisibility(false)}>
                    <EyeOff aria-hidden size={14} /> Hide
                  </DropdownMenu.Item>
                </>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      </span>
    </th>
  );
}

/** The row actions column stays in view at the right edge while a wide table scrolls (tablets). */
const ACTIONS = 'actions';
const stickyActions =
  'justify-end before:content-none sm:sticky sm:right-0 sm:z-[1] sm:bg-inherit sm:shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)]';

/*
 * Below sm (phones) each row is a card: one line per cell, its column's name on the left (from
 * data-label), the value on the right, the row's actions last; nothing scrolls sideways.
 */
const cardCell =
  'flex items-baseline justify-between gap-4 px-3 py-1 text-sm text-ink-soft before:shrink-0 before:text-left before:text-xs before:font-semibold before:tracking-wide before:text-ink-muted before:uppercase before:content-[attr(data-label)] sm:table-cell sm:py-2 sm:before:content-none';

/** A column's header as words (for the phone's card labels and the menus). */
function headerText<T>(column: Column<T, unknown>): string {
  return typeof column.columnDef.header === 'string' ? column.columnDef.header : '';
}

const COLUMNS_KEY = 'carepoint:columns:';

/** Hidden columns per table, remembered on this device (localStorage), else the table's initial ones. */
function useStoredVisibility(key: string, initialHidden: readonly string[]) {
  const [visibility, setVisibility] = useState<VisibilityState>(() => {
    try {
      const stored = window.localStorage.getItem(COLUMNS_KEY + key);
      const parsed: unknown = stored ? JSON.parse(stored) : null;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(
          Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
        );
      }
    } catch {
      // Unreadable: start from the defaults.
    }
    return Object.fromEntries(initialHidden.map((id) => [id, false]));
  });
  const update: OnChangeFn<VisibilityState> = (change) =>
    setVisibility((previous) => {
      const next = typeof change === 'function' ? change(previous) : change;
      try {
        window.localStorage.setItem(COLUMNS_KEY + key, JSON.stringify(next));
      } catch {
        // Not remembered; still applied.
      }
      return next;
    });
  return [visibility, update] as const;
}

const menuClass = 'z-50 min-w-36 rounded-lg border border-border bg-surface p-1 text-sm text-ink shadow-lg';
const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 outline-none select-none data-[highlighted]:bg-muted';

function ColumnsMenu<T>({ table }: { table: ReturnType<typeof useReactTable<T>> }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="secondary" size="sm">
          <Columns3 aria-hidden size={16} /> Columns
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={4} className={menuClass}>
          {table
            .getAllLeafColumns()
            .filter((c) => c.getCanHide())
            .map((column) => (
              <DropdownMenu.CheckboxItem
                key={column.id}
                className={cx(itemClass, 'pl-7 relative')}
                checked={column.getIsVisible()}
                onCheckedChange={(checked) => column.toggleVisibility(checked)}
                onSelect={(event) => event.preventDefault()}
              >
                <DropdownMenu.ItemIndicator className="absolute left-2">✓</DropdownMenu.ItemIndicator>
                {headerText(column) || column.id}
              </DropdownMenu.CheckboxItem>
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The debounced search box of list toolbars (SEARCH_DEBOUNCE_MS after typing stops). */
export function SearchBox({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (q: string) => void;
  placeholder: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const lastSent = useRef(value);

  useEffect(() => {
    if (debounced !== lastSent.current) {
      lastSent.current = debounced;
      onChange(debounced);
    }
  }, [debounced, onChange]);

  // The value changed from outside (back button, Reset): show it.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  return (
    <div className="relative w-full max-w-xs">
      <label htmlFor={id} className="sr-only">
        {placeholder}
      </label>
      <Search
        aria-hidden
        size={16}
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-ink-muted"
      />
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        className="h-9 w-full rounded-lg border border-border-strong bg-surface pr-3 pl-9 text-sm placeholder:text-ink-muted focus:outline-2 focus:outline-primary-600"
      />
    </div>
  );
}

function PaginationBar({
  pagination,
  onPageChange,
  rowsShown,
}: {
  pagination: Pagination;
  onPageChange?: (page: number) => void;
  rowsShown: number;
}) {
  const { page, limit, total, totalPages, totalIsLowerBound, prevPage, nextPage } = pagination;
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = total === 0 ? 0 : first + rowsShown - 1;
  // Large lists are counted only so far past this page: "of 1,000+" and "Page 3 of 52+".
  const count = (n: number) => `${n.toLocaleString('en-GB')}${totalIsLowerBound ? '+' : ''}`;
  return (
    <nav
      aria-label="Pagination"
      className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-3 py-2 text-sm text-ink-muted"
    >
      <p>
        {total === 0 ? 'No rows' : `Showing ${first}–${last} of ${count(total)}`}
        <span className="mx-2" aria-hidden>
          ·
        </span>
        Page {page} of {count(totalPages)}
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={prevPage === null}
          onClick={() => prevPage !== null && onPageChange?.(prevPage)}
        >
          <ChevronLeft aria-hidden size={16} /> Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={nextPage === null}
          onClick={() => nextPage !== null && onPageChange?.(nextPage)}
        >
          Next <ChevronRight aria-hidden size={16} />
        </Button>
      </div>
    </nav>
  );
}
