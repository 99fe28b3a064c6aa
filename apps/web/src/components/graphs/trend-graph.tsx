import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import type { TrendViewProps } from './graph-types';

// Recharts is fetched only when a trend is drawn (the drawer's trends), never with the first load.
const TrendView = lazy(() => import('./graph-views').then((m) => ({ default: m.TrendGraph })));

/**
 * A small measure-over-time drawing, hidden from assistive technology: whoever places it gives
 * the same facts in text (latest value, date, range) beside it.
 */
export function LazyTrendGraph(props: TrendViewProps) {
  const height = props.height ?? 120;
  return (
    <div aria-hidden style={{ height }}>
      <Suspense fallback={<Skeleton className="h-full w-full" />}>
        <TrendView {...props} height={height} />
      </Suspense>
    </div>
  );
}
