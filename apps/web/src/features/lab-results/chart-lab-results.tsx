import {
  LAB_RESULT_MESSAGES,
  type LabTrend,
  type PatientLabResults,
  RESULTS_MESSAGES,
} from '@carepoint/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { TrendPoint } from '@/components/graphs/graph-types';
import { LazyTrendGraph } from '@/components/graphs/trend-graph';
import { StatusBadge as OrderStateBadge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useDoctorLabLiveUpdates, usePatientLabResults, useShareLabOrder } from './api';
import { FlagBadge, rangeText, StatusBadge, valueText } from './display';

type ChartOrder = PatientLabResults['orders'][number];

/** One test's verified values over the last year, drawn as the vitals are, its range shaded. */
function Trend({ trend }: { trend: LabTrend }) {
  const latest = trend.points.at(-1);
  const unit = trend.test.unit ?? '';
  const range = trend.range;
  const bands =
    range && range.low !== null && range.high !== null ? [{ low: range.low, high: range.high }] : [];
  const drawn: TrendPoint[] = trend.points.map((p) => ({ at: Date.parse(p.at), value: p.value }));
  return (
    <figure className="m-0 grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[10rem_1fr] sm:items-center">
      <figcaption className="min-w-0">
        <span className="block text-xs font-medium text-ink-muted">{trend.test.name}</span>
        {latest ? (
          <>
            <span className="block text-base font-semibold text-ink">
              {valueText(latest.value, trend.test.unit)}
            </span>
            <span className="block text-xs text-ink-muted">
              <span className="sr-only">latest, on </span>
              {formatDate(latest.at)}
            </span>
            <span className="sr-only">
              {`; ${trend.points.length} result${trend.points.length === 1 ? '' : 's'} in the last 12 months, reference ${rangeText(range, trend.test.unit) || 'none'}.`}
            </span>
          </>
        ) : null}
      </figcaption>
      <LazyTrendGraph
        points={drawn}
        series={[{ key: 'value', name: trend.test.name }]}
        bands={bands}
        unit={unit}
      />
    </figure>
  );
}

function ShareOrder({ order }: { order: ChartOrder }) {
  const share = useShareLabOrder(order.id);
  const [pending, setPending] = useState<boolean | null>(null);
  if (order.state !== 'Verified') return null;
  return (
    <div className="rounded-md border border-border bg-muted px-3 py-2">
      <Checkbox
        label="Share with the patient"
        checked={pending ?? order.shared}
        disabled={!order.canShare || share.isPending}
        onChange={(event) => {
          setPending(event.target.checked);
          share.mutate(event.target.checked, {
            onSuccess: (answer) =>
              toast.success(answer.shared ? RESULTS_MESSAGES.shared : RESULTS_MESSAGES.unshared),
            onSettled: () => setPending(null),
          });
        }}
      />
      <p className="mt-1 text-xs text-ink-muted">
        {order.canShare
          ? 'Shared, the patient sees it under My Results.'
          : 'Only the ordering doctor can change this.'}
      </p>
    </div>
  );
}

function OrderCard({ order }: { order: ChartOrder }) {
  return (
    <article
      className="flex flex-col gap-2 rounded-md border border-border p-3"
      aria-label={`Lab order of ${formatDate(order.orderedAt)}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-ink">
          {formatDateTime(order.orderedAt)} · Dr {order.requester.name}
          {order.specimen ? (
            <span className="font-mono text-ink-muted"> · {order.specimen.accession}</span>
          ) : null}
        </p>
        <OrderStateBadge status={order.state} />
      </header>
      <table className="w-full text-sm">
        <thead className="sr-only">
          <tr>
            <th>Test</th>
            <th>Value</th>
            <th>Reference</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.test.id} className="border-t border-border align-top">
              <td className="py-1 pr-2 text-ink-muted">{line.test.name}</td>
              <td className="py-1 pr-2">
                {line.current ? (
                  <span className="flex flex-wrap items-center gap-1">
                    <span className="font-medium text-ink">
                      {valueText(line.current.value, line.test.unit)}
                    </span>
                    <FlagBadge flag={line.current.interpretation} />
                    {line.current.status !== 'final' ? <StatusBadge status={line.current.status} /> : null}
                  </span>
                ) : (
                  <span className="text-ink-muted">Waiting</span>
                )}
                {line.previous.map((old) => (
                  <span key={old.id} className="block text-xs text-ink-muted">
                    was <span className="line-through">{valueText(old.value, line.test.unit)}</span>
                    {line.current?.correctionReason ? ` (${line.current.correctionReason})` : ''}
                  </span>
                ))}
              </td>
              <td className="py-1 text-xs text-ink-muted">{rangeText(line.range, line.test.unit)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShareOrder order={order} />
    </article>
  );
}

/** The chart's lab results: the trends of a year, then each order with its values, flags and ranges. */
export function ChartLabResults({ patientId }: { patientId: string }) {
  const results = usePatientLabResults(patientId);
  useDoctorLabLiveUpdates();
  if (results.data) {
    const { orders, trends } = results.data;
    if (orders.length === 0) return <p className="text-sm text-ink-muted">{LAB_RESULT_MESSAGES.noResults}</p>;
    return (
      <div className="flex flex-col gap-3" data-testid="chart-lab-results">
        {trends
          .filter((t) => t.points.length > 1)
          .map((trend) => (
            <Trend key={trend.test.id} trend={trend} />
          ))}
        {orders.map((order) => (
          <OrderCard key={order.id} order={order} />
        ))}
      </div>
    );
  }
  if (results.isError)
    return (
      <ErrorState
        message={errorMessage(results.error, LAB_RESULT_MESSAGES.loadFailed)}
        onRetry={() => void results.refetch()}
        retrying={results.isFetching}
      />
    );
  return <Skeleton className="h-24" />;
}
