import type { BedCounts } from '@carepoint/contract';
import { cx } from '@/lib/cx';

/** Bed states in the order they are drawn, each in its badge colour (UI.md: Free green, Occupied slate). */
const BED_STATES = [
  { key: 'occupied', label: 'Occupied', fill: 'bg-slate-tone-800' },
  { key: 'reserved', label: 'Reserved', fill: 'bg-info-700' },
  { key: 'cleaning', label: 'Cleaning', fill: 'bg-warning-800' },
  { key: 'free', label: 'Free', fill: 'bg-success-700' },
] as const;

/** "40%", or a dash for a ward without beds (no percent of nothing). */
export const percentText = (counts: Pick<BedCounts, 'percentOccupied'>) =>
  counts.percentOccupied === null ? '–' : `${counts.percentOccupied}%`;

/**
 * Beds by state as one stacked bar. A drawing only: whoever places it shows the same counts in
 * words beside it, so it is hidden from assistive technology.
 */
export function BedOccupancyBar({ counts, className }: { counts: BedCounts; className?: string }) {
  return (
    <div aria-hidden className={cx('flex h-2 w-full overflow-hidden rounded-full bg-muted', className)}>
      {counts.total > 0
        ? BED_STATES.map((state) =>
            counts[state.key] > 0 ? (
              <span
                key={state.key}
                className={state.fill}
                style={{ width: `${(counts[state.key] * 100) / counts.total}%` }}
              />
            ) : null,
          )
        : null}
    </div>
  );
}

/** The bar's key, with each state's count: "Occupied 2, Reserved 1, ...". */
export function BedStateCounts({ counts }: { counts: BedCounts }) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft">
      {BED_STATES.map((state) => (
        <li key={state.key} className="flex items-center gap-1.5">
          <span aria-hidden className={cx('inline-block size-2.5 rounded-sm', state.fill)} />
          {state.label} <span className="font-semibold tabular-nums text-ink">{counts[state.key]}</span>
        </li>
      ))}
    </ul>
  );
}
