import { arriveSchema, STAY_MESSAGES, type Stay } from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Select } from '@/components/ui/select';
import { freeBedOptions, useArrive, useFreeBeds } from '@/features/inpatient/api';
import { useContractForm } from '@/lib/use-contract-form';

/** A planned patient has arrived: into the reserved bed, or another free one chosen now. */
export function ArriveDialog({ stay, open, onOpenChange }: DialogComponentProps & { stay: Stay }) {
  const beds = useFreeBeds(open);
  const arrive = useArrive();
  const reserved = stay.bed;
  const options = [
    ...(reserved ? [{ value: '', label: `${reserved.label} (reserved)` }] : []),
    ...freeBedOptions(beds.data?.data ?? []),
  ];
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: arriveSchema,
    defaultValues: { bedId: '' },
    fields: ['bedId'],
    open,
    send: ({ bedId }) => arrive.mutateAsync({ stayId: stay.id, bedId: bedId ?? undefined }),
    success: STAY_MESSAGES.admitted,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Admit ${stay.patient.name}`}
      description="The planned patient has arrived: they take the bed below."
      submitLabel="Admit"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Select
        label="Bed"
        placeholder={reserved ? undefined : 'Select a free bed'}
        options={options}
        error={errors.bedId?.message}
        {...register('bedId')}
      />
    </FormDialog>
  );
}
