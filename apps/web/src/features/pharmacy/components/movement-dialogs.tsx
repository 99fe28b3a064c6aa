import {
  ADJUSTMENT_REASONS,
  adjustmentInputSchema,
  PHARMACY_STOCK_MESSAGES as M,
  RETURN_DESTINATIONS,
  receiptFormSchema,
  returnInputSchema,
  type StockAdjustmentInput,
  type StockBatch,
  type StockReceiptForm,
  type StockReturnInput,
  type StockRow,
  type StockTransferInput,
  type Store,
  stockTransferInputSchema,
} from '@carepoint/contract';
import type { ReactNode } from 'react';
import { FormDialog, type FormDialogProps } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import { Input, type InputProps } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useContractForm } from '@/lib/use-contract-form';
import { useAdjust, useReceive, useReturn, useStores, useTransfer } from '../api/stock';
import { storeNameOf } from './store-names';

/*
 * The goods movements a pharmacist records on the stock screen: receiving a medicine's goods into
 * the main store, and a batch's transfer to a ward, return and adjustment. Each dialog is open
 * while it has its target and closes when the movement is saved.
 */

/** A batch of a medicine: the target of a transfer, a return or an adjustment. */
export type BatchTarget = { medicine: StockRow; batch: StockBatch };

type Closing = { onClose: () => void };

const RETURN_LABELS: Record<(typeof RETURN_DESTINATIONS)[number], string> = {
  main: 'The main store (from a ward)',
  supplier: 'The supplier (from the main store)',
};

/** "Main Pharmacy: 60": where the batch lies, for a store's choice. */
const storeOptions = (batch: StockBatch, stores: readonly Store[] | undefined) =>
  batch.stores.map((s) => ({ value: s.storeId, label: `${storeNameOf(stores, s.storeId)}: ${s.quantity}` }));

/** The frame of a batch's movement: a form dialog titled for the batch, open while it has one. */
function BatchDialog({
  target,
  onClose,
  title,
  submitLabel,
  form,
  children,
}: {
  target: BatchTarget | null;
  title: string;
  submitLabel: string;
  form: { onSubmit: FormDialogProps['onSubmit']; formState: { isSubmitting: boolean } };
  children: ReactNode;
} & Closing) {
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={target ? `${target.medicine.label}, batch ${target.batch.batchNumber}.` : undefined}
      submitLabel={submitLabel}
      submitting={form.formState.isSubmitting}
      onSubmit={form.onSubmit}
    >
      {children}
    </FormDialog>
  );
}

/** A whole number of dispensing units, typed. */
const QuantityInput = (props: Omit<InputProps, 'label' | 'autoComplete'>) => (
  <Input label="Quantity" autoComplete="off" {...props} />
);

/** Goods from a supplier into the main store: a new batch, or more of one received before. */
export function ReceiveDialog({ medicine, onClose }: { medicine: StockRow | null } & Closing) {
  const receive = useReceive();
  const open = medicine !== null;
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: receiptFormSchema,
    defaultValues: {
      medicineId: medicine?.id ?? '',
      supplier: '',
      invoiceNumber: '',
      batchNumber: '',
      expiryDate: '',
      quantity: '',
      unitCost: '',
    } satisfies StockReceiptForm,
    fields: ['supplier', 'invoiceNumber', 'batchNumber', 'expiryDate', 'quantity', 'unitCost'],
    open,
    send: (body) => receive.mutateAsync({ ...body, medicineId: medicine?.id ?? '' }),
    success: M.received,
    onSaved: onClose,
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Receive goods"
      description={
        medicine
          ? `${medicine.label} into the main store, counted in ${medicine.dispensingUnit}s.`
          : undefined
      }
      submitLabel="Receive"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input label="Supplier" autoComplete="off" error={errors.supplier?.message} {...register('supplier')} />
      <Input
        label="Invoice number"
        autoComplete="off"
        error={errors.invoiceNumber?.message}
        {...register('invoiceNumber')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Batch number"
          autoComplete="off"
          error={errors.batchNumber?.message}
          {...register('batchNumber')}
        />
        <Input
          label="Expiry date"
          type="date"
          error={errors.expiryDate?.message}
          {...register('expiryDate')}
        />
        <Input
          label="Quantity"
          inputMode="numeric"
          autoComplete="off"
          error={errors.quantity?.message}
          {...register('quantity')}
        />
        <Input
          label="Unit cost (₦)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.unitCost?.message}
          {...register('unitCost')}
        />
      </div>
    </FormDialog>
  );
}

/** A batch from the main store to a ward's store (made by its first transfer). */
export function TransferDialog({ target, onClose }: { target: BatchTarget | null } & Closing) {
  const transfer = useTransfer();
  const stores = useStores();
  const wards = (stores.data ?? []).filter((s) => s.kind === 'ward');
  const form = useContractForm({
    schema: stockTransferInputSchema,
    defaultValues: { batchId: target?.batch.id ?? '', wardId: '', quantity: '' } satisfies StockTransferInput,
    fields: ['wardId', 'quantity'],
    open: target !== null,
    send: (body) => transfer.mutateAsync({ ...body, batchId: target?.batch.id ?? '' }),
    success: M.transferred,
    onSaved: onClose,
  });
  const { register, formState } = form;
  return (
    <BatchDialog
      target={target}
      onClose={onClose}
      title="Transfer to a ward"
      submitLabel="Transfer"
      form={form}
    >
      <Select
        label="Ward"
        placeholder="Choose a ward"
        options={wards.map((w) => ({ value: w.wardId ?? '', label: w.name }))}
        error={formState.errors.wardId?.message}
        {...register('wardId')}
      />
      <QuantityInput
        inputMode="numeric"
        error={formState.errors.quantity?.message}
        {...register('quantity')}
      />
    </BatchDialog>
  );
}

/** A ward's stock of a batch back to the main store, or the main store's back to the supplier. */
export function ReturnDialog({ target, onClose }: { target: BatchTarget | null } & Closing) {
  const giveBack = useReturn();
  const stores = useStores();
  const form = useContractForm({
    schema: returnInputSchema,
    defaultValues: {
      batchId: target?.batch.id ?? '',
      storeId: target?.batch.stores[0]?.storeId ?? '',
      to: 'main',
      quantity: '',
      reason: '',
    } satisfies StockReturnInput,
    fields: ['storeId', 'to', 'quantity', 'reason'],
    open: target !== null,
    send: (body) => giveBack.mutateAsync({ ...body, batchId: target?.batch.id ?? '' }),
    success: M.returned,
    onSaved: onClose,
  });
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <BatchDialog target={target} onClose={onClose} title="Return stock" submitLabel="Return" form={form}>
      <Select
        label="From"
        options={target ? storeOptions(target.batch, stores.data) : []}
        error={errors.storeId?.message}
        {...register('storeId')}
      />
      <Select
        label="Back to"
        options={RETURN_DESTINATIONS.map((to) => ({ value: to, label: RETURN_LABELS[to] }))}
        error={errors.to?.message}
        {...register('to')}
      />
      <QuantityInput inputMode="numeric" error={errors.quantity?.message} {...register('quantity')} />
      <Input label="Reason" autoComplete="off" error={errors.reason?.message} {...register('reason')} />
    </BatchDialog>
  );
}

/** A store's stock of a batch put right: damaged, expired or a count correction, with a note. */
export function AdjustDialog({ target, onClose }: { target: BatchTarget | null } & Closing) {
  const adjust = useAdjust();
  const stores = useStores();
  const form = useContractForm({
    schema: adjustmentInputSchema,
    defaultValues: {
      batchId: target?.batch.id ?? '',
      storeId: target?.batch.stores[0]?.storeId ?? '',
      quantity: '',
      reasonKind: 'Damaged',
      note: '',
    } satisfies StockAdjustmentInput,
    fields: ['storeId', 'quantity', 'reasonKind', 'note'],
    open: target !== null,
    send: (body) => adjust.mutateAsync({ ...body, batchId: target?.batch.id ?? '' }),
    success: M.adjusted,
    onSaved: onClose,
  });
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <BatchDialog target={target} onClose={onClose} title="Adjust stock" submitLabel="Adjust" form={form}>
      <Select
        label="Store"
        options={target ? storeOptions(target.batch, stores.data) : []}
        error={errors.storeId?.message}
        {...register('storeId')}
      />
      <Select
        label="Why"
        options={optionsOf(ADJUSTMENT_REASONS)}
        error={errors.reasonKind?.message}
        {...register('reasonKind')}
      />
      <QuantityInput
        hint="Negative takes stock away (damaged, expired); positive adds (a count found more)."
        error={errors.quantity?.message}
        {...register('quantity')}
      />
      <Input label="Note" autoComplete="off" error={errors.note?.message} {...register('note')} />
    </BatchDialog>
  );
}
