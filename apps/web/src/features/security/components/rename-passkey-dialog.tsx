import { PASSKEY_MESSAGES, type Passkey, type RenamePasskey, renamePasskeySchema } from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { useRenamePasskey } from '@/features/security/api/passkeys';
import { useContractForm } from '@/lib/use-contract-form';

/** Rename a passkey, so its owner can tell their passkeys apart ("Work laptop", "Phone"). */
export function RenamePasskeyDialog({
  open,
  onOpenChange,
  passkey,
}: DialogComponentProps & { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: renamePasskeySchema,
    defaultValues: { name: passkey.name } satisfies RenamePasskey,
    fields: ['name'],
    send: (body) => rename.mutateAsync({ id: passkey.id, body }),
    success: PASSKEY_MESSAGES.renamed,
    onSaved: () => onOpenChange(false),
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
