import {
  type SaveWard,
  saveWardSchema,
  WARD_KINDS,
  WARD_MESSAGES,
  WARD_SEX_RULES,
  type Ward,
} from '@carepoint/contract';
import toast from 'react-hot-toast';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import type { ButtonVariant } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateWard, useDeleteWard, useUpdateWard } from '@/features/admin/api/wards';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS = ['name', 'kind', 'sexRule'] as const;
const BLANK = { name: '', kind: 'General', sexRule: 'Mixed' } satisfies SaveWard;

/** Add Ward (no ward) or Edit Ward: name, kind and who the ward takes. */
export function WardDialog({ open, onOpenChange, ward }: DialogComponentProps & { ward?: Ward }) {
  const create = useCreateWard();
  const update = useUpdateWard();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: saveWardSchema,
    defaultValues: ward ? { name: ward.name, kind: ward.kind, sexRule: ward.sexRule } : BLANK,
    fields: FIELDS,
    send: (values) => (ward ? update.mutateAsync({ id: ward.id, body: values }) : create.mutateAsync(values)),
    success: ward ? WARD_MESSAGES.updated : WARD_MESSAGES.added,
    resetOnSave: !ward,
    onSaved: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={ward ? 'Edit Ward' : 'Add Ward'}
      submitLabel={ward ? 'Save' : 'Add Ward'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <Select
        label="Kind"
        options={optionsOf(WARD_KINDS)}
        error={errors.kind?.message}
        {...register('kind')}
      />
      <Select
        label="Sex rule"
        options={optionsOf(WARD_SEX_RULES)}
        hint="A single-sex ward refuses patients recorded as the other sex."
        error={errors.sexRule?.message}
        {...register('sexRule')}
      />
    </FormDialog>
  );
}

export function AddWardButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Ward" dialog={WardDialog} variant={variant} />;
}

/** Delete an empty ward after confirming (the server refuses one with beds, and the default ward). */
export function DeleteWardDialog({ ward, onClose }: { ward: Ward | null; onClose: () => void }) {
  const remove = useDeleteWard();
  const confirm = async () => {
    if (!ward) return;
    try {
      await remove.mutateAsync(ward.id);
      toast.success(WARD_MESSAGES.removed);
      onClose();
    } catch {
      // The failure's toast comes from the mutation (its meta.errorMessage).
    }
  };
  return (
    <ConfirmDialog
      open={ward !== null}
      onOpenChange={(open) => !open && onClose()}
      title={ward ? `Delete ${ward.name}?` : ''}
      description="The empty ward is removed. This cannot be undone."
      confirmLabel="Delete"
      destructive
      loading={remove.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
