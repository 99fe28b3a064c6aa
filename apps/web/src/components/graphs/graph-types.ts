/**
 * One point of a simple graph: the category (hour, department, day) and its value; `second` is
 * a second series' value at the same category (admissions and discharges on one day).
 */
export type GraphPoint = { label: string; value: number | null; second?: number | null };

export type GraphViewProps = {
  points: readonly GraphPoint[];
  /** The series' name, e.g. "Average wait (min)". */
  seriesName: string;
  /** The second series' name, when the points carry one: drawn beside the first, with a legend. */
  secondName?: string;
  height?: number;
};

/** One measurement in time: when (ms since the epoch) and each series' value, null where not measured. */
export type TrendPoint = { at: number } & Record<string, number | null>;

export type TrendViewProps = {
  points: readonly TrendPoint[];
  /** The lines drawn: the key of each in the points, and its name (tooltip). */
  series: ReadonlyArray<{ key: string; name: string }>;
  /** Shaded bands: the usual ranges of the series. */
  bands: ReadonlyArray<{ low: number; high: number }>;
  unit: string;
  height?: number;
};
