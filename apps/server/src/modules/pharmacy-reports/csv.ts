import { type PharmacyReport, pharmacyReportFileName } from '@carepoint/contract';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { CSV_BOM, type CsvCell, csvLine } from '../../lib/csv';

/** A report as a CSV download: its file name and its lines, in chunks. */
export interface ReportCsv {
  fileName: string;
  lines: Iterable<string>;
}

/** Lines written per chunk: the reply streams the file a chunk at a time, not one huge string. */
const CHUNK_LINES = 500;

/**
 * The whole report as CSV (lib/csv: quoted as RFC 4180 says, formulas defused, a BOM for the
 * spreadsheets). Stock is not clinical data, so reading a report is not audited (as the stock
 * screen's reads are not); a file leaves the system, so who exported which report with which
 * filters is (`pharmacy-reports.export`).
 */
export async function reportCsv<Row>(
  ctx: ServiceContext,
  report: {
    report: PharmacyReport;
    today: string;
    filters: Record<string, unknown>;
    header: readonly string[];
    rows: readonly Row[];
    line: (row: Row) => CsvCell[];
  },
): Promise<ReportCsv> {
  await audit(ctx, {
    action: 'pharmacy-reports.export',
    entityType: 'pharmacy-report',
    details: { report: report.report, rows: report.rows.length, ...report.filters },
  });
  function* lines() {
    yield CSV_BOM + csvLine(report.header);
    for (let start = 0; start < report.rows.length; start += CHUNK_LINES)
      yield report.rows
        .slice(start, start + CHUNK_LINES)
        .map((row) => csvLine(report.line(row)))
        .join('');
  }
  return { fileName: pharmacyReportFileName(report.report, report.today), lines: lines() };
}
