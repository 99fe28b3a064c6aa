import {
  DIAGNOSIS_CATEGORY_MESSAGES,
  type DiagnosisCategory,
  type DiagnosisCategoryFields,
  type DiagnosisCategoryInput,
  diagnosisCategoryInputSchema,
} from '@carepoint/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useSaveCategory } from '@/features/doctor/api/diagnosis';
import { submitForm } from '@/lib/forms';

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
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<DiagnosisCategoryInput, unknown, DiagnosisCategoryFields>({
    resolver: zodResolver(diagnosisCategoryInputSchema),
    defaultValues: { name: category?.name ?? '', description: category?.description ?? '' },
  });

  const onSubmit = handleSubmit(async (fields) => {
    const saved = await submitForm(() => save.mutateAsync({ id: category?.id, fields }), {
      success: category ? DIAGNOSIS_CATEGORY_MESSAGES.updated : DIAGNOSIS_CATEGORY_MESSAGES.created,
      setError,
      fields: FIELDS,
    });
    if (saved) {
      reset();
      onOpenChange(false);
    }
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
