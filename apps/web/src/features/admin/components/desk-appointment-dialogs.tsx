import {
  APPOINTMENT_MESSAGES,
  APPOINTMENT_PRIORITIES,
  type DeskAppointment,
  type DeskBookingInput,
  deskBookingSchema,
  FRONT_DESK_MESSAGES,
  patientCancelSchema,
  type ReassignAppointment,
  reassignAppointmentSchema,
  TOASTS,
} from '@carepoint/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { CancelReasonField } from '@/components/appointments/cancel-reason-field';
import { FormDialog } from '@/components/form/form-dialog';
import { FreeTimeField } from '@/components/form/free-time-field';
import { optionsOf } from '@/components/form/options';
import { type PatientChoice, PatientPicker } from '@/components/form/patient-picker';
import { CoverageWarning } from '@/components/patient-coverage/coverage-warning';
import { Button, type ButtonVariant } from '@/components/ui/button';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  DESK_BOOKING_FIELDS,
  REASSIGN_FIELDS,
  useAppointmentStatus,
  useDeskBook,
  useReassign,
} from '@/features/admin/api/appointments';
import { patientSearch } from '@/features/admin/api/patients';
import { useDoctorOptions } from '@/lib/api/booking';
import { deviceToday, formatSlot } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';

type BookProps = DialogComponentProps & { patient?: PatientChoice };

/**
 * Book for a patient at the desk (walk-in -> book -> confirm): the patient's booking rules, a
 * chosen doctor's free times or any doctor's; the appointment is Pending until confirmed.
 */
function DeskBookingDialog({ open, onOpenChange, patient: given }: BookProps) {
  const book = useDeskBook();
  const doctors = useDoctorOptions(open);
  const blank: DeskBookingInput = {
    patientId: given?.id ?? '',
    title: '',
    date: '',
    time: '',
    doctorId: '',
    notes: '',
    priority: 'Medium',
  };
  const [patient, setPatient] = useState<PatientChoice>(given ?? { id: null, name: '' });
  const {
    register,
    onSubmit,
    setValue,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: deskBookingSchema,
    defaultValues: blank,
    fields: DESK_BOOKING_FIELDS,
    send: (values) => book.mutateAsync(values),
    success: TOASTS.appointmentCreated,
    resetOnSave: true,
    onReset: () => setPatient(given ?? { id: null, name: '' }),
    onSaved: () => onOpenChange(false),
  });
  const clearTime = () => setValue('time', '');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Book Appointment"
      description="Booked at the desk: Pending until you confirm it."
      submitLabel="Book Appointment"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      {given ? (
        <p className="text-sm text-ink">
          Patient: <span className="font-medium">{given.name}</span>
        </p>
      ) : (
        <PatientPicker
          search={patientSearch}
          label="Patient"
          value={patient}
          onChange={(next) => {
            setPatient(next);
            setValue('patientId', next.id ?? '');
            clearErrors('patientId');
          }}
          error={errors.patientId?.message}
          hint="Search registered patients by name or e-mail; register a walk-in first."
        />
      )}
      <CoverageWarning patientId={open ? watch('patientId') : null} />
      <Input
        label="Title"
        placeholder="e.g. General check-up"
        error={errors.title?.message}
        {...register('title')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Priority"
          options={optionsOf(APPOINTMENT_PRIORITIES)}
          error={errors.priority?.message}
          {...register('priority')}
        />
        <Input
          label="Date"
          type="date"
          min={deviceToday()}
          error={errors.date?.message}
          {...register('date', { onChange: clearTime })}
        />
      </div>
      <Select
        label="Doctor"
        placeholder="Any available doctor"
        options={doctors}
        error={errors.doctorId?.message}
        {...register('doctorId', { onChange: clearTime })}
      />
      <FreeTimeField
        doctorId={watch('doctorId') ?? ''}
        date={watch('date') ?? ''}
        error={errors.time?.message}
        {...register('time')}
      />
      <Textarea label="Notes (optional)" rows={2} error={errors.notes?.message} {...register('notes')} />
    </FormDialog>
  );
}

export function DeskBookButton({ patient, variant }: { patient?: PatientChoice; variant?: ButtonVariant }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        Book Appointment
      </Button>
      <DeskBookingDialog open={open} onOpenChange={setOpen} patient={patient} />
    </>
  );
}

/** What the Reassign dialog needs of an appointment (a table row or a calendar's). */
export type ReassignTarget = Pick<DeskAppointment, 'id' | 'date' | 'time'> & {
  patient: { fullName: string };
  doctor: { id: string; name: string };
};

/**
 * Reassign: another (or the same) doctor's free time, offered from their schedule on the date;
 * the calendar's Move is the same dialog, starting from the appointment's own doctor.
 */
export function ReassignDialog({
  appointment,
  open,
  onOpenChange,
  verb = 'Reassign',
}: DialogComponentProps & { appointment: ReassignTarget; verb?: 'Reassign' | 'Move' }) {
  const reassign = useReassign();
  const doctors = useDoctorOptions(open);
  const {
    register,
    onSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: reassignAppointmentSchema,
    defaultValues: {
      doctorId: verb === 'Move' ? appointment.doctor.id : '',
      date: appointment.date,
      time: '',
    } satisfies ReassignAppointment,
    fields: REASSIGN_FIELDS,
    send: (body) => reassign.mutateAsync({ id: appointment.id, body }),
    success: verb === 'Move' ? APPOINTMENT_MESSAGES.moved : FRONT_DESK_MESSAGES.reassigned,
    onSaved: () => onOpenChange(false),
  });
  const clearTime = () => setValue('time', '');
  const doctorId = watch('doctorId');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${verb} appointment`}
      description={`${appointment.patient.fullName}, now with ${appointment.doctor.name} on ${formatSlot(appointment.date, appointment.time)}.`}
      submitLabel={verb}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Select
        label="Doctor"
        placeholder="Select a doctor"
        options={doctors}
        error={errors.doctorId?.message}
        {...register('doctorId', { onChange: clearTime })}
      />
      <Input
        label="Date"
        type="date"
        min={deviceToday()}
        error={errors.date?.message}
        {...register('date', { onChange: clearTime })}
      />
      {doctorId ? (
        <FreeTimeField
          doctorId={doctorId}
          date={watch('date')}
          error={errors.time?.message}
          {...register('time')}
        />
      ) : (
        <p className="text-sm text-ink-muted">Choose a doctor to see their free times.</p>
      )}
    </FormDialog>
  );
}

/** Cancel at the desk: staff must say why; the patient sees the reason. */
export function DeskCancelDialog({
  appointment,
  open,
  onOpenChange,
}: DialogComponentProps & { appointment: DeskAppointment }) {
  const change = useAppointmentStatus();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    // The reason rule is the patient's cancel's: required, and the patient reads it.
    schema: patientCancelSchema,
    defaultValues: { reason: '' },
    fields: ['reason'],
    send: ({ reason }) => change.mutateAsync({ id: appointment.id, body: { status: 'Cancelled', reason } }),
    success: APPOINTMENT_MESSAGES.cancelled,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel appointment?"
      description={`${appointment.patient.fullName} with ${appointment.doctor.name} on ${formatSlot(appointment.date, appointment.time)}. The patient sees the reason.`}
      submitLabel="Yes, cancel it"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <CancelReasonField error={errors.reason?.message} {...register('reason')} />
    </FormDialog>
  );
}

/** Confirm a Pending appointment in one click. */
export function ConfirmAppointmentButton({ appointment }: { appointment: DeskAppointment }) {
  const change = useAppointmentStatus();
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={change.isPending}
      onClick={() =>
        void change
          .mutateAsync({ id: appointment.id, body: { status: 'Confirmed' } })
          .then(() => toast.success(FRONT_DESK_MESSAGES.confirmed))
          .catch(() => undefined)
      }
    >
      Confirm<span className="sr-only"> {appointment.patient.fullName}</span>
    </Button>
  );
}
