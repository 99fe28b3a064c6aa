import {
  ADDABLE_PAYER_KINDS,
  BILLING_MESSAGES,
  MARKUP_BASE_LABELS,
  MARKUP_BASES,
  PAYER_KIND_LABELS,
  type Payer,
} from '@carepoint/contract';
import type { Path } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreatePayer, useUpdatePayer } from '@/features/admin/api/payers';
import { BLANK_PAYER, checkPayer, type PayerFormValues, payerFormValues } from '@/features/admin/payer-form';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS: ReadonlyArray<Path<PayerFormValues>> = [
  'kind',
  'name',
  'code',
  'contact',
  'markup',
  'markupBase',
];

/** Add Payer (no payer: NHIA or an HMO) or Edit Payer (its details and markup rule; the kind stays). */
export function PayerDialog({ open, onOpenChange, payer }: DialogComponentProps & { payer?: Payer }) {
  const create = useCreatePayer();
  const update = useUpdatePayer();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: payer ? payerFormValues(payer) : BLANK_PAYER,
    check: checkPayer,
    fields: FIELDS,
    send: ({ kind, ...body }) =>
      payer ? update.mutateAsync({ id: payer.id, body }) : create.mutateAsync({ kind, ...body }),
    success: payer ? BILLING_MESSAGES.payerUpdated : BILLING_MESSAGES.payerAdded,
    resetOnSave: !payer,
    onSaved: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={payer ? `Edit ${payer.name}` : 'Add Payer'}
      submitLabel={payer ? 'Save' : 'Add Payer'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {payer ? null : (
          <Select
            label="Kind"
            options={ADDABLE_PAYER_KINDS.map((kind) => ({ value: kind, label: PAYER_KIND_LABELS[kind] }))}
            error={errors.kind?.message}
            {...register('kind')}
          />
        )}
        <Input label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        <Input
          label="Code"
          autoComplete="off"
          hint="The payer's code on its claim forms (optional)"
          error={errors.code?.message}
          {...register('code')}
        />
        <Input
          label="Contact"
          autoComplete="off"
          hint="Phone, e-mail or desk (optional)"
          error={errors.contact?.message}
          {...register('contact')}
        />
        <Input
          label="Medicine markup (%)"
          inputMode="decimal"
          autoComplete="off"
          hint="For medicines this list sets no price for; empty: none"
          error={errors.markup?.message}
          {...register('markup')}
        />
        <Select
          label="Markup over"
          options={MARKUP_BASES.map((base) => ({ value: base, label: MARKUP_BASE_LABELS[base] }))}
          error={errors.markupBase?.message}
          {...register('markupBase')}
        />
      </div>
    </FormDialog>
  );
}

export function AddPayerButton() {
  return <DialogButton label="Add Payer" dialog={PayerDialog} />;
}
