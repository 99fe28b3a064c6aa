import {
  DIAGNOSIS_CATEGORY_MESSAGES,
  type DiagnosisCategory,
  type DiagnosisCategoryInput,
  diagnosisCategoryInputSchema,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSaveCategory } from '@/features/doctor/api/diagnosis';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS = ['name', 'description'] as const;

/** New Diagnosis Category, or editing one: a name (unique in any case) and a description. */
export function CategoryDialog({
  open,
  onOpenChange,
  category,
}: DialogComponentProps & { category?: DiagnosisCategory }) {
  const save = useSaveCategory();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: diagnosisCategoryInputSchema,
    defaultValues: {
      name: category?.name ?? '',
      description: category?.description ?? '',
    } satisfies DiagnosisCategoryInput,
    fields: FIELDS,
    send: (fields) => save.mutateAsync({ id: category?.id, fields }),
    success: category ? DIAGNOSIS_CATEGORY_MESSAGES.updated : DIAGNOSIS_CATEGORY_MESSAGES.created,
    resetOnSave: true,
    onSaved: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={category ? 'Edit Diagnosis Category' : 'New Diagnosis Category'}
      submitLabel={category ? 'Save' : 'Add Category'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input
        label="Name"
        autoComplete="off"
        aria-required
        error={errors.name?.message}
        {...register('name')}
      />
      <Textarea
        label="Description"
        rows={3}
        hint="Optional"
        error={errors.description?.message}
        {...register('description')}
      />
    </FormDialog>
  );
}
