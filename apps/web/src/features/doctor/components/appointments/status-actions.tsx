import {
  type AppointmentStatus,
  actionStatus,
  DOCTOR_APPOINTMENT_MESSAGES,
  type DoctorAppointmentAction,
  doctorActions,
} from '@carepoint/contract';
import { Check, CheckCheck, X } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button, type ButtonSize } from '@/components/ui/button';
import { useChangeStatus } from '@/features/doctor/api/appointments';
import { cx } from '@/lib/cx';
import { useClockPast } from '@/lib/use-clock-past';
import type { CancelTarget } from './doctor-cancel-dialog';

const LABELS: Record<DoctorAppointmentAction, string> = {
  confirm: 'Confirm',
  complete: 'Complete',
  cancel: 'Cancel',
};
const ICONS = { confirm: Check, complete: CheckCheck, cancel: X } as const;
const DONE: Record<Exclude<DoctorAppointmentAction, 'cancel'>, string> = {
  confirm: DOCTOR_APPOINTMENT_MESSAGES.confirmed,
  complete: DOCTOR_APPOINTMENT_MESSAGES.completed,
};

type Props = {
  appointment: { id: string; status: AppointmentStatus; startsAt: string };
  /** Who and when, for accessible names and the cancel dialog ("Grace Okonkwo at 09:00"). */
  name: string;
  when: string;
  onCancel: (target: CancelTarget) => void;
  size?: ButtonSize;
  className?: string;
};

/**
 * The status actions the rules (docs/areas/appointments.md) leave to the doctor on this appointment (the
 * contract's doctorActions), as of now: Complete appears by itself when the visit's time comes;
 * nothing when it is final. Cancelling asks for a reason first.
 */
export function StatusActions({ appointment, name, when, onCancel, size = 'sm', className }: Props) {
  const change = useChangeStatus();
  // Complete is offered once the visit has started: the screen re-reads the time at its start.
  const now = useClockPast(appointment.startsAt);
  const actions = doctorActions(appointment, now);
  if (actions.length === 0) return null;

  const run = async (action: Exclude<DoctorAppointmentAction, 'cancel'>) => {
    try {
      await change.mutateAsync({ id: appointment.id, status: actionStatus(action) });
      toast.success(DONE[action]);
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };

  return (
    <div className={cx('flex flex-wrap gap-2', className)}>
      {actions.map((action) => {
        const Icon = ICONS[action];
        return (
          <Button
            key={action}
            size={size}
            variant={action === 'cancel' ? 'secondary' : 'primary'}
            loading={change.isPending && change.variables?.status === actionStatus(action)}
            disabled={change.isPending}
            aria-label={`${LABELS[action]} the appointment of ${name} ${when}`}
            onClick={() =>
              action === 'cancel' ? onCancel({ id: appointment.id, name, when }) : void run(action)
            }
          >
            <Icon aria-hidden size={16} /> {LABELS[action]}
          </Button>
        );
      })}
    </div>
  );
}
