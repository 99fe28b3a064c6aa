import {
  type ConsumptionReport,
  type ExpiryReport,
  PHARMACY_REPORT_MESSAGES,
  type PharmacyReport,
  type ValuationReport,
} from '@carepoint/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * The pharmacy's reports (docs/areas/pharmacy-reports.md): each a server-paged list for
 * ListTable, whose answer also carries the report's own figures (totals, months, the expiry
 * window), and its CSV download.
 */

type Answers = { valuation: ValuationReport; consumption: ConsumptionReport; expiry: ExpiryReport };

/** A report's page for a query string (?page&limit&sort&order&q and its filters). */
export const reportQuery =
  <R extends PharmacyReport>(report: R) =>
  (queryString: string) =>
    queryOptions({
      queryKey: queryKeys.pharmacy.report(report, queryString),
      queryFn: ({ signal }) => api.get<Answers[R]>(`/pharmacy/reports/${report}${queryString}`, { signal }),
      placeholderData: keepPreviousData,
      meta: { errorMessage: PHARMACY_REPORT_MESSAGES.loadFailed },
    });

/**
 * The whole report as CSV, with the filters shown (not the page): a plain link, so the browser
 * streams the file to disk.
 */
export function reportCsvHref(report: PharmacyReport, queryString: string) {
  const params = new URLSearchParams(queryString);
  params.delete('page');
  params.delete('limit');
  params.set('format', 'csv');
  return `/api/pharmacy/reports/${report}?${params.toString()}`;
}
