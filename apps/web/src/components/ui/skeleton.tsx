import { cx } from '@/lib/cx';

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

/**
 * The whole page while its code loads (the router's HydrateFallback): a header bar and content
 * blocks in the app's colours, so the first paint of a lazily loaded page is never blank.
 */
export function PageSkeleton() {
  return (
    <div className="min-h-screen bg-canvas" role="status" aria-live="polite">
      <span className="sr-only">Loading...</span>
      <div className="h-16 border-b border-border bg-surface" />
      <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
        <Skeleton className="h-40 w-full rounded-lg" />
        <Skeleton className="h-64 w-full rounded-lg" />
      </div>
    </div>
  );
}
