import {
  type CorrectLabResult,
  correctLabResultSchema,
  LAB_RESULT_MESSAGES,
  type LabResultLine,
  type LabResultSheet,
} from '@carepoint/contract';
import { FormDialog } from '@/components/form/form-dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { checkedBy, useContractForm } from '@/lib/use-contract-form';
import { useCorrectResult } from './api';
import { valueText } from './display';
import { typedNumber } from './entry-form';

type CorrectionForm = { value: string; reason: string };

/**
 * Correct a verified value: a new version with the reason; the old one stays on the report as
 * corrected, and everyone who read it is told.
 */
export function CorrectionDialog({
  orderId,
  line,
  onClose,
}: {
  orderId: string;
  line: LabResultLine | null;
  onClose: () => void;
}) {
  const correct = useCorrectResult(orderId);
  const current = line?.current ?? null;
  const quantity = line?.test.resultType === 'quantity';
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm<CorrectionForm, CorrectionForm, CorrectLabResult, LabResultSheet>({
    defaultValues: { value: '', reason: '' },
    fields: ['value', 'reason'],
    check: ({ value, reason }) => {
      const number = quantity ? typedNumber(value) : null;
      if (quantity && number === null && value.trim())
        return { issues: [{ path: ['value'], message: LAB_RESULT_MESSAGES.valueNotNumber }] };
      return checkedBy(correctLabResultSchema.safeParse({ value: number ?? value, reason }));
    },
    send: (body) => correct.mutateAsync({ ...body, id: current?.id ?? '' }),
    success: LAB_RESULT_MESSAGES.corrected,
    open: line !== null,
    onSaved: onClose,
  });
  const unit = line?.test.unit ?? null;
  return (
    <FormDialog
      open={line !== null}
      onOpenChange={(open) => !open && onClose()}
      title={line ? `Correct ${line.test.name}` : 'Correct result'}
      description={
        current
          ? `Now ${valueText(current.value, unit)}. The old value stays on the report as corrected, and everyone who read it is told.`
          : undefined
      }
      submitLabel="Save correction"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      {line?.test.resultType === 'choice' ? (
        <Select
          label="Corrected value"
          placeholder="Choose"
          options={line.test.choices.map((c) => ({ value: c, label: c }))}
          error={errors.value?.message}
          {...register('value')}
        />
      ) : (
        <Input
          label={unit ? `Corrected value (${unit})` : 'Corrected value'}
          inputMode={quantity ? 'decimal' : undefined}
          error={errors.value?.message}
          {...register('value')}
        />
      )}
      <Textarea label="Reason" rows={3} error={errors.reason?.message} {...register('reason')} />
    </FormDialog>
  );
}
