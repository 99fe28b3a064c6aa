import {
  type AdmitErEntry,
  admitErEntrySchema,
  type ErEntry,
  FRONT_DESK_MESSAGES,
} from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Select } from '@/components/ui/select';
import { useFreeBeds } from '@/features/admin/api/beds';
import { useAdmitErEntry } from '@/features/admin/api/emergency';
import { submitForm } from '@/lib/forms';

/**
 * Admit from the emergency room into a free bed: one request marks the visit Admitted and puts
 * the patient in the bed (two admits cannot take one bed). Freeing it later is Edit Bed's.
 */
export function AdmitDialog({ entry, open, onOpenChange }: DialogComponentProps & { entry: ErEntry }) {
  const beds = useFreeBeds(open);
  const admit = useAdmitErEntry();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AdmitErEntry>({ resolver: zodResolver(admitErEntrySchema), defaultValues: { bedId: '' } });
  const free = beds.data?.data ?? [];
  const onSubmit = handleSubmit(async (body) => {
    const bed = free.find((b) => b.id === body.bedId)?.label ?? 'a bed';
    const saved = await submitForm(() => admit.mutateAsync({ id: entry.id, body }), {
      success: FRONT_DESK_MESSAGES.admitted(entry.patientName, bed),
      setError,
      fields: ['bedId'],
    });
    if (saved) onOpenChange(false);
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
