import { listOf, peaksOf, type Summary } from '@carepoint/contract';
import { GraphCard } from '@/components/graphs/graph-card';

/** Tied hours are all named, up to three; more than that is no single peak worth naming. */
const MAX_NAMED_PEAKS = 3;

export function WaitTimeTrend({ summary, loading }: { summary: Summary | undefined; loading: boolean }) {
  const points = (summary?.waitTimeTrend ?? []).map((p) => ({ label: p.label, value: p.avgWaitMin }));
  const top = peaksOf(points);
  return (
    <GraphCard
      title="Wait Time Trend"
      kind="line"
      points={points}
      loading={loading}
      columns={['Hour of arrival', 'Average wait (min)']}
      emptyText="No emergency arrivals yet today."
      summary={
        top && top.labels.length <= MAX_NAMED_PEAKS
          ? `Average emergency-room wait by hour of arrival today; the longest was ${top.value} min for arrivals at ${listOf(top.labels)}.`
          : top
            ? `Average emergency-room wait by hour of arrival today; ${top.labels.length} hours share the longest, ${top.value} min.`
            : 'Average emergency-room wait by hour of arrival today: no arrivals yet.'
      }
    />
  );
}

export function ArrivalsByHour({ summary, loading }: { summary: Summary | undefined; loading: boolean }) {
  const points = (summary?.arrivalsByHour ?? []).map((p) => ({ label: p.label, value: p.arrivals }));
  const total = points.reduce((sum, p) => sum + (p.value ?? 0), 0);
  const top = summary?.busiestHours;
  const arrivals = `${total} emergency-room arrival${total === 1 ? '' : 's'} today`;
  return (
    <GraphCard
      title="Arrivals By Hour"
      kind="bar"
      points={points}
      loading={loading}
      columns={['Hour', 'Arrivals']}
      emptyText="No emergency arrivals yet today."
      summary={
        !top
          ? 'Emergency-room arrivals by hour today: none yet.'
          : top.labels.length === 1
            ? `${arrivals}; the busiest hour was ${top.labels[0]} with ${top.arrivals}.`
            : top.labels.length <= MAX_NAMED_PEAKS
              ? `${arrivals}; the busiest hours were ${listOf(top.labels)}, with ${top.arrivals} each.`
              : `${arrivals}; no single busiest hour (${top.labels.length} hours had ${top.arrivals} each).`
      }
    />
  );
}
