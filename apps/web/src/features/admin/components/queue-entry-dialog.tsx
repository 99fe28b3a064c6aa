import {
  type CreateQueueEntry,
  createQueueEntrySchema,
  DEPARTMENTS,
  TRIAGE_LEVELS,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import { PatientPicker } from '@/components/form/patient-picker';
import type { ButtonVariant } from '@/components/ui/button';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { patientSearch } from '@/features/admin/api/patients';
import { useCreateQueueEntry } from '@/features/admin/api/queues';
import { useContractForm } from '@/lib/use-contract-form';

const BLANK: CreateQueueEntry = {
  patient: '',
  patientId: null,
  department: 'General',
  triage: 'Low',
  etaMinutes: 15,
};

/** Add to Queue: the patient, the department, triage and the estimated wait. */
function QueueEntryDialog({ open, onOpenChange }: DialogComponentProps) {
  const create = useCreateQueueEntry();
  const {
    register,
    onSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting, isSubmitted },
  } = useContractForm({
    schema: createQueueEntrySchema,
    defaultValues: BLANK,
    fields: ['patient', 'patientId', 'department', 'triage', 'etaMinutes'],
    send: (values) => create.mutateAsync(values),
    success: (entry) => `${entry.patient} added to the ${entry.department} queue`,
    resetOnSave: true,
    onSaved: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add to Queue"
      submitLabel="Add to Queue"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <PatientPicker
        search={patientSearch}
        label="Patient"
        allowFreeText
        hint="Type a name, or choose a registered patient."
        value={{ id: watch('patientId') ?? null, name: watch('patient') ?? '' }}
        onChange={({ id, name }) => {
          setValue('patientId', id);
          setValue('patient', name, { shouldValidate: isSubmitted });
        }}
        error={errors.patient?.message ?? errors.patientId?.message}
      />
      <div className="grid grid-cols-2 gap-4">
        <Select
          label="Department"
          options={optionsOf(DEPARTMENTS)}
          error={errors.department?.message}
          {...register('department')}
        />
        <Select
          label="Triage"
          options={optionsOf(TRIAGE_LEVELS)}
          error={errors.triage?.message}
          {...register('triage')}
        />
      </div>
      <Input
        label="ETA (minutes)"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        hint="Falls by one minute every minute until the patient is called."
        error={errors.etaMinutes?.message}
        {...register('etaMinutes')}
      />
    </FormDialog>
  );
}

export function AddToQueueButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add to Queue" dialog={QueueEntryDialog} variant={variant} />;
}
