import { PASSKEY_MESSAGES, type Passkey, type RenamePasskey, renamePasskeySchema } from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { useRenamePasskey } from '@/features/security/api/passkeys';
import { submitForm } from '@/lib/forms';

/** Rename a passkey, so its owner can tell their passkeys apart ("Work laptop", "Phone"). */
export function RenamePasskeyDialog({
  open,
  onOpenChange,
  passkey,
}: DialogComponentProps & { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(renamePasskeySchema),
    defaultValues: { name: passkey.name } satisfies RenamePasskey,
  });
  const onSubmit = handleSubmit(async (body) => {
    const saved = await submitForm(() => rename.mutateAsync({ id: passkey.id, body }), {
      success: PASSKEY_MESSAGES.renamed,
      setError,
      fields: ['name'],
    });
    if (saved) onOpenChange(false);
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename passkey"
      submitLabel="Save"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input
        label="Name"
        autoComplete="off"
        hint="Where this passkey is, for example Work laptop."
        error={errors.name?.message}
        {...register('name')}
      />
    </FormDialog>
  );
}
