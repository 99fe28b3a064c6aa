import {
  APPOINTMENT_TYPES,
  type BookingPatient,
  type CreateDoctorAppointmentInput,
  createDoctorAppointmentSchema,
  DOCTOR_APPOINTMENT_DEFAULTS,
  TOASTS,
} from '@carepoint/contract';
import { useState } from 'react';
import type { Path, UseFormRegisterReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormDialog } from '@/components/form/form-dialog';
import { GENDER_OPTIONS } from '@/components/form/options';
import { PatientPicker } from '@/components/form/patient-picker';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { bookingPatientSearch, useAddAppointment, useOwnSlots } from '@/features/doctor/api/appointments';
import { isApiRequestError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { deviceToday } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { typeLabel } from './format';

const FIELDS = [
  'fullName',
  'email',
  'phone',
  'age',
  'gender',
  'date',
  'time',
  'type',
] as const satisfies readonly Path<CreateDoctorAppointmentInput>[];
const TYPE_OPTIONS = APPOINTMENT_TYPES.map((t) => ({ value: t, label: typeLabel(t) }));
/** Under a field the chosen patient's record filled in (and that the booking cannot change). */
const FROM_RECORD = "From the patient's record.";

/** The time: one of the doctor's free slots that day, by the one availability rule, as HH:MM:SS. */
function TimeField({
  doctorId,
  date,
  field,
  error,
}: {
  doctorId: string;
  date: string;
  field: UseFormRegisterReturn<'time'>;
  error?: string;
}) {
  const slots = useOwnSlots(doctorId, date);
  const free = slots.data?.slots ?? [];
  let hint = 'Your free times that day.';
  if (!date) hint = 'Choose a date first.';
  else if (slots.isLoading) hint = 'Loading your free times...';
  else if (slots.isError) hint = 'Could not load your free times. Choose another date.';
  else if (slots.data && !slots.data.hours) hint = `You do not work on ${slots.data.day}s.`;
  else if (slots.data && free.length === 0) hint = 'No free times left that day. Please choose another date.';
  return (
    <Select
      label="Time"
      placeholder="Select a time"
      options={free.map((t) => ({ value: `${t}:00`, label: t }))}
      disabled={!date || free.length === 0}
      hint={hint}
      error={error}
      {...field}
    />
  );
}

export type AddAppointmentDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Add new Appointment (docs/areas/doctor-appointments.md): every input is bound to the
 * contract's schema, validated on submit and again on each change afterwards. It books a free
 * slot of the signed-in doctor for the patient with that e-mail, or for a new patient account.
 */
export function AddAppointmentDialog({ open, onOpenChange }: AddAppointmentDialogProps) {
  const { user } = useAuth();
  const add = useAddAppointment();
  // The registered patient chosen in the Fullname box, whose record filled the fields below.
  const [patient, setPatient] = useState<BookingPatient | null>(null);
  const {
    register,
    onSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting, isSubmitted },
  } = useContractForm({
    schema: createDoctorAppointmentSchema,
    defaultValues: DOCTOR_APPOINTMENT_DEFAULTS,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    open,
    onReset: () => setPatient(null),
    fields: FIELDS,
    // The error toast is the mutation's own; field messages go under their fields.
    send: (values) => add.mutateAsync(values),
    success: TOASTS.appointmentCreated,
    onRefused: (err) => {
      if (isApiRequestError(err) && err.code === 'SLOT_TAKEN') setValue('time', '');
    },
    onSaved: (created) => {
      if (created.patientCreated) {
        toast.success(
          `New patient account for ${created.appointment.patient.email}: a link to set a password was e-mailed.`,
        );
      }
      onOpenChange(false);
    },
  });
  const date = watch('date') ?? '';
  const fullName = watch('fullName') ?? '';

  /**
   * Choosing a registered patient fills their e-mail, phone, age and gender from the record. The
   * booking finds the account by e-mail and keeps the record's phone and gender, so those stay
   * fixed; a detail the record lacks is left for the doctor to type (the booking stores it).
   */
  const choosePatient = (chosen: BookingPatient) => {
    setPatient(chosen);
    const fill = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('fullName', chosen.fullName, fill);
    setValue('email', chosen.email, fill);
    setValue('phone', chosen.phone ?? '', fill);
    setValue('age', chosen.age ?? DOCTOR_APPOINTMENT_DEFAULTS.age, fill);
    setValue('gender', chosen.gender ?? ('' as CreateDoctorAppointmentInput['gender']), fill);
  };
  /** Typing another name lets go of the chosen patient: their details are cleared, not kept for someone else. */
  const typeName = (name: string) => {
    setValue('fullName', name, { shouldDirty: true, shouldValidate: isSubmitted });
    if (!patient) return;
    setPatient(null);
    setValue('email', '');
    setValue('phone', '');
    setValue('age', DOCTOR_APPOINTMENT_DEFAULTS.age);
    setValue('gender', '' as CreateDoctorAppointmentInput['gender']);
  };

  const message = (field: (typeof FIELDS)[number]) => errors[field]?.message;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add new Appointment"
      description="Books one of your free times for the patient with this e-mail, or makes the patient an account."
      submitLabel="Add"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <PatientPicker
        label="Fullname"
        allowFreeText
        search={bookingPatientSearch}
        value={{ id: patient?.id ?? null, name: fullName }}
        onChange={(choice) => {
          if (choice.id === null) typeName(choice.name);
        }}
        onPick={choosePatient}
        hint="Type to find a registered patient, or a new patient's full name."
        error={message('fullName')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Email"
          type="email"
          autoComplete="off"
          readOnly={patient !== null}
          hint={patient ? FROM_RECORD : undefined}
          {...register('email')}
          error={message('email')}
        />
        <Input
          label="Phone"
          type="tel"
          autoComplete="off"
          readOnly={Boolean(patient?.phone)}
          hint={patient?.phone ? FROM_RECORD : undefined}
          {...register('phone')}
          error={message('phone')}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Age"
          type="number"
          min={1}
          inputMode="numeric"
          readOnly={patient?.age != null}
          hint={patient?.age != null ? 'From their date of birth.' : undefined}
          {...register('age')}
          error={message('age')}
        />
        {patient?.gender ? (
          // The record's gender: shown, not chosen (a select cannot be read-only).
          <Input label="Gender" value={typeLabel(patient.gender)} readOnly hint={FROM_RECORD} />
        ) : (
          <Select
            label="Gender"
            placeholder="Select gender"
            options={GENDER_OPTIONS}
            {...register('gender')}
            error={message('gender')}
          />
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Date"
          type="date"
          min={deviceToday()}
          {...register('date', { onChange: () => setValue('time', '') })}
          error={message('date')}
        />
        <TimeField doctorId={user?.id ?? ''} date={date} field={register('time')} error={message('time')} />
      </div>
      <Select label="Type" options={TYPE_OPTIONS} {...register('type')} error={message('type')} />
    </FormDialog>
  );
}
