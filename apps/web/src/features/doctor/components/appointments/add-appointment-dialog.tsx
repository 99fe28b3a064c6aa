import {
  APPOINTMENT_TYPES,
  type CreateDoctorAppointment,
  type CreateDoctorAppointmentInput,
  createDoctorAppointmentSchema,
  DOCTOR_APPOINTMENT_DEFAULTS,
  GENDERS,
  TOASTS,
} from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type Path, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { FormDialog } from '../../../../components/form/form-dialog';
import { Input } from '../../../../components/ui/input';
import { Select } from '../../../../components/ui/select';
import { isApiRequestError } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth';
import { deviceToday } from '../../../../lib/format';
import { submitForm } from '../../../../lib/forms';
import { useAddAppointment, useOwnSlots } from '../../api/appointments';
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
const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: typeLabel(g) }));
const TYPE_OPTIONS = APPOINTMENT_TYPES.map((t) => ({ value: t, label: typeLabel(t) }));

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
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateDoctorAppointmentInput, unknown, CreateDoctorAppointment>({
    resolver: zodResolver(createDoctorAppointmentSchema),
    defaultValues: DOCTOR_APPOINTMENT_DEFAULTS,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const date = watch('date') ?? '';

  useEffect(() => {
    if (!open) reset(DOCTOR_APPOINTMENT_DEFAULTS);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    // The error toast is the mutation's own; field messages go under their fields.
    const created = await submitForm(() => add.mutateAsync(values), {
      success: TOASTS.appointmentCreated,
      setError,
      fields: FIELDS,
      onRefused: (err) => {
        if (isApiRequestError(err) && err.code === 'SLOT_TAKEN') setValue('time', '');
      },
    });
    if (!created) return;
    if (created.patientCreated) {
      toast.success(
        `New patient account for ${created.appointment.patient.email}: a link to set a password was e-mailed.`,
      );
    }
    onOpenChange(false);
  });

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
      <Input label="Fullname" autoComplete="off" {...register('fullName')} error={message('fullName')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Email"
          type="email"
          autoComplete="off"
          {...register('email')}
          error={message('email')}
        />
        <Input label="Phone" type="tel" autoComplete="off" {...register('phone')} error={message('phone')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Age"
          type="number"
          min={1}
          inputMode="numeric"
          {...register('age')}
          error={message('age')}
        />
        <Select
          label="Gender"
          placeholder="Select gender"
          options={GENDER_OPTIONS}
          {...register('gender')}
          error={message('gender')}
        />
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
