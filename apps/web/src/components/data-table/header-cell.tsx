import { flexRender, type Header } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ChevronsUpDown, EllipsisVertical, EyeOff } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { cx } from '@/lib/cx';
import type { SortState } from '@/lib/list-query';
import { ACTIONS, headerText, itemClass, menuClass, stickyActions } from './shared';

/**
 * A column header. A sortable one is a button: one click sorts ascending, the next descending
 * (aria-sort tells which); beside it a small menu offers Asc, Desc and Hide. Other columns are
 * plain text (hidden from the toolbar's Columns menu).
 */
export function HeaderCell<T>({
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
