import { TWO_FACTOR_MESSAGES } from '@carepoint/contract';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useResetTwoFactor } from '@/features/admin/api/two-factor';

/**
 * An administrator turns off another person's two-factor sign-in (a lost phone and lost
 * recovery codes), after a confirmation; the person is told by e-mail.
 */
export function ResetTwoFactorButton({
  userId,
  name,
  variant = 'secondary',
  size,
}: {
  userId: string;
  name: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const [open, setOpen] = useState(false);
  const reset = useResetTwoFactor();
  const confirm = async () => {
    try {
      await reset.mutateAsync(userId);
      toast.success(TWO_FACTOR_MESSAGES.resetToast);
      setOpen(false);
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage, or the server's text).
    }
  };
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setOpen(true)}>
        Reset two-factor
        <span className="sr-only"> for {name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Reset two-factor sign-in?"
        description={`${name} will sign in with the password alone until they set up two-factor sign-in again. They will be told by e-mail.`}
        confirmLabel="Reset"
        loading={reset.isPending}
        onConfirm={() => void confirm()}
      />
    </>
  );
}
