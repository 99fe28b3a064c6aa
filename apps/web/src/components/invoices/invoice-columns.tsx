import { formatNaira, type InvoiceRow } from '@carepoint/contract';
import { columnsFor, type DataTableColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { formatDate } from '@/lib/format';

const col = columnsFor<InvoiceRow>();

/** The columns every invoice list ends with: Date (issued), Total (₦), Status and View. */
export const invoiceTailColumns = (onView: (id: string) => void): DataTableColumn<InvoiceRow>[] => [
  {
    id: 'date',
    header: 'Date',
    accessorFn: (r) => r.date,
    cell: ({ row }) => (
      <time dateTime={row.original.date} className="whitespace-nowrap">
        {formatDate(row.original.date)}
      </time>
    ),
  },
  {
    id: 'total',
    header: 'Total',
    accessorFn: (r) => r.total,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">{formatNaira(row.original.total)}</span>
    ),
  },
  col.status('status', 'Status', (r) => r.status),
  col.actions((r) => (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`View invoice ${r.number}`}
      onClick={(event) => {
        event.stopPropagation();
        onView(r.id);
      }}
    >
      View
    </Button>
  )),
];
