import { TWO_FACTOR_MESSAGES, type TwoFactorSetup } from '@carepoint/contract';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  useDisableTwoFactor,
  useRegenerateRecoveryCodes,
  useStartTwoFactorSetup,
  useTwoFactorStatus,
} from '@/features/security/api/two-factor';
import { useAuth } from '@/lib/auth';
import { ReauthenticateDialog } from './reauthenticate-dialog';
import { RecoveryCodesList } from './recovery-codes-list';
import { TwoFactorSetupForm } from './two-factor-setup';

type Step = { kind: 'idle' } | { kind: 'setup'; setup: TwoFactorSetup } | { kind: 'codes'; codes: string[] };

/**
 * Two-factor sign-in on the Security page: set up an authenticator app (QR code or key as
 * text, confirmed by a first code), see how many recovery codes are left, make new ones or turn
 * it off (each asks for a current code or the password). A role that must have a second factor
 * (MFA_REQUIRED_ROLES) is kept on this page until it is set up.
 */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const { refreshUser } = useAuth();
  const start = useStartTwoFactorSetup();
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [dialog, setDialog] = useState<'regenerate' | 'disable' | null>(null);
  const enabled = status.data?.enabled ?? false;

  const beginSetup = async () => {
    try {
      setStep({ kind: 'setup', setup: await start.mutateAsync(undefined) });
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };

  const body = () => {
    if (step.kind === 'setup') {
      return (
        <TwoFactorSetupForm
          setup={step.setup}
          onCancel={() => setStep({ kind: 'idle' })}
          onConfirmed={({ recoveryCodes }) => {
            setStep({ kind: 'codes', codes: recoveryCodes });
            // A role that had to set one up may now reach its area.
            void refreshUser().catch(() => undefined);
          }}
        />
      );
    }
    if (step.kind === 'codes') {
      return <RecoveryCodesList codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />;
    }
    if (!status.data) return <Skeleton className="h-16 w-full" />;
    if (!enabled) {
      return (
        <div className="flex flex-col items-start gap-3">
          {status.data.required ? (
            <p role="alert" className="rounded-md bg-warning-100 px-3 py-2 text-sm text-warning-900">
              {TWO_FACTOR_MESSAGES.required}
            </p>
          ) : null}
          <p className="text-sm text-ink">
            Protect your account with a second step at sign-in: a code from an authenticator app on your
            phone.
          </p>
          <Button onClick={beginSetup} loading={start.isPending}>
            Set up two-factor sign-in
          </Button>
        </div>
      );
    }
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-ink">
          Signing in asks for a code from your authenticator app after your password.{' '}
          <span className="text-ink-muted">Recovery codes left: {status.data.recoveryCodesLeft}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setDialog('regenerate')}>
            New recovery codes
          </Button>
          <Button variant="danger" onClick={() => setDialog('disable')}>
            Turn off
          </Button>
        </div>
      </div>
    );
  };

  return (
    <Card
      aria-label="Two-factor sign-in"
      title="Two-factor sign-in"
      actions={status.data ? <Badge tone={enabled ? 'green' : 'grey'}>{enabled ? 'On' : 'Off'}</Badge> : null}
    >
      {body()}
      <ReauthenticateDialog
        open={dialog === 'regenerate'}
        onOpenChange={(open) => setDialog(open ? 'regenerate' : null)}
        title="New recovery codes"
        description="Your old recovery codes will stop working."
        submitLabel="Make new codes"
        success={TWO_FACTOR_MESSAGES.regeneratedToast}
        send={(input) => regenerate.mutateAsync(input)}
        onDone={({ recoveryCodes }) => setStep({ kind: 'codes', codes: recoveryCodes })}
      />
      <ReauthenticateDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
        title="Turn off two-factor sign-in?"
        description="Signing in will ask for your password alone."
        submitLabel="Turn off"
        success={TWO_FACTOR_MESSAGES.disabledToast}
        send={(input) => disable.mutateAsync(input)}
        onDone={() => void refreshUser().catch(() => undefined)}
      />
    </Card>
  );
}
