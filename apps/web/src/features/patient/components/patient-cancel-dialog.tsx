import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  doctorDisplayName,
  type PatientCancel,
  patientCancelSchema,
} from '@carepoint/contract';
import { CancelReasonField } from '@/components/appointments/cancel-reason-field';
import { FormDialog } from '@/components/form/form-dialog';
import { useCancelAppointment } from '@/features/patient/api/appointments';
import { type Checked, useContractForm } from '@/lib/use-contract-form';
import { appointmentSlot } from './appointment-cells';

export type PatientCancelDialogProps = {
  /** The appointment to cancel; null keeps the dialog closed. */
  appointment: Appointment | null;
  onClose: () => void;
};

/** A patient cancels with a reason (the doctor reads it): it frees the slot for others. */
export function PatientCancelDialog({ appointment, onClose }: PatientCancelDialogProps) {
  const cancel = useCancelAppointment();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: patientCancelSchema,
    defaultValues: { reason: '' } satisfies PatientCancel,
    open: appointment !== null,
    // Only an open dialog (an appointment chosen) sends anything.
    check: (body): Checked<{ id: string; body: PatientCancel }> =>
      appointment ? { data: { id: appointment.id, body } } : { issues: [] },
    fields: ['reason'],
    send: (cancelled) => cancel.mutateAsync(cancelled),
    success: APPOINTMENT_MESSAGES.cancelled,
    onSaved: onClose,
  });
  return (
    <FormDialog
      open={appointment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Cancel appointment?"
      description={
        appointment
          ? `Your appointment "${appointment.title}" with ${doctorDisplayName(appointment.doctor.user)} on ${appointmentSlot(appointment)} will be cancelled. Your doctor sees the reason.`
          : ''
      }
      submitLabel="Yes, cancel it"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <CancelReasonField error={errors.reason?.message} {...register('reason')} />
    </FormDialog>
  );
}
