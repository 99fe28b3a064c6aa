import type { Column } from '@tanstack/react-table';

/* What the table's parts share: the actions column, the phone's card cells, the menus' looks. */

/**
 * The row actions column stays in view at the right edge while a wide table scrolls on a tablet
 * (sm to lg). From lg on (the sidebar's width beside it) it is an ordinary last column, so it
 * never covers the cells under it; its buttons wrap rather than widen the table.
 */
export const ACTIONS = 'actions';
export const stickyActions =
  'justify-end before:content-none sm:sticky sm:right-0 sm:z-[1] sm:bg-inherit sm:shadow-[-8px_0_8px_-8px_rgb(0_0_0/0.15)] lg:static lg:shadow-none';

/*
 * Below sm (phones) each row is a card: one line per cell, its column's name on the left (from
 * data-label), the value on the right, the row's actions last; nothing scrolls sideways.
 */
export const cardCell =
  'flex items-baseline justify-between gap-4 px-3 py-1 text-sm text-ink-soft before:shrink-0 before:text-left before:text-xs before:font-semibold before:tracking-wide before:text-ink-muted before:uppercase before:content-[attr(data-label)] sm:table-cell sm:py-2 sm:before:content-none';

/** A column's header as words (for the phone's card labels and the menus). */
export function headerText<T>(column: Column<T, unknown>): string {
  return typeof column.columnDef.header === 'string' ? column.columnDef.header : '';
}

export const menuClass =
  'z-50 min-w-36 rounded-lg border border-border bg-surface p-1 text-sm text-ink shadow-lg';
export const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 outline-none select-none data-[highlighted]:bg-muted';
