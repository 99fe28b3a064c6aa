import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { GraphViewProps } from './graph-types';

/*
 * The only module that imports recharts. graph-card.tsx loads it lazily, so recharts is in
 * its own chunk, fetched when a graph is first drawn: never with the first load or screens
 * without graphs.
 */

/** Colours come from the design tokens (CSS variables), never raw values. */
const COLORS = {
  series: 'var(--color-primary-700)',
  grid: 'var(--color-border)',
  axis: 'var(--color-ink-muted)',
  cursor: 'var(--color-muted)',
} as const;

const tick = { fill: COLORS.axis, fontSize: 12 };
const margin = { top: 8, right: 16, bottom: 0, left: -16 };

/** A line over categories (Wait Time Trend). */
export function LineGraph({ points, seriesName, height = 240 }: GraphViewProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={[...points]} accessibilityLayer={false} margin={margin}>
        <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={tick} interval={2} />
        <YAxis allowDecimals={false} tick={tick} />
        <Tooltip />
        <Line
          type="monotone"
          dataKey="value"
          name={seriesName}
          stroke={COLORS.series}
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Bars over categories (Arrivals By Hour, bottlenecks). */
export function BarGraph({ points, seriesName, height = 240 }: GraphViewProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={[...points]} accessibilityLayer={false} margin={margin}>
        <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" />
        <YAxis allowDecimals={false} tick={tick} />
        <Tooltip cursor={{ fill: COLORS.cursor }} />
        <Bar
          dataKey="value"
          name={seriesName}
          fill={COLORS.series}
          radius={[4, 4, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  );
}
