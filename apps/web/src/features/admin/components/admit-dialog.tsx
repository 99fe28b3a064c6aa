import { admitErEntrySchema, type ErEntry, FRONT_DESK_MESSAGES } from '@carepoint/contract';
import { FormProvider } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { CoverageWarning } from '@/components/patient-coverage/coverage-warning';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Select } from '@/components/ui/select';
import { useAdmitErEntry } from '@/features/admin/api/emergency';
import { freeBedOptions, useFreeBeds } from '@/features/inpatient/api';
import {
  ADMISSION_FIELDS,
  AdmissionFields,
  type AdmissionFormValues,
  admissionDefaults,
} from '@/features/inpatient/components/admission-fields';
import { useContractForm } from '@/lib/use-contract-form';

type AdmitForm = AdmissionFormValues & { bedId: string };

/**
 * Admit from the emergency room: one request marks the visit Admitted and opens the patient's
 * inpatient stay in the bed chosen, under the doctor in charge (two admits cannot take one bed).
 * The reason starts as the complaint the desk recorded.
 */
export function AdmitDialog({ entry, open, onOpenChange }: DialogComponentProps & { entry: ErEntry }) {
  const beds = useFreeBeds(open);
  const admit = useAdmitErEntry();
  const free = beds.data?.data ?? [];
  const form = useContractForm({
    schema: admitErEntrySchema,
    defaultValues: { ...admissionDefaults(entry.complaint.slice(0, 300)), bedId: '' } satisfies AdmitForm,
    fields: ['bedId', ...ADMISSION_FIELDS],
    send: (body) => admit.mutateAsync({ id: entry.id, body }),
    success: (_, { bedId }) =>
      FRONT_DESK_MESSAGES.admitted(
        entry.patientName,
        freeBedOptions(free).find((b) => b.value === bedId)?.label ?? 'a bed',
      ),
    onSaved: () => onOpenChange(false),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  let hint = 'The bed becomes Occupied by this patient; the ward board shows them at once.';
  if (beds.isLoading) hint = 'Loading free beds...';
  else if (beds.data && free.length === 0)
    hint = 'No bed is free. A bed being cleaned is made ready on the ward board.';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Admit ${entry.patientName}`}
      description="This ends the emergency-room visit: the patient is admitted to the bed you choose."
      submitLabel="Admit"
      submitting={isSubmitting}
      onSubmit={form.onSubmit}
    >
      <CoverageWarning patientId={open ? entry.patientId : null} />
      <FormProvider {...form}>
        <Select
          label="Bed"
          placeholder="Select a free bed"
          options={freeBedOptions(free)}
          disabled={free.length === 0}
          hint={hint}
          error={errors.bedId?.message}
          {...register('bedId')}
        />
        <AdmissionFields open={open} />
      </FormProvider>
    </FormDialog>
  );
}
