import { APPOINTMENT_MESSAGES, STATUS_REASON_MAX } from '@carepoint/contract';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { useChangeStatus } from '@/features/doctor/api/appointments';
import { isApiRequestError } from '@/lib/api-client';

export type CancelTarget = { id: string; name: string; when: string };

type Props = { target: CancelTarget | null; onClose: () => void };

/** Cancelling needs a reason (docs/areas/doctor-appointments.md): the patient reads it on their appointment. */
export function DoctorCancelDialog({ target, onClose }: Props) {
  const change = useChangeStatus();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    if (!target) {
      setReason('');
      setError(undefined);
      setSubmitted(false);
    }
  }, [target]);

  const check = (text: string) => (text.trim() ? undefined : APPOINTMENT_MESSAGES.reasonRequired);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const problem = check(reason);
    setError(problem);
    if (problem || !target) return;
    try {
      await change.mutateAsync({ id: target.id, status: 'Cancelled', reason });
      toast.success(APPOINTMENT_MESSAGES.cancelled);
      onClose();
    } catch (err) {
      // The toast is the mutation's; a message about the reason also goes under the field.
      if (isApiRequestError(err)) setError(err.fieldErrors?.reason?.[0]);
    }
  };

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !change.isPending) onClose();
      }}
      title="Cancel appointment?"
      description={
        target ? `${target.name}, ${target.when}. The patient sees the reason you give.` : undefined
      }
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            Keep it
          </Button>
          <Button variant="danger" type="submit" form="cancel-appointment-form" loading={change.isPending}>
            Cancel appointment
          </Button>
        </>
      }
    >
      <form id="cancel-appointment-form" onSubmit={(e) => void submit(e)} noValidate>
        <Textarea
          label="Reason"
          rows={3}
          maxLength={STATUS_REASON_MAX}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            // Validated on submit, then again on every change (as the spec's forms are).
            if (submitted) setError(check(event.target.value));
          }}
          error={error}
        />
      </form>
    </Dialog>
  );
}
