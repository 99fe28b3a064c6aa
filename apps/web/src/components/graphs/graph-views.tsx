import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate, formatShortDate } from '@/lib/format';
import type { GraphViewProps, TrendViewProps } from './graph-types';

/*
 * The only module that imports recharts. graph-card.tsx and trend-graph.tsx load it lazily, so recharts is in
 * its own chunk, fetched when a graph is first drawn: never with the first load or screens
 * without graphs.
 */

/** Colours come from the design tokens (CSS variables), never raw values. */
const COLORS = {
  series: 'var(--color-primary-700)',
  grid: 'var(--color-border)',
  axis: 'var(--color-ink-muted)',
  cursor: 'var(--color-muted)',
  band: 'var(--color-success-100)',
  second: 'var(--color-info-700)',
} as const;

const tick = { fill: COLORS.axis, fontSize: 12 };
const margin = { top: 8, right: 16, bottom: 0, left: -16 };

/** A line over categories (Wait Time Trend). */
export function LineGraph({ points, seriesName, height = 240 }: GraphViewProps) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={[...points]} accessibilityLayer={false} margin={margin}>
        <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" vertical={false} />
        {/* Recharts leaves out the hour labels that would touch (a phone has room for a few), keeping the first and last. */}
        <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" />
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

/** Bars over categories (Arrivals By Hour, bottlenecks); two bars a category with a second series. */
export function BarGraph({ points, seriesName, secondName, height = 240 }: GraphViewProps) {
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
        {secondName ? (
          <Bar
            dataKey="second"
            name={secondName}
            fill={COLORS.second}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        ) : null}
        {secondName ? <Legend wrapperStyle={{ fontSize: 12 }} /> : null}
      </BarChart>
    </ResponsiveContainer>
  );
}

/**
 * A small chart of one measure over time (the patient chart's trends): the measurements on a
 * time axis, the usual range shaded behind them. The y axis always shows the shaded range, so a
 * reading outside it is seen to be outside.
 */
export function TrendGraph({ points, series, bands, unit, height = 120 }: TrendViewProps) {
  const values = points.flatMap((p) => series.map((s) => p[s.key]).filter((v) => typeof v === 'number'));
  const low = Math.min(...values, ...bands.map((b) => b.low));
  const high = Math.max(...values, ...bands.map((b) => b.high));
  const pad = Math.max((high - low) * 0.1, 1);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart
        data={[...points]}
        accessibilityLayer={false}
        margin={{ top: 4, right: 8, bottom: 0, left: -20 }}
      >
        {bands.map((band) => (
          <ReferenceArea
            key={`${band.low}-${band.high}`}
            y1={band.low}
            y2={band.high}
            fill={COLORS.band}
            fillOpacity={0.6}
            stroke="none"
            ifOverflow="extendDomain"
          />
        ))}
        <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tick={tick}
          tickFormatter={(at: number) => formatShortDate(new Date(at).toISOString())}
          minTickGap={24}
          padding={{ left: 8, right: 8 }}
        />
        <YAxis
          tick={tick}
          domain={[Math.floor(low - pad), Math.ceil(high + pad)]}
          allowDecimals={false}
          tickCount={3}
        />
        <Tooltip
          labelFormatter={(at) => formatDate(new Date(Number(at)).toISOString())}
          formatter={(value) => `${value} ${unit}`}
        />
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.name}
            stroke={i === 0 ? COLORS.series : COLORS.second}
            strokeWidth={2}
            dot={{ r: 2.5 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
