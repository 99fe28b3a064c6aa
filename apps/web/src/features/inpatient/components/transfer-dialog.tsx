import { STAY_MESSAGES, type Stay, transferSchema } from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Select } from '@/components/ui/select';
import { freeBedOptions, useFreeBeds, useTransfer } from '@/features/inpatient/api';
import { useContractForm } from '@/lib/use-contract-form';

/** Moves an admitted patient to a free bed of this ward or another; the bed left behind is cleaned first. */
export function TransferDialog({ stay, open, onOpenChange }: DialogComponentProps & { stay: Stay }) {
  const beds = useFreeBeds(open);
  const transfer = useTransfer();
  const free = (beds.data?.data ?? []).filter((b) => b.id !== stay.bed?.id);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: transferSchema,
    defaultValues: { bedId: '' },
    fields: ['bedId'],
    open,
    send: (body) => transfer.mutateAsync({ stayId: stay.id, body }),
    success: STAY_MESSAGES.transferred,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Transfer ${stay.patient.name}`}
      description={`From ${stay.bed?.label ?? 'no bed'} (${stay.ward.name}). The bed left behind goes to Cleaning.`}
      submitLabel="Transfer"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Select
        label="New bed"
        placeholder="Select a free bed"
        options={freeBedOptions(free)}
        disabled={beds.isLoading || free.length === 0}
        hint={beds.data && free.length === 0 ? 'No bed is free.' : undefined}
        error={errors.bedId?.message}
        {...register('bedId')}
      />
    </FormDialog>
  );
}
