import type { LabAnalytics, LabTurnaround } from '@carepoint/contract';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/* The Laboratory section's tables: turnaround by priority and by test, rejected specimens, critical alerts. */

type Props = { data: LabAnalytics | undefined; loading: boolean };

/** "47.5 min" under two hours, "26.5 h" beyond (a culture's days read badly in minutes); "–" for none. */
export function minutesText(minutes: number | null) {
  if (minutes === null) return '–';
  return minutes < 120 ? `${minutes} min` : `${Math.round(minutes / 6) / 10} h`;
}

/** "66.7%", or a dash where there was nothing to count. */
export const percentText = (percent: number | null) => (percent === null ? '–' : `${percent}%`);

type Column<Row> = {
  /** A phone has room for the short heading; the full one is read out. */
  short?: string;
  full: string;
  cell: (row: Row) => ReactNode;
};

const NUMBER_CELL = 'whitespace-nowrap px-2 py-2 text-right tabular-nums last:pr-4 sm:px-3';

/** A table of figures: the first column names the row, the others are numbers. */
function FigureTable<Row>({
  label,
  head,
  columns,
  rows,
  rowKey,
  rowHeader,
  loading,
  emptyText,
}: {
  label: string;
  head: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowHeader: (row: Row) => ReactNode;
  loading: boolean;
  emptyText: string;
}) {
  return (
    // As the data table's box: relative keeps the headings' sr-only words inside it (a table wider
    // than a phone pushed them past the page's edge); focusable, so a keyboard can scroll it.
    <div
      className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-600"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
      tabIndex={0}
    >
      <table className="w-full text-sm" aria-label={label}>
        <thead className="text-left text-xs font-medium uppercase tracking-wide text-ink-muted">
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-2 pl-4">
              {head}
            </th>
            {columns.map((column) => (
              <th key={column.full} scope="col" className="px-2 py-2 text-right last:pr-4 sm:px-3">
                {column.short ? (
                  <>
                    <span aria-hidden className="sm:hidden">
                      {column.short}
                    </span>
                    <span className="sr-only sm:not-sr-only">{column.full}</span>
                  </>
                ) : (
                  column.full
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {loading ? (
            <tr>
              <td colSpan={columns.length + 1} className="px-4 py-3">
                <Skeleton className="h-4 w-full" />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length + 1} className="px-4 py-6 text-center text-ink-muted">
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>
                <th scope="row" className="py-2 pr-2 pl-4 text-left font-medium text-ink">
                  {rowHeader(row)}
                </th>
                {columns.map((column) => (
                  <td key={column.full} className={NUMBER_CELL}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The share within target, with a bar under it (a drawing: the percent beside it says the same). */
function WithinTarget({ figures }: { figures: LabTurnaround }) {
  const percent = figures.percentWithinTarget;
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <span className="font-semibold text-ink">{percentText(percent)}</span>
      <span aria-hidden className="block h-1.5 w-14 overflow-hidden rounded-full bg-muted">
        {percent === null ? null : (
          <span className="block h-full bg-success-700" style={{ width: `${percent}%` }} />
        )}
      </span>
    </span>
  );
}

const TURNAROUND_COLUMNS: readonly Column<LabTurnaround>[] = [
  { short: 'N', full: 'Verified', cell: (row) => row.count },
  { short: 'Med', full: 'Median', cell: (row) => minutesText(row.medianMinutes) },
  { short: 'P90', full: '90th percentile', cell: (row) => minutesText(row.p90Minutes) },
  { short: 'On time', full: 'Within target', cell: (row) => <WithinTarget figures={row} /> },
];

const NOTHING_VERIFIED = 'No test was verified in the period.';

export function TurnaroundTables({ data, loading }: Props) {
  const busy = loading || !data;
  return (
    <>
      <Card title="Turnaround by priority" flush>
        <FigureTable
          label="Turnaround by priority"
          head="Priority"
          columns={TURNAROUND_COLUMNS}
          rows={data?.turnaround.all.count ? data.turnaround.byPriority : []}
          rowKey={(row) => row.priority}
          rowHeader={(row) => row.priority}
          loading={busy}
          emptyText={NOTHING_VERIFIED}
        />
      </Card>
      <Card title="Turnaround by test" flush>
        <FigureTable
          label="Turnaround by test"
          head="Test"
          columns={TURNAROUND_COLUMNS}
          rows={data?.turnaround.byTest ?? []}
          rowKey={(row) => row.testId}
          rowHeader={(row) => (
            <>
              {row.name}
              <span className="block text-xs font-normal text-ink-muted">
                {row.code} · target {minutesText(row.targetMinutes)}
              </span>
            </>
          )}
          loading={busy}
          emptyText={NOTHING_VERIFIED}
        />
      </Card>
    </>
  );
}

type Rejections = LabAnalytics['rejections'];

export function RejectionTables({ data, loading }: Props) {
  const busy = loading || !data;
  const rejections = data?.rejections;
  return (
    <Card title="Rejected specimens" flush>
      <FigureTable<Rejections['byReason'][number]>
        label="Rejected specimens by reason"
        head="Reason"
        columns={[
          { full: 'Rejected', cell: (row) => row.rejected },
          {
            short: '%',
            full: '% of specimens',
            cell: (row) => percentText(row.percentRejected),
          },
        ]}
        rows={rejections?.specimens ? rejections.byReason : []}
        rowKey={(row) => row.reason}
        rowHeader={(row) => row.reason}
        loading={busy}
        emptyText="No specimen was collected in the period."
      />
      <div className="border-t border-border">
        <FigureTable<Rejections['byTest'][number]>
          label="Rejected specimens by test"
          head="Test"
          columns={[
            { short: 'Spec', full: 'Specimens', cell: (row) => row.specimens },
            { short: 'Rej', full: 'Rejected', cell: (row) => row.rejected },
            { short: '%', full: '% rejected', cell: (row) => percentText(row.percentRejected) },
          ]}
          rows={rejections?.byTest ?? []}
          rowKey={(row) => row.testId}
          rowHeader={(row) => (
            <>
              {row.name}
              <span className="block text-xs font-normal text-ink-muted">{row.code}</span>
            </>
          )}
          loading={busy}
          emptyText="No specimen was collected in the period."
        />
      </div>
    </Card>
  );
}

export function CriticalAlerts({ data, loading }: Props) {
  const critical = data?.critical;
  const rows: [string, ReactNode][] = critical
    ? [
        ['Raised', critical.raised],
        ['Acknowledged', critical.acknowledged],
        ['Median time to acknowledge', minutesText(critical.medianAckMinutes)],
        ['90th percentile', minutesText(critical.p90AckMinutes)],
        ['Escalated', critical.escalated],
        ['Still open', critical.open],
      ]
    : [];
  return (
    <Card title="Critical results">
      {loading || !critical ? (
        <Skeleton className="h-40 w-full" />
      ) : (
        <>
          <dl className="divide-y divide-border text-sm" data-testid="critical-alerts">
            {rows.map(([term, value]) => (
              <div key={term} className="flex items-baseline justify-between gap-3 py-2">
                <dt className="text-ink-soft">{term}</dt>
                <dd className="font-semibold tabular-nums text-ink">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-sm text-ink-muted">
            {critical.raised
              ? 'Alerts raised in the period; times from the alert to the doctor’s acknowledgement.'
              : 'No critical result was raised in the period.'}
          </p>
        </>
      )}
    </Card>
  );
}
