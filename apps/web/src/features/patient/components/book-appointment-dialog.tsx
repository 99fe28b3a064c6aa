import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_PRIORITIES,
  type CreateAppointment,
  type CreateAppointmentInput,
  createAppointmentSchema,
  doctorDisplayName,
  TOASTS,
} from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type DefaultValues, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { isApiRequestError } from '../../../lib/api-client';
import { deviceToday } from '../../../lib/format';
import { applyServerFieldErrors } from '../../../lib/forms';
import { useAvailableDoctors, useBookAppointment, useDoctorSlots } from '../api';

const FIELDS = ['title', 'priority', 'date', 'time', 'doctorId', 'notes'] as const;
/** No priority chosen yet: the select shows its placeholder. */
const EMPTY: DefaultValues<CreateAppointmentInput> = {
  title: '',
  date: '',
  time: '',
  doctorId: '',
  notes: '',
};
const REQUIRED_ID = 'book-appointment-required';
const PRIORITY_OPTIONS = APPOINTMENT_PRIORITIES.map((p) => ({ value: p, label: p }));
const REQUIRED = APPOINTMENT_MESSAGES.allFieldsRequired;

/** The time control: a chosen doctor's free slots for the date, or a typed time for "any doctor". */
function TimeField({
  doctorId,
  date,
  field,
}: {
  doctorId: string;
  date: string;
  field: UseFormRegisterReturn<'time'> & ReturnType<InvalidProps>;
}) {
  const slots = useDoctorSlots(doctorId, date);
  if (!doctorId) {
    return (
      <Input
        label="Time"
        type="time"
        step={60}
        hint="The clinic assigns a doctor free at that time."
        {...field}
      />
    );
  }
  const free = slots.data?.slots ?? [];
  let hint = 'Free times of the chosen doctor on that day.';
  if (!date) hint = 'Choose a date first.';
  else if (slots.isLoading) hint = 'Loading free times...';
  else if (slots.isError) hint = 'Could not load the free times. Choose another date or doctor.';
  else if (slots.data && !slots.data.hours) hint = `The doctor does not work on ${slots.data.day}s.`;
  else if (slots.data && free.length === 0)
    hint = 'No free times left on that day. Please choose another date.';
  return (
    <Select
      label="Time"
      placeholder="Select a time"
      options={free.map((t) => ({ value: t, label: t }))}
      disabled={!date || free.length === 0}
      hint={hint}
      {...field}
    />
  );
}

/**
 * The props that show a field's problem: its own message under it, or, for the spec's
 * "All fields are required" (shown once for the whole form), only the invalid marking.
 */
type InvalidProps = (message: string | undefined) => {
  error?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};
const invalidProps: InvalidProps = (message) => {
  if (!message) return {};
  if (message !== REQUIRED) return { error: message };
  return { 'aria-invalid': true, 'aria-describedby': REQUIRED_ID };
};

export type BookAppointmentDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The modal form behind "Book Appointment" (spec §3 create payload, §5 "All fields are required"). */
export function BookAppointmentDialog({ open, onOpenChange }: BookAppointmentDialogProps) {
  const doctors = useAvailableDoctors(open);
  const book = useBookAppointment();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreateAppointmentInput, unknown, CreateAppointment>({
    resolver: zodResolver(createAppointmentSchema),
    defaultValues: EMPTY,
  });

  const doctorId = watch('doctorId') ?? '';
  const date = watch('date') ?? '';
  // Another doctor, or another date for a chosen doctor, has other free times: clear the old choice.
  const clearTime = () => setValue('time', '');
  const doctorField = register('doctorId', { onChange: clearTime });
  const dateField = register('date', { onChange: () => getValues('doctorId') && clearTime() });
  useEffect(() => {
    if (!open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await book.mutateAsync(values);
      toast.success(TOASTS.appointmentCreated);
      onOpenChange(false);
    } catch (err) {
      // The error toast is the mutation's own.
      applyServerFieldErrors(err, setError, FIELDS);
      if (isApiRequestError(err) && err.code === 'SLOT_TAKEN') setValue('time', '');
    }
  });

  // The spec's one message is shown once for the form; other messages stay under their field.
  const missing = FIELDS.some((f) => errors[f]?.message === REQUIRED);
  const problem = (f: (typeof FIELDS)[number]) => invalidProps(errors[f]?.message);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Book Appointment"
      description="Choose a doctor and one of their free times, or let the clinic assign a doctor."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="book-appointment-form" loading={isSubmitting}>
            Book Appointment
          </Button>
        </>
      }
    >
      <form id="book-appointment-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        {missing ? (
          <p
            id={REQUIRED_ID}
            role="alert"
            className="rounded-lg bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800"
          >
            {REQUIRED}
          </p>
        ) : null}
        <Input
          label="Title"
          placeholder="e.g. General check-up"
          {...register('title')}
          {...problem('title')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Priority"
            placeholder="Select priority"
            options={PRIORITY_OPTIONS}
            {...register('priority')}
            {...problem('priority')}
          />
          <Input label="Date" type="date" min={deviceToday()} {...dateField} {...problem('date')} />
        </div>
        <Select
          label="Doctor"
          placeholder="Any available doctor"
          options={(doctors.data ?? []).map((d) => ({
            value: d.id,
            label: d.specialty ? `${doctorDisplayName(d)} (${d.specialty})` : doctorDisplayName(d),
          }))}
          hint={doctors.isError ? 'Could not load the doctors: the clinic will assign one.' : undefined}
          {...doctorField}
          {...problem('doctorId')}
        />
        <TimeField doctorId={doctorId} date={date} field={{ ...register('time'), ...problem('time') }} />
        <Textarea label="Notes (optional)" rows={3} {...register('notes')} {...problem('notes')} />
      </form>
    </Dialog>
  );
}
