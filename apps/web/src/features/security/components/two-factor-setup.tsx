import {
  confirmTwoFactorSchema,
  type RecoveryCodes,
  TWO_FACTOR_MESSAGES,
  type TwoFactorSetup,
} from '@carepoint/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useConfirmTwoFactor } from '@/features/security/api/two-factor';
import { useContractForm } from '@/lib/use-contract-form';

/** The secret in groups of four, as people type it into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Setting up an authenticator app: scan the QR code, or type the key shown as text (for people
 * who cannot scan), then confirm with the app's first code; the recovery codes follow.
 */
export function TwoFactorSetupForm({
  setup,
  onConfirmed,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirmed: (answer: RecoveryCodes) => void;
  onCancel: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: confirmTwoFactorSchema,
    defaultValues: { code: '' },
    fields: ['code'],
    send: (values) => confirm.mutateAsync(values),
    success: TWO_FACTOR_MESSAGES.enabledToast,
    onSaved: onConfirmed,
  });

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-ink">
        <li>
          Open an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or
          FreeOTP).
        </li>
        <li>Scan this QR code with it, or type the setup key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <img
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          width={180}
          height={180}
          className="rounded-md border border-border bg-surface"
        />
        <dl className="min-w-0 text-sm">
          <dt className="font-medium text-ink">Setup key</dt>
          <dd className="mt-1">
            <code className="block break-words rounded-md bg-canvas px-2 py-1 font-mono text-ink">
              {grouped(setup.secret)}
            </code>
          </dd>
          <dd className="mt-1 text-ink-muted">Time-based, 6 digits, every 30 seconds.</dd>
        </dl>
      </div>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Input
          label="Code from the app"
          autoComplete="one-time-code"
          inputMode="numeric"
          className="sm:w-56"
          error={errors.code?.message}
          {...register('code')}
        />
        <div className="flex gap-2 sm:mt-6">
          <Button type="submit" loading={isSubmitting}>
            Turn on
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
