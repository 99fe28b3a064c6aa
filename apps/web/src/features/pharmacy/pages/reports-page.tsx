import { PHARMACY_REPORT_LABELS, PHARMACY_REPORTS, type PharmacyReport } from '@carepoint/contract';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { ConsumptionTable, ExpiryTable, ValuationTable } from '../components/report-tables';

const isReport = (value: string | null): value is PharmacyReport =>
  PHARMACY_REPORTS.some((report) => report === value);

const TABLES: Record<PharmacyReport, () => React.JSX.Element> = {
  expiry: ExpiryTable,
  valuation: ValuationTable,
  consumption: ConsumptionTable,
};

/**
 * The pharmacy's reports (docs/areas/pharmacy-reports.md): the expiry list first (what needs
 * doing this week), the stock's value, consumption per month; each pages on the server and
 * downloads whole as CSV. The report shown is in the URL (?report=), its filters beside it.
 */
export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('report');
  const report: PharmacyReport = isReport(asked) ? asked : 'expiry';
  // Each report has its own filters, paging and sort: switching starts afresh.
  const select = (next: string) =>
    setParams(isReport(next) && next !== 'expiry' ? { report: next } : {}, { replace: true });
  const Table = TABLES[report];

  return (
    <>
      <PageHeader
        title="Reports"
        description="The expiry list, the stock's value and consumption per month; each downloads as CSV."
      />
      <Tabs.Root value={report} onValueChange={select}>
        <Tabs.List aria-label="Reports" className="mb-4 flex gap-1 overflow-x-auto border-b border-border">
          {PHARMACY_REPORTS.map((key) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium whitespace-nowrap text-ink-soft hover:text-ink data-[state=active]:border-primary-700 data-[state=active]:text-primary-800"
            >
              {PHARMACY_REPORT_LABELS[key]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={report}>
          <Table />
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
}
