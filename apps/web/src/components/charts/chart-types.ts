/** One point of a simple chart: the category (hour, department) and its value. */
export type ChartPoint = { label: string; value: number | null };

export type ChartViewProps = {
  points: readonly ChartPoint[];
  /** The series' name, e.g. "Average wait (min)". */
  seriesName: string;
  height?: number;
};
