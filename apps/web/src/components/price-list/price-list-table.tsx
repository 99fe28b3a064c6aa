import {
  BILLABLE_SERVICE_KINDS,
  BILLING_MESSAGES,
  type DatedPrice,
  formatNaira,
  PRICE_LIST_SORTABLE,
  type PriceListRow,
  SERVICE_KIND_LABELS,
} from '@carepoint/contract';
import type { ReactNode } from 'react';
import {
  columnsFor,
  type DataTableColumn,
  FilterSelect,
  ListTable,
  withSorting,
} from '@/components/data-table';
import { priceListQuery } from '@/lib/api/price-lists';
import { formatCalendarDate } from '@/lib/format';
import { useUrlFilter } from '@/lib/use-url-filters';

const col = columnsFor<PriceListRow>();

/** "₦5,000.00" over "since 7 Jan 2030", or `none`. */
function PriceCell({ price, since, none }: { price: DatedPrice | null; since: string; none: string }) {
  if (!price) return <span className="text-ink-soft">{none}</span>;
  return (
    <span className="flex flex-col">
      <span className="whitespace-nowrap font-medium">{formatNaira(price.amount)}</span>
      <span className="whitespace-nowrap text-xs text-ink-soft">
        {since} {formatCalendarDate(price.effectiveFrom)}
      </span>
    </span>
  );
}

const columns = (actions?: (row: PriceListRow) => ReactNode): DataTableColumn<PriceListRow>[] =>
  withSorting(PRICE_LIST_SORTABLE, [
    {
      ...col.text('name', 'Service', (r) => r.name),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span>{row.original.name}</span>
          {row.original.code ? <span className="text-xs text-ink-soft">{row.original.code}</span> : null}
        </span>
      ),
    },
    col.text('kind', 'Kind', (r) => SERVICE_KIND_LABELS[r.kind]),
    {
      ...col.text('current', 'Price', (r) => r.current?.amount ?? null),
      cell: ({ row }) => (
        <PriceCell price={row.original.current} since="since" none={BILLING_MESSAGES.noPrice} />
      ),
    },
    {
      ...col.text('next', 'Next change', (r) => r.next?.amount ?? null),
      cell: ({ row }) => <PriceCell price={row.original.next} since="from" none="—" />,
    },
    ...(actions ? [col.actions(actions)] : []),
  ]);

/**
 * A payer's price list, paged on the server: every active service with its price today and the
 * next one set, searchable and filtered by kind. The admin's Prices screen adds its actions.
 */
export function PriceListTable({
  payerId,
  label,
  actions,
}: {
  payerId: string;
  label: string;
  actions?: (row: PriceListRow) => ReactNode;
}) {
  const [kind] = useUrlFilter('kind');
  return (
    <ListTable
      query={priceListQuery(payerId)}
      label={label}
      columns={columns(actions)}
      searchPlaceholder="Search by service name or code"
      filters={{ kind }}
      defaultSort="kind"
      toolbar={
        <FilterSelect
          name="kind"
          label="Kind"
          values={BILLABLE_SERVICE_KINDS}
          labels={SERVICE_KIND_LABELS}
          allLabel="All kinds"
        />
      }
    />
  );
}
