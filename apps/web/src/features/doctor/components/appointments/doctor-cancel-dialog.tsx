import { APPOINTMENT_MESSAGES, type AppointmentStatusChange, patientCancelSchema } from '@carepoint/contract';
import { CancelReasonField } from '@/components/appointments/cancel-reason-field';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useChangeStatus } from '@/features/doctor/api/appointments';
import { type Checked, useContractForm } from '@/lib/use-contract-form';

export type CancelTarget = { id: string; name: string; when: string };

type Props = { target: CancelTarget | null; onClose: () => void };

/** Cancelling needs a reason (docs/areas/doctor-appointments.md): the patient reads it on their appointment. */
export function DoctorCancelDialog({ target, onClose }: Props) {
  const change = useChangeStatus();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    // The reason rule is the patient's cancel's: required, and the patient reads it.
    schema: patientCancelSchema,
    defaultValues: { reason: '' },
    // Validated on submit, then again on every change (as the spec's forms are); empty again when reopened.
    open: target !== null,
    check: ({ reason }): Checked<AppointmentStatusChange & { id: string }> =>
      target ? { data: { id: target.id, status: 'Cancelled', reason } } : { issues: [] },
    fields: ['reason'],
    // The error toast is the mutation's; a message about the reason also goes under the field.
    send: (cancel) => change.mutateAsync(cancel),
    success: APPOINTMENT_MESSAGES.cancelled,
    onSaved: onClose,
  });

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onClose();
      }}
      title="Cancel appointment?"
      description={
        target ? `${target.name}, ${target.when}. The patient sees the reason you give.` : undefined
      }
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Keep it
          </Button>
          <Button variant="danger" type="submit" form="cancel-appointment-form" loading={isSubmitting}>
            Cancel appointment
          </Button>
        </>
      }
    >
      <form id="cancel-appointment-form" onSubmit={onSubmit} noValidate>
        <CancelReasonField error={errors.reason?.message} {...register('reason')} />
      </form>
    </Dialog>
  );
}
