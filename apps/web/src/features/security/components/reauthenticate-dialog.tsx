import { type Reauthenticate, reauthenticateSchema } from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import { PasswordInput } from '@/components/ui/password-input';
import { useContractForm } from '@/lib/use-contract-form';

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
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: reauthenticateSchema,
    defaultValues: { codeOrPassword: '' },
    // Nothing typed stays once the dialog is closed (a save closes it).
    open,
    fields: ['codeOrPassword'],
    send,
    success,
    onSaved: (answer) => {
      onOpenChange(false);
      onDone(answer);
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
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
