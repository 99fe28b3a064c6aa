import { cx } from '../../lib/cx';

export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden className={cx('block animate-pulse rounded bg-muted', className)} />;
}

export type SkeletonRowsProps = { rows?: number; columns: number };

/** Placeholder table rows while a list loads (UI.md: skeleton rows, not a spinner). */
export function SkeletonRows({ rows = 5, columns }: SkeletonRowsProps) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <tr key={r} className="h-10 border-b border-border" aria-hidden>
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <td key={c} className="px-3">
              <Skeleton className="h-3.5 w-3/4" />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
