/** One point of a simple graph: the category (hour, department) and its value. */
export type GraphPoint = { label: string; value: number | null };

export type GraphViewProps = {
  points: readonly GraphPoint[];
  /** The series' name, e.g. "Average wait (min)". */
  seriesName: string;
  height?: number;
};
