import { BILLING_MESSAGES, formatNaira, type PriceHistory, type PriceListRow } from '@carepoint/contract';
import type { Path } from 'react-hook-form';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FormDialog } from '@/components/form/form-dialog';
import { Dialog } from '@/components/ui/dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { useSetPrice } from '@/features/admin/api/payers';
import { checkPrice, type PriceFormValues, priceFormValues } from '@/features/admin/payer-form';
import { usePriceHistory } from '@/lib/api/price-lists';
import { deviceToday, formatCalendarDate, formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS: ReadonlyArray<Path<PriceFormValues>> = ['amount', 'effectiveFrom'];

type ForService = DialogComponentProps & { payerId: string; payerName: string; service: PriceListRow };

/**
 * Set Price: the service's price on this payer's list from a date, today or later. It adds a row;
 * the price before it stays in force until that date and in the history.
 */
export function SetPriceDialog({ open, onOpenChange, payerId, payerName, service }: ForService) {
  const today = deviceToday();
  const setPrice = useSetPrice();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: priceFormValues(service.current?.amount ?? null, today),
    check: (values: PriceFormValues) => checkPrice(service.id, values),
    fields: FIELDS,
    send: (body) => setPrice.mutateAsync({ id: payerId, body }),
    success: BILLING_MESSAGES.priceSet,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Set price: ${service.name}`}
      description={`${payerName}. A new price applies from its date; earlier prices and charges stay as they were.`}
      submitLabel="Set Price"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Price (₦)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Input
          label="From"
          type="date"
          min={today}
          error={errors.effectiveFrom?.message}
          {...register('effectiveFrom')}
        />
      </div>
    </FormDialog>
  );
}

type HistoryRow = PriceHistory['prices'][number];
const HISTORY_COLUMNS: DataTableColumn<HistoryRow>[] = [
  { id: 'effectiveFrom', header: 'From', cell: ({ row }) => formatCalendarDate(row.original.effectiveFrom) },
  { id: 'amount', header: 'Price', cell: ({ row }) => formatNaira(row.original.amount) },
  {
    id: 'setBy',
    header: 'Set by',
    cell: ({ row }) => (
      <span className="flex flex-col">
        <span>{row.original.setBy ?? '—'}</span>
        <span className="text-xs text-ink-soft">{formatDateTime(row.original.setAt)}</span>
      </span>
    ),
  },
];

/** Every price the service has had on this list, newest date first. */
export function PriceHistoryDialog({ open, onOpenChange, payerId, payerName, service }: ForService) {
  const history = usePriceHistory(payerId, open ? service.id : null);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Price history: ${service.name}`}
      description={payerName}
    >
      <DataTable
        label={`Price history of ${service.name}`}
        columns={HISTORY_COLUMNS}
        data={history.data?.prices ?? []}
        getRowId={(row) => row.id}
        isLoading={history.isPending}
        error={history.isError ? BILLING_MESSAGES.pricesLoadFailed : null}
        onRetry={() => void history.refetch()}
        emptyText={BILLING_MESSAGES.noPrice}
      />
    </Dialog>
  );
}
