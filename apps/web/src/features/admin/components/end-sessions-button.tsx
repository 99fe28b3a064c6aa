import { SESSION_MESSAGES } from '@carepoint/contract';
import { LogOut } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useEndAllSessionsOf } from '@/features/admin/api/user-sessions';

/**
 * "Sign out everywhere" for a person an administrator manages (a doctor's row, a patient's
 * page): after a confirmation, every session of theirs ends, on every device. In a table row
 * (`compact`) it reads "Sign out" beside an icon, so the row's actions stay on one line; screen
 * readers hear the whole name either way.
 */
export function EndSessionsButton({
  person,
  compact = false,
}: {
  /** Their id and how to name them ("Dr Ada Okafor"). */
  person: { id: string; name: string };
  compact?: boolean;
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
      <Button
        variant={compact ? 'ghost' : 'secondary'}
        size={compact ? 'sm' : 'md'}
        onClick={() => setOpen(true)}
      >
        {compact ? <LogOut aria-hidden size={14} /> : null}
        <span>
          Sign out<span className={compact ? 'sr-only' : undefined}> everywhere</span>
          <span className="sr-only"> {person.name}</span>
        </span>
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
