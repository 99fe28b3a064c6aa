import {
  APPOINTMENT_MESSAGES,
  type Appointment,
  doctorDisplayName,
  type PatientCancel,
  patientCancelSchema,
  STATUS_REASON_MAX,
} from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { Textarea } from '@/components/ui/textarea';
import { useCancelAppointment } from '@/features/patient/api/appointments';
import { submitForm } from '@/lib/forms';
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
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PatientCancel>({ resolver: zodResolver(patientCancelSchema), defaultValues: { reason: '' } });
  const close = () => {
    reset();
    onClose();
  };
  const onSubmit = handleSubmit(async (body) => {
    if (!appointment) return;
    const saved = await submitForm(() => cancel.mutateAsync({ id: appointment.id, body }), {
      success: APPOINTMENT_MESSAGES.cancelled,
      setError,
      fields: ['reason'],
    });
    if (saved) close();
  });
  return (
    <FormDialog
      open={appointment !== null}
      onOpenChange={(open) => {
        if (!open) close();
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
      <Textarea
        label="Reason"
        rows={3}
        maxLength={STATUS_REASON_MAX}
        error={errors.reason?.message}
        {...register('reason')}
      />
    </FormDialog>
  );
}
