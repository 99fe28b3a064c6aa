import { SESSION_MESSAGES } from '@carepoint/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useEndAllSessionsOf } from '../../security/api/sessions';

/**
 * "Sign out everywhere" for a person an administrator manages (a doctor's row, a patient's
 * page): after a confirmation, every session of theirs ends, on every device.
 */
export function EndSessionsButton({
  person,
  variant = 'secondary',
  size = 'md',
}: {
  /** Their id and how to name them ("Dr Ada Okafor"). */
  person: { id: string; name: string };
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const [open, setOpen] = useState(false);
  const endAll = useEndAllSessionsOf();
  const confirm = () =>
    endAll.mutate(person.id, {
      onSuccess: ({ ended }) => {
        toast.success(`${SESSION_MESSAGES.allEnded} (${ended} session${ended === 1 ? '' : 's'})`);
        setOpen(false);
      },
    });
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        Sign out everywhere<span className="sr-only"> {person.name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Sign out ${person.name} everywhere?`}
        description={`Every session of ${person.name} ends now, on every browser and device. They can sign in again with their password.`}
        confirmLabel="Sign out everywhere"
        loading={endAll.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
