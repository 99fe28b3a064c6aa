import {
  formatNaira,
  type LedgerRow,
  STOCK_MOVEMENT_LABELS,
  type StockBatch,
  type Store,
} from '@carepoint/contract';
import { useState } from 'react';
import { columnsFor, DataTable, type DataTableColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { Sheet } from '@/components/ui/sheet';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useBatchLedger, useStockRow, useStores } from '../api/stock';
import { AdjustDialog, type BatchTarget, ReturnDialog, TransferDialog } from './movement-dialogs';
import { signed } from './quantities';
import { BatchExpiry, BatchNumber, StockAlerts } from './stock-badges';
import { storeNameOf } from './store-names';

type Dialog = 'transfer' | 'return' | 'adjust';

const batchColumns = (
  stores: readonly Store[] | undefined,
  act: (batch: StockBatch, dialog: Dialog | 'ledger') => void,
): DataTableColumn<StockBatch>[] => {
  const col = columnsFor<StockBatch>();
  return [
    {
      id: 'batch',
      header: 'Batch',
      enableHiding: false,
      cell: ({ row }) => <BatchNumber batch={row.original} />,
    },
    {
      id: 'expiry',
      header: 'Expiry',
      cell: ({ row }) => <BatchExpiry batch={row.original} />,
    },
    {
      id: 'stores',
      header: 'On hand per store',
      cell: ({ row }) => (
        <ul className="min-w-40 text-sm">
          {row.original.stores.map((s) => (
            <li key={s.storeId}>
              {storeNameOf(stores, s.storeId)}: <span className="font-medium text-ink">{s.quantity}</span>
            </li>
          ))}
        </ul>
      ),
    },
    col.text('unitCost', 'Unit cost', (b) => formatNaira(b.unitCost)),
    col.actions((b) => (
      <>
        <Button size="sm" variant="secondary" onClick={() => act(b, 'transfer')}>
          Transfer<span className="sr-only"> batch {b.batchNumber}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => act(b, 'return')}>
          Return<span className="sr-only"> batch {b.batchNumber}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => act(b, 'adjust')}>
          Adjust<span className="sr-only"> batch {b.batchNumber}</span>
        </Button>
        <Button size="sm" variant="ghost" onClick={() => act(b, 'ledger')}>
          Ledger<span className="sr-only"> of batch {b.batchNumber}</span>
        </Button>
      </>
    )),
  ];
};

const ledgerColumns: DataTableColumn<LedgerRow>[] = [
  {
    id: 'when',
    header: 'When',
    enableHiding: false,
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.performedAt)}</span>,
  },
  {
    id: 'kind',
    header: 'Movement',
    cell: ({ row }) => (
      <span className="block min-w-32">
        <span className="block font-medium text-ink">{STOCK_MOVEMENT_LABELS[row.original.kind]}</span>
        <span className="block text-xs text-ink-muted">
          {[
            row.original.otherStoreName,
            row.original.supplier,
            row.original.invoiceNumber,
            row.original.reason,
          ]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
    ),
  },
  { id: 'store', header: 'Store', cell: ({ row }) => row.original.storeName },
  { id: 'quantity', header: 'Quantity', cell: ({ row }) => signed(row.original.quantity) },
  { id: 'balance', header: 'Balance after', cell: ({ row }) => row.original.balanceAfter },
  { id: 'by', header: 'By', cell: ({ row }) => row.original.performedBy },
];

/** A batch's ledger: every movement, newest first, with the balance it left in its store. */
function BatchLedger({ batchId }: { batchId: string }) {
  const ledger = useBatchLedger(batchId);
  return (
    <section aria-labelledby="batch-ledger" className="mt-6">
      <h3 id="batch-ledger" className="mb-2 font-semibold text-ink">
        Ledger of batch {ledger.data?.batch.batchNumber ?? ''}
      </h3>
      <DataTable
        label="Batch ledger"
        columns={ledgerColumns}
        data={ledger.data?.data ?? []}
        getRowId={(r) => r.id}
        isLoading={ledger.isPending}
        error={ledger.isError ? errorMessage(ledger.error) : null}
        onRetry={() => void ledger.refetch()}
        emptyText="No movements."
      />
    </section>
  );
}

/**
 * One medicine's stock: on hand per store, its batches on a shelf (first expiry first) with the
 * movements each allows, and the ledger of the batch chosen.
 */
export function StockSheet({ medicineId, onClose }: { medicineId: string | null; onClose: () => void }) {
  const stock = useStockRow(medicineId);
  const stores = useStores();
  const [target, setTarget] = useState<BatchTarget & { dialog: Dialog }>();
  const [ledgerOf, setLedgerOf] = useState<string | null>(null);
  const medicine = stock.data;
  const act = (batch: StockBatch, dialog: Dialog | 'ledger') => {
    if (!medicine) return;
    if (dialog === 'ledger') setLedgerOf(batch.id);
    else setTarget({ medicine, batch, dialog });
  };
  const close = () => {
    setLedgerOf(null);
    onClose();
  };
  const dialogOf = (dialog: Dialog) => (target?.dialog === dialog ? target : null);
  const closeDialog = () => setTarget(undefined);

  return (
    <Sheet
      open={medicineId !== null}
      onOpenChange={(open) => !open && close()}
      title={medicine?.label ?? 'Stock'}
      description={
        medicine
          ? `${medicine.onHand} ${medicine.dispensingUnit}s on hand · reorder level ${medicine.reorderLevel}`
          : undefined
      }
    >
      {medicine ? (
        <>
          <div className="mb-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <StockAlerts alerts={medicine.alerts} />
            {medicine.stores.map((s) => (
              <span key={s.storeId}>
                {storeNameOf(stores.data, s.storeId)}:{' '}
                <span className="font-medium text-ink">{s.quantity}</span>
              </span>
            ))}
          </div>
          <DataTable
            label="Batches"
            columns={batchColumns(stores.data, act)}
            data={medicine.batches}
            getRowId={(b) => b.id}
            emptyText="No stock on any shelf."
          />
          {ledgerOf ? <BatchLedger batchId={ledgerOf} /> : null}
        </>
      ) : (
        <p className="text-sm text-ink-muted">{stock.isError ? errorMessage(stock.error) : 'Loading…'}</p>
      )}
      <TransferDialog target={dialogOf('transfer')} onClose={closeDialog} />
      <ReturnDialog target={dialogOf('return')} onClose={closeDialog} />
      <AdjustDialog target={dialogOf('adjust')} onClose={closeDialog} />
    </Sheet>
  );
}
