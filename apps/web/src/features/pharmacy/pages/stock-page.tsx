import {
  STOCK_ALERT_LABELS,
  STOCK_ALERTS,
  STOCK_PAGE_SIZE,
  STOCK_SORTABLE,
  type StockRow,
} from '@carepoint/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  columnsFor,
  type DataTableColumn,
  FilterSelect,
  ListTable,
  withSorting,
} from '@/components/data-table';
import { Button, buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useUrlFilter } from '@/lib/use-url-filters';
import { stockPageQuery, useStockLiveUpdates, useStores } from '../api/stock';
import { ReceiveDialog } from '../components/movement-dialogs';
import { StockAlerts } from '../components/stock-badges';
import { StockSheet } from '../components/stock-sheet';
import { storeNameOf } from '../components/store-names';

/**
 * The pharmacy's stock (docs/areas/pharmacy.md): every medicine with its on hand in total and per
 * store, its reorder level and alerts, searched, sorted and paged by the server; filtered by an
 * alert. Receive brings a medicine's goods into the main store; Batches opens its batches, where
 * each is transferred, returned, adjusted and its ledger read. Live on the pharmacy's stream: a
 * movement or a dispense made elsewhere shows without a reload.
 */
export default function StockPage() {
  const live = useStockLiveUpdates();
  const [alert] = useUrlFilter('alert');
  const stores = useStores();
  const [receiving, setReceiving] = useState<StockRow | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const col = columnsFor<StockRow>();

  const columns: DataTableColumn<StockRow>[] = withSorting(STOCK_SORTABLE, [
    {
      id: 'name',
      header: 'Medicine',
      enableHiding: false,
      cell: ({ row }) => (
        <span className="block min-w-44">
          <span className="block font-medium text-ink">{row.original.label}</span>
          <span className="block text-xs text-ink-muted">
            {[row.original.brandName, `per ${row.original.dispensingUnit}`].filter(Boolean).join(' · ')}
          </span>
        </span>
      ),
    },
    {
      id: 'onHand',
      header: 'On hand',
      cell: ({ row }) => (
        <span className="block min-w-36">
          <span className="block font-medium text-ink">{row.original.onHand}</span>
          {row.original.stores.map((s) => (
            <span key={s.storeId} className="block text-xs whitespace-nowrap text-ink-muted">
              {storeNameOf(stores.data, s.storeId)}: {s.quantity}
            </span>
          ))}
        </span>
      ),
    },
    col.text('reorderLevel', 'Reorder level', (r) => r.reorderLevel),
    {
      id: 'alerts',
      header: 'Alerts',
      cell: ({ row }) => <StockAlerts alerts={row.original.alerts} />,
    },
    col.actions((r) => (
      <>
        <Button size="sm" variant="secondary" onClick={() => setReceiving(r)}>
          Receive<span className="sr-only"> {r.label}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(r.id)}>
          Batches<span className="sr-only"> of {r.label}</span>
        </Button>
      </>
    )),
  ]);

  return (
    <>
      <PageHeader
        title="Stock"
        description={`Every medicine on hand in the main store and the wards' stores, live${live === 'live' ? '' : ` (${live})`}.`}
        actions={
          <Link to="/pharmacy/stock/count" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
            Count stock
          </Link>
        }
      />
      <ListTable
        query={stockPageQuery}
        label="Stock"
        columns={columns}
        filters={{ alert: alert || undefined }}
        defaultSort="name"
        defaultLimit={STOCK_PAGE_SIZE}
        searchPlaceholder="Search medicines"
        toolbar={
          <FilterSelect
            name="alert"
            label="Alert"
            values={STOCK_ALERTS}
            labels={STOCK_ALERT_LABELS}
            allLabel="All medicines"
          />
        }
      />
      <ReceiveDialog medicine={receiving} onClose={() => setReceiving(null)} />
      <StockSheet medicineId={open} onClose={() => setOpen(null)} />
    </>
  );
}
