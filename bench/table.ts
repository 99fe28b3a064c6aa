/** One row of `npm run bench`'s table: what was measured, its budget, the figure, and whether it holds. */
export interface BenchRow {
  measure: string;
  budget: string;
  result: string;
  pass: boolean;
}

/** A statement on the bench's scratch database (a pg client's or PGlite's query). */
export type Query = (sql: string) => Promise<{ rows: unknown[] }>;

/** A source of extra rows (asset sizes, compression, Lighthouse), given the running server's origin. */
export type BenchRowProvider = (origin: string) => Promise<BenchRow[]>;

/** The rows as one plain-text table: measure | budget | result | pass. */
export function formatTable(rows: readonly BenchRow[]): string {
  const header: BenchRow = { measure: 'measure', budget: 'budget', result: 'result', pass: true };
  const cells = (r: BenchRow) => [
    r.measure,
    r.budget,
    r.result,
    r === header ? 'pass' : r.pass ? 'yes' : 'NO',
  ];
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...[header, ...rows].map((r) => (cells(r)[i] ?? '').length)),
  );
  const line = (r: BenchRow) =>
    `| ${cells(r)
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
