import { type ErEntry, FRONT_DESK_MESSAGES, type LinkErEntry, linkErEntrySchema } from '@carepoint/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormDialog } from '@/components/form/form-dialog';
import { type PatientChoice, PatientPicker } from '@/components/form/patient-picker';
import { Checkbox } from '@/components/ui/checkbox';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { useLinkErEntry } from '@/features/admin/api/emergency';
import { patientSearch, usePatientDetail } from '@/features/admin/api/patients';
import { formatCalendarDate } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

/** The chosen patient's record beside the arrival, so the desk compares the same three facts. */
function MatchFacts({ patientId, typedName }: { patientId: string; typedName: string }) {
  const detail = usePatientDetail(patientId);
  const patient = detail.data?.patient;
  const rows: Array<[string, string]> = [
    ['Arrival', typedName],
    ['Patient record', patient?.fullName ?? 'Loading...'],
    [
      'Date of birth',
      patient ? (patient.dateOfBirth ? formatCalendarDate(patient.dateOfBirth) : 'Not recorded') : '',
    ],
    ['Phone', patient ? (patient.phone ?? 'Not recorded') : ''],
  ];
  return (
    <dl
      aria-label="Match to check"
      className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-surface-muted p-3 text-sm"
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="font-medium text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Before a walk-in gets a bed, the desk matches them to a registered patient: search, compare
 * name, date of birth and phone with the person in front of them, and confirm. From then on the
 * board, the bed and the record name that patient.
 */
export function ErLinkDialog({
  entry,
  open,
  onOpenChange,
  onLinked,
}: DialogComponentProps & { entry: ErEntry; onLinked: (linked: ErEntry) => void }) {
  const link = useLinkErEntry();
  const [choice, setChoice] = useState<PatientChoice>({ id: null, name: entry.patientName });
  const {
    register,
    onSubmit,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useContractForm({
    schema: linkErEntrySchema,
    defaultValues: { patientId: '', confirmed: false } satisfies LinkErEntry,
    fields: ['patientId', 'confirmed'],
    send: (body) => link.mutateAsync({ id: entry.id, body }),
    success: (saved) => FRONT_DESK_MESSAGES.linked(entry.patientName, saved.patientName),
    onSaved: onLinked,
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Find ${entry.patientName}'s record`}
      description={
        <>
          {FRONT_DESK_MESSAGES.admitNeedsPatient}. Not registered yet?{' '}
          <Link to="/admin/patients" className="font-medium text-primary-700 underline">
            Register them on Manage Patients
          </Link>
          , then come back.
        </>
      }
      submitLabel="Link patient"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <PatientPicker
        search={patientSearch}
        label="Registered patient"
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setValue('patientId', next.id ?? '', { shouldValidate: isSubmitted });
          // A different patient needs a new check.
          setValue('confirmed', false);
        }}
        error={errors.patientId?.message}
      />
      {choice.id ? <MatchFacts patientId={choice.id} typedName={entry.patientName} /> : null}
      <Checkbox
        label="I have checked the name, date of birth and phone: this is the same person"
        error={errors.confirmed?.message}
        {...register('confirmed')}
      />
    </FormDialog>
  );
}
