import {
  completeDischargeSchema,
  DISCHARGE_DISPOSITIONS,
  STAY_MESSAGES,
  type Stay,
} from '@carepoint/contract';
import { useWatch } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import { Checkbox } from '@/components/ui/checkbox';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Select } from '@/components/ui/select';
import { useCompleteDischarge } from '@/features/inpatient/api';
import { useContractForm } from '@/lib/use-contract-form';

/**
 * The nurse completes the discharge: how the stay ended; the bed goes to Cleaning. When doses or
 * results are still open the server asks first, and the answer appears here as a box to tick.
 */
export function DischargeDialog({ stay, open, onOpenChange }: DialogComponentProps & { stay: Stay }) {
  const discharge = useCompleteDischarge();
  const form = useContractForm({
    schema: completeDischargeSchema,
    defaultValues: { disposition: 'Home' as const, confirmed: false },
    fields: ['disposition', 'confirmed'],
    open,
    send: (body) => discharge.mutateAsync({ stayId: stay.id, body }),
    success: STAY_MESSAGES.discharged,
    onSaved: () => onOpenChange(false),
  });
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const confirmed = useWatch({ control, name: 'confirmed' });
  const asked = Boolean(errors.confirmed) || confirmed === true;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Complete the discharge of ${stay.patient.name}`}
      description={`${stay.bed?.label ?? 'The bed'} goes to Cleaning until it is made ready.`}
      submitLabel="Complete discharge"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Select
        label="How the stay ended"
        options={optionsOf(DISCHARGE_DISPOSITIONS)}
        error={errors.disposition?.message}
        {...register('disposition')}
      />
      {asked ? (
        <Checkbox label="Discharge anyway" error={errors.confirmed?.message} {...register('confirmed')} />
      ) : null}
    </FormDialog>
  );
}
