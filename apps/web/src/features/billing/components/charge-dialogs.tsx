import {
  CHARGE_MESSAGES,
  type Charge,
  formatNaira,
  type PriceListRow,
  SERVICE_KIND_LABELS,
  voidChargeSchema,
} from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Path } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { priceListQuery } from '@/lib/api/price-lists';
import { deviceToday, formatCalendarDate } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { useAddCharge, useVoidCharge } from '../api/charges';
import { blankCharge, type ChargeFormValues, checkCharge } from '../charge-form';

const FIELDS: ReadonlyArray<Path<ChargeFormValues>> = [
  'serviceId',
  'description',
  'unitPrice',
  'quantity',
  'careDate',
  'reason',
];

/** The services of the payer's list matching what is typed, with the price in force today. */
function useServiceSearch(payerId: string, term: string) {
  const params = new URLSearchParams({ limit: '20', sort: 'name' });
  if (term.trim()) params.set('q', term.trim());
  return useQuery(priceListQuery(payerId)(`?${params.toString()}`));
}

const serviceLabel = (row: PriceListRow) =>
  `${row.name} (${SERVICE_KIND_LABELS[row.kind]}) · ${row.current ? formatNaira(row.current.amount) : CHARGE_MESSAGES.noPriceToday}`;

type AddChargeProps = DialogComponentProps & { patientId: string; payer: { id: string; name: string } };

/**
 * Add Charge: a service of the price list at the patient's payer's price on the day, or one the
 * list lacks with its description and price; the quantity; and why, always.
 */
export function AddChargeDialog({ open, onOpenChange, patientId, payer }: AddChargeProps) {
  const today = deviceToday();
  const add = useAddCharge(patientId);
  const [term, setTerm] = useState('');
  const services = useServiceSearch(payer.id, term);
  const {
    register,
    watch,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: blankCharge(today),
    check: checkCharge,
    fields: FIELDS,
    send: (body) => add.mutateAsync(body),
    success: CHARGE_MESSAGES.chargeAdded,
    open,
    onReset: () => setTerm(''),
    onSaved: () => onOpenChange(false),
  });
  const listed = watch('kind') === 'listed';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Charge"
      description={`Charged to ${payer.name} at its price on the day; a service the list lacks is the patient’s to pay.`}
      submitLabel="Add Charge"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Charge for"
          className="sm:col-span-2"
          options={[
            { value: 'listed', label: 'A service on the price list' },
            { value: 'described', label: 'A service the list lacks' },
          ]}
          {...register('kind')}
        />
        {listed ? (
          <>
            <Input
              label="Find a service"
              type="search"
              autoComplete="off"
              value={term}
              onChange={(event) => setTerm(event.target.value)}
              placeholder="Name or code"
            />
            <Select
              label="Service"
              placeholder={services.isPending ? 'Loading...' : 'Choose the service'}
              error={errors.serviceId?.message}
              options={(services.data?.data ?? []).map((row) => ({
                value: row.id,
                label: serviceLabel(row),
              }))}
              {...register('serviceId')}
            />
          </>
        ) : (
          <>
            <Input
              label="Description"
              autoComplete="off"
              error={errors.description?.message}
              {...register('description')}
            />
            <Input
              label="Unit price (₦)"
              inputMode="decimal"
              autoComplete="off"
              error={errors.unitPrice?.message}
              {...register('unitPrice')}
            />
          </>
        )}
        <Input
          label="Quantity"
          inputMode="numeric"
          autoComplete="off"
          error={errors.quantity?.message}
          {...register('quantity')}
        />
        <Input
          label="Day of the care"
          type="date"
          max={today}
          error={errors.careDate?.message}
          {...register('careDate')}
        />
        <Textarea
          label="Reason"
          rows={3}
          className="sm:col-span-2"
          error={errors.reason?.message}
          {...register('reason')}
        />
      </div>
    </FormDialog>
  );
}

type VoidProps = DialogComponentProps & { patientId: string; charge: Charge };

/** Void: the charge stays on the bill, struck through, with the reason; it counts for nothing. */
export function VoidChargeDialog({ open, onOpenChange, patientId, charge }: VoidProps) {
  const voiding = useVoidCharge(patientId);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: { reason: '' },
    schema: voidChargeSchema,
    fields: ['reason'],
    send: ({ reason }) => voiding.mutateAsync({ id: charge.id, reason }),
    success: CHARGE_MESSAGES.chargeVoided,
    open,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Void: ${charge.service}`}
      description={`${formatCalendarDate(charge.careDate)} · ${formatNaira(charge.amount)}. The line stays on the bill, struck through.`}
      submitLabel="Void Charge"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Textarea label="Reason" rows={3} error={errors.reason?.message} {...register('reason')} />
    </FormDialog>
  );
}
