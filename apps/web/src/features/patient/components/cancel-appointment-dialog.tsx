import { APPOINTMENT_MESSAGES, type Appointment, doctorDisplayName } from '@carepoint/contract';
import toast from 'react-hot-toast';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useCancelAppointment } from '../api';
import { appointmentSlot } from './appointment-cells';

export type CancelAppointmentDialogProps = {
  /** The appointment to cancel; null keeps the dialog closed. */
  appointment: Appointment | null;
  onClose: () => void;
};

/** "Are you sure?" before a patient cancels an upcoming appointment: it frees the slot for others. */
export function CancelAppointmentDialog({ appointment, onClose }: CancelAppointmentDialogProps) {
  const cancel = useCancelAppointment();
  const confirm = async () => {
    if (!appointment) return;
    try {
      await cancel.mutateAsync(appointment.id);
      toast.success(APPOINTMENT_MESSAGES.cancelled);
      onClose();
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };
  return (
    <ConfirmDialog
      open={appointment !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Cancel appointment?"
      description={
        appointment
          ? `Your appointment "${appointment.title}" with ${doctorDisplayName(appointment.doctor.user)} on ${appointmentSlot(appointment)} will be cancelled.`
          : ''
      }
      confirmLabel="Yes, cancel it"
      cancelLabel="Keep it"
      loading={cancel.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
