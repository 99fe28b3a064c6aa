import {
  type BillableAppointment,
  basisPointsToPercentText,
  DEFAULT_TAX_RATE_BP,
  emptyInvoiceLine,
  formatNaira,
  formLineKobo,
  INVOICE_LIMITS,
  type InvoiceDetail,
  invoiceTotals,
  koboToNairaText,
  type NewInvoiceForm,
  newInvoiceFormSchema,
  parsePercent,
  TRANSACTION_MESSAGES,
  toInvoiceInput,
} from '@carepoint/contract';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { type Path, useFieldArray } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  useBillableAppointments,
  useCreateInvoice,
  useUpdateInvoice,
} from '@/features/doctor/api/transactions';
import { formatSlot } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

/** New Invoice (for a completed appointment) or Edit invoice (a Pending one). */
export type InvoiceFormTarget =
  | { mode: 'new'; appointmentId?: string }
  | { mode: 'edit'; invoice: InvoiceDetail };

const FIELDS = [
  'appointmentId',
  'lines',
  'taxRate',
  'notes',
] as const satisfies readonly Path<NewInvoiceForm>[];

const billableLabel = (a: BillableAppointment) =>
  `${a.patientName}: ${a.title}, ${formatSlot(a.date, a.time)}`;

function defaultsOf(target: InvoiceFormTarget | null): NewInvoiceForm {
  if (target?.mode === 'edit') {
    const { invoice } = target;
    return {
      // Not sent when editing; any non-empty value passes the schema.
      appointmentId: invoice.appointment?.id ?? invoice.id,
      lines: invoice.lines.map((l) => ({
        description: l.description,
        quantity: String(l.quantity),
        unitPrice: koboToNairaText(l.unitPrice),
      })),
      taxRate: basisPointsToPercentText(invoice.taxRate),
      notes: invoice.notes ?? '',
    };
  }
  return {
    appointmentId: target?.appointmentId ?? '',
    lines: [{ description: 'Consultation', quantity: '1', unitPrice: '' }],
    taxRate: basisPointsToPercentText(DEFAULT_TAX_RATE_BP),
    notes: '',
  };
}

type Props = {
  target: InvoiceFormTarget | null;
  /** With the new invoice once one is created (to open it). */
  onClose: (created?: InvoiceDetail) => void;
};

/**
 * The invoice form: line items (description, quantity, unit price in naira), the tax rate in
 * percent and notes. Amounts are typed as text and converted to kobo exactly; the totals shown
 * are the contract's, the same the server stores.
 */
export function InvoiceFormDialog({ target, onClose }: Props) {
  const isNew = target?.mode === 'new';
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const billable = useBillableAppointments('', isNew);
  const {
    register,
    control,
    onSubmit,
    watch,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm({
    // Editing keeps the appointment (not shown): one schema serves both.
    schema: newInvoiceFormSchema,
    defaultValues: defaultsOf(target),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // Opened for another invoice (or a new one): its values.
    open: target !== null,
    fields: FIELDS,
    send: (values) => {
      const input = toInvoiceInput(values);
      return target?.mode === 'edit'
        ? update.mutateAsync({ id: target.invoice.id, input })
        : create.mutateAsync({ ...input, appointmentId: values.appointmentId });
    },
    success: target?.mode === 'edit' ? TRANSACTION_MESSAGES.saved : TRANSACTION_MESSAGES.created,
    onSaved: (saved) => onClose(target?.mode === 'new' ? saved : undefined),
  });
  const lines = useFieldArray({ control, name: 'lines' });

  // A native select cannot show a value before its option exists: once the appointments arrive,
  // the one chosen beforehand (Create invoice on an appointment) is put on screen again.
  const loadedOptions = billable.data;
  useEffect(() => {
    if (loadedOptions) setValue('appointmentId', getValues('appointmentId'));
  }, [loadedOptions, getValues, setValue]);

  const watched = watch('lines');
  const rate = parsePercent(watch('taxRate') ?? '') ?? 0;
  const totals = invoiceTotals((watched ?? []).map(formLineKobo), Math.min(rate, INVOICE_LIMITS.taxRateBp));

  const options = (billable.data?.data ?? []).map((a) => ({ value: a.id, label: billableLabel(a) }));
  const chosen = watch('appointmentId');
  const missing = isNew && chosen && billable.data && !options.some((o) => o.value === chosen);

  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? 'New Invoice' : `Edit invoice ${target?.mode === 'edit' ? target.invoice.number : ''}`}
      description={isNew ? 'Bill one of your completed appointments.' : 'A pending invoice can still change.'}
      submitLabel={isNew ? 'Create invoice' : 'Save invoice'}
      submitting={isSubmitting}
      onSubmit={(event) => void onSubmit(event)}
      size="lg"
    >
      {isNew ? (
        <Select
          label="Appointment"
          placeholder={billable.isPending ? 'Loading...' : 'Select a completed appointment'}
          options={
            missing ? [{ value: chosen, label: 'This appointment', disabled: true }, ...options] : options
          }
          error={errors.appointmentId?.message}
          hint={
            missing
              ? 'This appointment is not completed or already has an invoice.'
              : billable.data && options.length === 0
                ? 'All your completed appointments are billed.'
                : 'Your completed appointments without an invoice, newest first.'
          }
          {...register('appointmentId')}
        />
      ) : null}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium text-ink-soft">Line items</legend>
        {lines.fields.map((field, index) => (
          <div
            key={field.id}
            className="grid grid-cols-[5rem_minmax(0,1fr)_auto] items-start gap-2 rounded-lg border border-border p-3 sm:grid-cols-[minmax(0,1fr)_5rem_9rem_auto] sm:border-0 sm:p-0"
          >
            <Input
              label="Description"
              hideLabel={index > 0}
              className="col-span-3 sm:col-span-1"
              placeholder="Description"
              maxLength={INVOICE_LIMITS.description}
              error={errors.lines?.[index]?.description?.message}
              {...register(`lines.${index}.description`)}
            />
            <Input
              label="Qty"
              hideLabel={index > 0}
              inputMode="numeric"
              error={errors.lines?.[index]?.quantity?.message}
              {...register(`lines.${index}.quantity`)}
            />
            <Input
              label="Unit price (₦)"
              hideLabel={index > 0}
              inputMode="decimal"
              placeholder="0.00"
              error={errors.lines?.[index]?.unitPrice?.message}
              {...register(`lines.${index}.unitPrice`)}
            />
            <Button
              variant="ghost"
              size="icon"
              className={index === 0 ? 'mt-7' : undefined}
              aria-label={`Remove line ${index + 1}`}
              disabled={lines.fields.length === 1}
              onClick={() => lines.remove(index)}
            >
              <Trash2 aria-hidden size={16} />
            </Button>
          </div>
        ))}
        {errors.lines?.message || errors.lines?.root?.message ? (
          <p className="text-sm text-danger-700" role="alert">
            {errors.lines?.message ?? errors.lines?.root?.message}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            size="sm"
            disabled={lines.fields.length >= INVOICE_LIMITS.lines}
            onClick={() => lines.append({ ...emptyInvoiceLine })}
          >
            <Plus aria-hidden size={16} /> Add line
          </Button>
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Tax rate (%)"
          inputMode="decimal"
          hint="7.5% is Nigerian VAT."
          error={errors.taxRate?.message}
          {...register('taxRate')}
        />
        <dl className="self-end rounded-lg bg-muted px-3 py-2 text-sm" aria-label="Totals" aria-live="polite">
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">Subtotal</dt>
            <dd className="tabular-nums">{formatNaira(totals.subtotal)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-ink-muted">Tax</dt>
            <dd className="tabular-nums">{formatNaira(totals.tax)}</dd>
          </div>
          <div className="flex justify-between gap-4 font-semibold">
            <dt>Grand total</dt>
            <dd className="tabular-nums">{formatNaira(totals.total)}</dd>
          </div>
        </dl>
      </div>

      <Textarea
        label="Notes"
        rows={3}
        maxLength={INVOICE_LIMITS.notes}
        hint="Documentation kept with the invoice."
        error={errors.notes?.message}
        {...register('notes')}
      />
    </FormDialog>
  );
}
