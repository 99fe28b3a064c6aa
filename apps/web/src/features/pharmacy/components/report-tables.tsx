import {
  CONSUMPTION_SORTABLE,
  type ConsumptionRow,
  type ExpiryRow,
  formatDay,
  formatNaira,
  PHARMACY_REPORT_PAGE_SIZE,
  type PharmacyReport,
  VALUATION_SORTABLE,
  type ValuationRow,
} from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  columnsFor,
  type DataTableColumn,
  FilterSelect,
  ListTable,
  withFilters,
  withSorting,
} from '@/components/data-table';
import { buttonClass } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { StatTile } from '@/components/ui/stat-tile';
import { useListQuery } from '@/lib/use-list-query';
import { useUrlFilter } from '@/lib/use-url-filters';
import { reportCsvHref, reportQuery } from '../api/reports';
import { useStores } from '../api/stock';
import { ExpiryBadge } from './stock-badges';

/*
 * The three reports of the Reports screen (docs/areas/pharmacy-reports.md), each a server-paged
 * table with its filters kept in the URL and a Download CSV of the whole report as filtered.
 */

const listDefaults = { defaultLimit: PHARMACY_REPORT_PAGE_SIZE };

/**
 * The report's answer as its table asks for it (the same query, so one request): for the
 * figures beside the rows. Also its CSV link, with the same filters.
 */
function useReport<R extends PharmacyReport>(report: R, filters: Record<string, string | undefined>) {
  const list = useListQuery(listDefaults);
  const queryString = withFilters(list.queryString, filters);
  return { answer: useQuery(reportQuery(report)(queryString)), csvHref: reportCsvHref(report, queryString) };
}

/** The store a report is narrowed to: every store by default. */
function StoreFilter() {
  const stores = useStores();
  const withStore = (stores.data ?? []).flatMap((s) => (s.id ? [{ id: s.id, name: s.name }] : []));
  return (
    <FilterSelect
      name="storeId"
      label="Store"
      values={withStore.map((s) => s.id)}
      labels={Object.fromEntries(withStore.map((s) => [s.id, s.name]))}
      allLabel="All stores"
    />
  );
}

function DownloadCsv({ href }: { href: string }) {
  return (
    // A plain download: the browser streams the file to disk and shows its progress.
    <a href={href} download className={buttonClass({ variant: 'secondary', size: 'sm' })}>
      <Download aria-hidden size={16} /> Download CSV
    </a>
  );
}

/** The report's own filters, the store, and Download CSV, wrapping on a phone. */
function Toolbar({ children, csvHref }: { children?: ReactNode; csvHref: string }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      {children}
      <StoreFilter />
      <DownloadCsv href={csvHref} />
    </div>
  );
}

/** A medicine's name with its dispensing unit under it. */
const medicineCell = (row: { medicine: string; dispensingUnit: string }) => (
  <span className="block min-w-44">
    <span className="block font-medium text-ink">{row.medicine}</span>
    <span className="block text-xs text-ink-muted">per {row.dispensingUnit}</span>
  </span>
);

const money = (kobo: number) => <span className="whitespace-nowrap tabular-nums">{formatNaira(kobo)}</span>;

// ---------------------------------------------------------------- expiry

const WITHIN_DAYS = ['0', '30', '60', '90', '180', '365'] as const;
const WITHIN_DAYS_LABELS: Record<string, string> = {
  '0': 'Expired only',
  ...Object.fromEntries(WITHIN_DAYS.slice(1).map((d) => [d, `Within ${d} days`])),
};

export function ExpiryTable() {
  const [storeId] = useUrlFilter('storeId');
  const [withinDays] = useUrlFilter('withinDays');
  const filters = { storeId: storeId || undefined, withinDays: withinDays || undefined };
  const { answer, csvHref } = useReport('expiry', filters);
  const col = columnsFor<ExpiryRow>();
  const columns: DataTableColumn<ExpiryRow>[] = withSorting(
    ['expiryDate'],
    [
      {
        id: 'expiryDate',
        header: 'Expiry',
        accessorFn: (r) => r.expiryDate,
        cell: ({ row }) => (
          <span className="flex flex-wrap items-center gap-2 whitespace-nowrap">
            {formatDay(row.original.expiryDate)} <ExpiryBadge status={row.original.status} />
          </span>
        ),
      },
      { id: 'medicine', header: 'Medicine', cell: ({ row }) => medicineCell(row.original) },
      col.text('batchNumber', 'Batch', (r) => r.batchNumber),
      col.text('storeName', 'Store', (r) => r.storeName),
      col.text('quantity', 'Quantity', (r) => r.quantity),
      {
        id: 'value',
        header: 'Value',
        cell: ({ row }) => (
          <span className="block">
            {money(row.original.value)}
            <span className="block text-xs whitespace-nowrap text-ink-muted">
              {formatNaira(row.original.unitCost)} each
            </span>
          </span>
        ),
      },
    ],
  );
  const until = answer.data?.until;
  return (
    <>
      <p className="mb-3 text-sm text-ink-muted" aria-live="polite">
        {until
          ? `Batches on a shelf that expired or expire by ${formatDay(until)}, first expiry first.`
          : ' '}
      </p>
      <ListTable
        query={reportQuery('expiry')}
        label="Expiry list"
        columns={columns}
        filters={filters}
        defaultLimit={PHARMACY_REPORT_PAGE_SIZE}
        searchPlaceholder="Search medicines"
        emptyText="No batch on a shelf expires within these days."
        toolbar={
          <Toolbar csvHref={csvHref}>
            <FilterSelect
              name="withinDays"
              label="Expiring within"
              values={WITHIN_DAYS}
              labels={WITHIN_DAYS_LABELS}
              allLabel={answer.data ? `Within ${answer.data.withinDays} days` : 'Warning days'}
            />
          </Toolbar>
        }
      />
    </>
  );
}

// ---------------------------------------------------------------- valuation

export function ValuationTable() {
  const [storeId] = useUrlFilter('storeId');
  const filters = { storeId: storeId || undefined };
  const { answer, csvHref } = useReport('valuation', filters);
  const col = columnsFor<ValuationRow>();
  const columns: DataTableColumn<ValuationRow>[] = withSorting(VALUATION_SORTABLE, [
    col.text('storeName', 'Store', (r) => r.storeName),
    {
      id: 'medicine',
      header: 'Medicine',
      accessorFn: (r) => r.medicine,
      cell: ({ row }) => medicineCell(row.original),
    },
    col.text('quantity', 'On hand', (r) => r.quantity),
    {
      id: 'value',
      header: 'Value',
      accessorFn: (r) => r.value,
      cell: ({ row }) => money(row.original.value),
    },
  ]);
  const totals = answer.data?.totals;
  return (
    <>
      <section
        aria-label="Stock value"
        className="mb-4 grid gap-3 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]"
      >
        <StatTile
          label="All stores"
          value={totals ? formatNaira(totals.value) : null}
          hint={totals ? `${totals.quantity} units` : null}
          loading={!totals}
        />
        {/* Each store on a line of its own: five wards stay one short list on a phone. */}
        {totals?.stores.length ? (
          <dl className="rounded-lg border border-border bg-surface p-4 text-sm shadow-sm">
            {totals.stores.map((s) => (
              <div key={s.storeId} className="flex flex-wrap justify-between gap-x-4 py-1">
                <dt className="text-ink-soft">{s.storeName}</dt>
                <dd className="tabular-nums text-ink">
                  {formatNaira(s.value)} <span className="text-xs text-ink-muted">· {s.quantity} units</span>
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </section>
      <ListTable
        query={reportQuery('valuation')}
        label="Stock valuation"
        columns={columns}
        filters={filters}
        defaultLimit={PHARMACY_REPORT_PAGE_SIZE}
        searchPlaceholder="Search medicines"
        emptyText="No stock on a shelf."
        toolbar={<Toolbar csvHref={csvHref} />}
      />
    </>
  );
}

// ---------------------------------------------------------------- consumption

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** "2029-11" -> "Nov 2029". */
const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

/** A month of the range; empty in the URL, it shows the month the report took (the last 12 by default). */
function MonthFilter({
  name,
  label,
  shown,
}: {
  name: 'from' | 'to';
  label: string;
  shown: string | undefined;
}) {
  const [value, setValue] = useUrlFilter(name);
  return (
    <Input
      label={label}
      type="month"
      className="w-44"
      value={value || shown || ''}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

export function ConsumptionTable() {
  const [storeId] = useUrlFilter('storeId');
  const [from] = useUrlFilter('from');
  const [to] = useUrlFilter('to');
  const filters = { storeId: storeId || undefined, from: from || undefined, to: to || undefined };
  const { answer, csvHref } = useReport('consumption', filters);
  const months = answer.data?.months ?? [];
  const columns: DataTableColumn<ConsumptionRow>[] = withSorting(CONSUMPTION_SORTABLE, [
    {
      id: 'medicine',
      header: 'Medicine',
      accessorFn: (r) => r.medicine,
      cell: ({ row }) => medicineCell(row.original),
    },
    ...months.map(
      (month, i): DataTableColumn<ConsumptionRow> => ({
        id: month,
        header: formatMonth(month),
        cell: ({ row }) => <span className="tabular-nums">{row.original.months[i] ?? 0}</span>,
      }),
    ),
    {
      id: 'total',
      header: 'Total',
      accessorFn: (r) => r.total,
      cell: ({ row }) => <span className="font-medium tabular-nums">{row.original.total}</span>,
    },
  ]);
  return (
    <>
      <p className="mb-3 text-sm text-ink-muted">
        Units dispensed and given on the ward, per calendar month
        {months.length ? ` (${formatMonth(months[0] ?? '')} to ${formatMonth(months.at(-1) ?? '')})` : ''}.
      </p>
      <ListTable
        query={reportQuery('consumption')}
        label="Consumption per month"
        columns={columns}
        filters={filters}
        defaultLimit={PHARMACY_REPORT_PAGE_SIZE}
        searchPlaceholder="Search medicines"
        emptyText="Nothing was dispensed in these months."
        toolbar={
          <Toolbar csvHref={csvHref}>
            <MonthFilter name="from" label="From" shown={months[0]} />
            <MonthFilter name="to" label="To" shown={months.at(-1)} />
          </Toolbar>
        }
      />
    </>
  );
}
