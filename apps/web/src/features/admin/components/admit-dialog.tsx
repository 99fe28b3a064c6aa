import {
  type AdmitErEntry,
  admitErEntrySchema,
  type ErEntry,
  FRONT_DESK_MESSAGES,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Select } from '@/components/ui/select';
import { useFreeBeds } from '@/features/admin/api/beds';
import { useAdmitErEntry } from '@/features/admin/api/emergency';
import { useContractForm } from '@/lib/use-contract-form';

/**
 * Admit from the emergency room into a free bed: one request marks the visit Admitted and puts
 * the patient in the bed (two admits cannot take one bed). Freeing it later is Edit Bed's.
 */
export function AdmitDialog({ entry, open, onOpenChange }: DialogComponentProps & { entry: ErEntry }) {
  const beds = useFreeBeds(open);
  const admit = useAdmitErEntry();
  const free = beds.data?.data ?? [];
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: admitErEntrySchema,
    defaultValues: { bedId: '' } satisfies AdmitErEntry,
    fields: ['bedId'],
    send: (body) => admit.mutateAsync({ id: entry.id, body }),
    success: (_, { bedId }) =>
      FRONT_DESK_MESSAGES.admitted(entry.patientName, free.find((b) => b.id === bedId)?.label ?? 'a bed'),
    onSaved: () => onOpenChange(false),
  });
  let hint = 'The bed becomes Occupied by this patient.';
  if (beds.isLoading) hint = 'Loading free beds...';
  else if (beds.data && free.length === 0) hint = 'No bed is free. Free a bed on the Beds screen first.';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Admit ${entry.patientName}`}
      description="This ends the emergency-room visit: the patient is admitted to the bed you choose."
      submitLabel="Admit"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Select
        label="Bed"
        placeholder="Select a free bed"
        options={free.map((b) => ({ value: b.id, label: b.label }))}
        disabled={free.length === 0}
        hint={hint}
        error={errors.bedId?.message}
        {...register('bedId')}
      />
    </FormDialog>
  );
}
