import {
  ADDABLE_SERVICE_KINDS,
  BILLING_MESSAGES,
  createServiceSchema,
  SERVICE_KIND_LABELS,
} from '@carepoint/contract';
import type { z } from 'zod';
import { FormDialog } from '@/components/form/form-dialog';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateService } from '@/features/admin/api/payers';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS = ['kind', 'code', 'name'] as const;
const BLANK: z.input<typeof createServiceSchema> = { kind: 'procedure', code: '', name: '' };

/**
 * Add Service: a consultation kind, a procedure or a report, on every payer's list (each sets its
 * own price). Bed-days follow the ward kinds; lab tests and medicines their own catalogues.
 */
function ServiceDialog({ open, onOpenChange }: DialogComponentProps) {
  const create = useCreateService();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: createServiceSchema,
    defaultValues: BLANK,
    fields: FIELDS,
    send: (body) => create.mutateAsync(body),
    success: BILLING_MESSAGES.serviceAdded,
    resetOnSave: true,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add Service"
      submitLabel="Add Service"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label="Kind"
          options={ADDABLE_SERVICE_KINDS.map((kind) => ({ value: kind, label: SERVICE_KIND_LABELS[kind] }))}
          error={errors.kind?.message}
          {...register('kind')}
        />
        <Input
          label="Code"
          autoComplete="off"
          hint="Such as PROC-DRESS"
          error={errors.code?.message}
          {...register('code')}
        />
        <div className="sm:col-span-2">
          <Input label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
        </div>
      </div>
    </FormDialog>
  );
}

export function AddServiceButton() {
  return <DialogButton label="Add Service" dialog={ServiceDialog} variant="secondary" />;
}
