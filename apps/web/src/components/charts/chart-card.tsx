import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Card } from '../ui/card';
import { Skeleton } from '../ui/skeleton';
import type { ChartPoint } from './chart-types';

// Recharts is fetched only when a chart is drawn, never with the first load or other screens.
const loadViews = () => import('./chart-views');
const CHARTS = {
  line: lazy(() => loadViews().then((m) => ({ default: m.LineChartView }))),
  bar: lazy(() => loadViews().then((m) => ({ default: m.BarChartView }))),
};

export type ChartCardProps = {
  title: string;
  kind: keyof typeof CHARTS;
  points: readonly ChartPoint[];
  /** Column headings of the text alternative, e.g. ["Hour", "Average wait (min)"]. */
  columns: readonly [string, string];
  /** One sentence that says what the chart shows (visible caption, read with the figure). */
  summary: string;
  /** Shown instead of the chart when there is nothing to draw. */
  emptyText?: string;
  loading?: boolean;
  actions?: ReactNode;
  height?: number;
};

/**
 * A titled chart with its text alternative: the drawing is hidden from assistive technology,
 * which reads the caption and a visually hidden table of the same figures instead.
 */
export function ChartCard({
  title,
  kind,
  points,
  columns,
  summary,
  emptyText,
  loading = false,
  actions,
  height = 240,
}: ChartCardProps) {
  const summaryId = useId();
  const Chart = CHARTS[kind];
  const empty = !loading && points.every((p) => p.value === null || p.value === 0);

  return (
    <Card title={title} actions={actions}>
      <figure aria-label={title} aria-describedby={summaryId} className="m-0">
        {loading ? (
          <div style={{ height }}>
            <Skeleton className="h-full w-full" />
          </div>
        ) : empty && emptyText ? (
          <p className="flex items-center justify-center text-sm text-ink-muted" style={{ height }}>
            {emptyText}
          </p>
        ) : (
          <div aria-hidden style={{ height }}>
            <Suspense fallback={<Skeleton className="h-full w-full" />}>
              <Chart points={points} seriesName={columns[1]} height={height} />
            </Suspense>
          </div>
        )}
        <figcaption id={summaryId} className="mt-2 text-sm text-ink-muted">
          {loading ? 'Loading…' : summary}
        </figcaption>
        {loading ? null : (
          <table className="sr-only">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{columns[0]}</th>
                <th scope="col">{columns[1]}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.label}>
                  <th scope="row">{p.label}</th>
                  <td>{p.value ?? 'No data'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </figure>
    </Card>
  );
}
