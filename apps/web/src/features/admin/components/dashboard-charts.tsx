import type { Summary } from '@carepoint/contract';
import { ChartCard } from '../../../components/charts/chart-card';
import type { ChartPoint } from '../../../components/charts/chart-types';

/** The highest point, for the sentence that sums a chart up. */
function peak(points: readonly ChartPoint[]): ChartPoint | null {
  let best: ChartPoint | null = null;
  for (const p of points) if (p.value !== null && (best === null || p.value > (best.value ?? 0))) best = p;
  return best;
}

export function WaitTimeTrend({ summary, loading }: { summary: Summary | undefined; loading: boolean }) {
  const points = (summary?.waitTimeTrend ?? []).map((p) => ({ label: p.label, value: p.avgWaitMin }));
  const top = peak(points);
  return (
    <ChartCard
      title="Wait Time Trend"
      kind="line"
      points={points}
      loading={loading}
      columns={['Hour of arrival', 'Average wait (min)']}
      emptyText="No emergency arrivals yet today."
      summary={
        top
          ? `Average emergency-room wait by hour of arrival today; the longest was ${top.value} min for arrivals at ${top.label}.`
          : 'Average emergency-room wait by hour of arrival today: no arrivals yet.'
      }
    />
  );
}

export function ArrivalsByHour({ summary, loading }: { summary: Summary | undefined; loading: boolean }) {
  const points = (summary?.arrivalsByHour ?? []).map((p) => ({ label: p.label, value: p.arrivals }));
  const total = points.reduce((sum, p) => sum + (p.value ?? 0), 0);
  const top = peak(points);
  return (
    <ChartCard
      title="Arrivals By Hour"
      kind="bar"
      points={points}
      loading={loading}
      columns={['Hour', 'Arrivals']}
      emptyText="No emergency arrivals yet today."
      summary={
        total && top
          ? `${total} emergency-room arrival${total === 1 ? '' : 's'} today; the busiest hour was ${top.label} with ${top.value}.`
          : 'Emergency-room arrivals by hour today: none yet.'
      }
    />
  );
}
