import { type Reauthenticate, reauthenticateSchema } from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { PasswordInput } from '@/components/ui/password-input';
import { submitForm } from '@/lib/forms';

/**
 * A change to two-factor sign-in (new recovery codes, turning it off) asks again who is at the
 * keyboard: a current code from the app, or the password.
 */
export function ReauthenticateDialog<R extends NonNullable<unknown>>({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  success,
  send,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  success: string;
  send: (input: Reauthenticate) => Promise<R>;
  onDone: (answer: R) => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reauthenticateSchema), defaultValues: { codeOrPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    const answer = await submitForm(() => send(values), { success, setError, fields: ['codeOrPassword'] });
    if (!answer) return;
    reset();
    onOpenChange(false);
    onDone(answer);
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
      title={title}
      description={description}
      submitLabel={submitLabel}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <PasswordInput
        label="Code from your app, or your password"
        autoComplete="current-password"
        error={errors.codeOrPassword?.message}
        {...register('codeOrPassword')}
      />
    </FormDialog>
  );
}
