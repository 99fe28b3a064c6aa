import {
  APPOINTMENT_PRIORITIES,
  type CreateAppointmentInput,
  createAppointmentSchema,
  doctorDisplayName,
  TOASTS,
} from '@carepoint/contract';
import type { DefaultValues } from 'react-hook-form';
import { FreeTimeField } from '@/components/form/free-time-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { BOOKING_FIELDS, useBookAppointment } from '@/features/patient/api/appointments';
import { useAvailableDoctors } from '@/lib/api/booking';
import { isApiRequestError } from '@/lib/api-client';
import { deviceToday } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

/** Priority starts at Medium, the usual visit; the patient may raise or lower it. */
const EMPTY: DefaultValues<CreateAppointmentInput> = {
  title: '',
  priority: 'Medium',
  date: '',
  time: '',
  doctorId: '',
  notes: '',
};
const PRIORITY_OPTIONS = APPOINTMENT_PRIORITIES.map((p) => ({ value: p, label: p }));

export type BookAppointmentDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** The modal form behind "Book Appointment" (createAppointmentSchema; a missing field reads "All fields are required"). */
export function BookAppointmentDialog({ open, onOpenChange }: BookAppointmentDialogProps) {
  const doctors = useAvailableDoctors(open);
  const book = useBookAppointment();
  const {
    register,
    onSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: createAppointmentSchema,
    defaultValues: EMPTY,
    open,
    fields: BOOKING_FIELDS,
    // A refusal about a field is shown under it; any other failure is the mutation's toast.
    send: (values) => book.mutateAsync(values),
    success: TOASTS.appointmentCreated,
    onRefused: (err) => {
      if (isApiRequestError(err) && err.code === 'SLOT_TAKEN') setValue('time', '');
    },
    onSaved: () => onOpenChange(false),
  });

  const doctorId = watch('doctorId') ?? '';
  const date = watch('date') ?? '';
  // Another doctor or another date has other free times: clear the old choice.
  const clearTime = () => setValue('time', '');
  const doctorField = register('doctorId', { onChange: clearTime });
  const dateField = register('date', { onChange: clearTime });

  // Each field shows its own message (the spec's "All fields are required" on each missing one).
  const problem = (f: (typeof BOOKING_FIELDS)[number]) => ({ error: errors[f]?.message });

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
        <FreeTimeField doctorId={doctorId} date={date} {...register('time')} {...problem('time')} />
        <Textarea label="Notes (optional)" rows={3} {...register('notes')} {...problem('notes')} />
      </form>
    </Dialog>
  );
}
