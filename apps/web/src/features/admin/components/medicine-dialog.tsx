import { FORMULARY_MESSAGES, MEDICATION_ROUTES, MEDICINE_FORMS, type Medicine } from '@carepoint/contract';
import type { Path } from 'react-hook-form';
import { FormDialog } from '@/components/form/form-dialog';
import { optionsOf } from '@/components/form/options';
import type { ButtonVariant } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogButton, type DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateMedicine, useUpdateMedicine } from '@/features/admin/api/medicines';
import {
  BLANK_MEDICINE,
  checkMedicine,
  type MedicineFormValues,
  medicineFormValues,
} from '@/features/admin/medicine-form';
import { useContractForm } from '@/lib/use-contract-form';

const FIELDS: ReadonlyArray<Path<MedicineFormValues>> = [
  'genericName',
  'brandName',
  'strength',
  'form',
  'route',
  'dispensingUnit',
  'reorderLevel',
  'controlled',
  'atcCode',
  'price',
];

/** Add Medicine (no medicine) or Edit Medicine: the formulary entry whole. */
export function MedicineDialog({
  open,
  onOpenChange,
  medicine,
}: DialogComponentProps & { medicine?: Medicine }) {
  const create = useCreateMedicine();
  const update = useUpdateMedicine();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    defaultValues: medicine ? medicineFormValues(medicine) : BLANK_MEDICINE,
    check: checkMedicine,
    fields: FIELDS,
    send: (body) => (medicine ? update.mutateAsync({ id: medicine.id, body }) : create.mutateAsync(body)),
    success: medicine ? FORMULARY_MESSAGES.updated : FORMULARY_MESSAGES.added,
    resetOnSave: !medicine,
    onSaved: () => onOpenChange(false),
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={medicine ? `Edit ${medicine.genericName} ${medicine.strength}` : 'Add Medicine'}
      submitLabel={medicine ? 'Save' : 'Add Medicine'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      size="lg"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Generic name"
          autoComplete="off"
          error={errors.genericName?.message}
          {...register('genericName')}
        />
        <Input
          label="Brand"
          autoComplete="off"
          hint="Optional"
          error={errors.brandName?.message}
          {...register('brandName')}
        />
        <Input
          label="Strength"
          autoComplete="off"
          hint="As the pack says it: 500 mg, 250 mg/5 mL"
          error={errors.strength?.message}
          {...register('strength')}
        />
        <Select
          label="Form"
          placeholder="Choose the form"
          options={optionsOf(MEDICINE_FORMS)}
          error={errors.form?.message}
          {...register('form')}
        />
        <Select
          label="Route"
          placeholder="Choose the route"
          options={optionsOf(MEDICATION_ROUTES)}
          error={errors.route?.message}
          {...register('route')}
        />
        <Input
          label="Dispensing unit"
          autoComplete="off"
          hint="What stock counts: tablet, bottle, vial"
          error={errors.dispensingUnit?.message}
          {...register('dispensingUnit')}
        />
        <Input
          label="Reorder level"
          type="number"
          inputMode="numeric"
          min={0}
          hint="In dispensing units"
          error={errors.reorderLevel?.message}
          {...register('reorderLevel')}
        />
        <Input
          label="ATC code"
          autoComplete="off"
          hint="WHO ATC, such as J01CA04 (optional)"
          error={errors.atcCode?.message}
          {...register('atcCode')}
        />
        <Input
          label="Price (₦)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          hint="Per dispensing unit (optional)"
          error={errors.price?.message}
          {...register('price')}
        />
        <Checkbox label="Controlled drug" {...register('controlled')} />
      </div>
    </FormDialog>
  );
}

export function AddMedicineButton({ variant }: { variant?: ButtonVariant }) {
  return <DialogButton label="Add Medicine" dialog={MedicineDialog} variant={variant} />;
}
