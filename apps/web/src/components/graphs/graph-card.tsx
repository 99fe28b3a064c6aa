import { lazy, type ReactNode, Suspense, useId } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { GraphPoint } from './graph-types';

// Recharts is fetched only when a graph is drawn, never with the first load or other screens.
const loadViews = () => import('./graph-views');
const GRAPHS = {
  line: lazy(() => loadViews().then((m) => ({ default: m.LineGraph }))),
  bar: lazy(() => loadViews().then((m) => ({ default: m.BarGraph }))),
};

export type GraphCardProps = {
  title: string;
  kind: keyof typeof GRAPHS;
  points: readonly GraphPoint[];
  /**
   * Column headings of the text alternative, e.g. ["Hour", "Average wait (min)"]; a third names
   * the points' second series (["Day", "Admissions", "Discharges"]).
   */
  columns: readonly [string, string] | readonly [string, string, string];
  /** One sentence that says what the graph shows (visible caption, read with the figure). */
  summary: string;
  /** Shown instead of the graph when there is nothing to draw. */
  emptyText?: string;
  loading?: boolean;
  actions?: ReactNode;
  height?: number;
};

/**
 * A titled graph with its text alternative: the drawing is hidden from assistive technology,
 * which reads the caption and a visually hidden table of the same figures instead.
 */
export function GraphCard({
  title,
  kind,
  points,
  columns,
  summary,
  emptyText,
  loading = false,
  actions,
  height = 240,
}: GraphCardProps) {
  const summaryId = useId();
  const Graph = GRAPHS[kind];
  const secondName = columns[2];
  const empty = !loading && points.every((p) => !p.value && !p.second);

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
              <Graph points={points} seriesName={columns[1]} secondName={secondName} height={height} />
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
                {secondName ? <th scope="col">{secondName}</th> : null}
              </tr>
            </thead>
            <tbody>
              {points.map((p) => (
                <tr key={p.label}>
                  <th scope="row">{p.label}</th>
                  <td>{p.value ?? 'No data'}</td>
                  {secondName ? <td>{p.second ?? 'No data'}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </figure>
    </Card>
  );
}
