import {
  type MedicationRoute,
  type Medicine,
  type SaveMedicineOutput,
  saveMedicineSchema,
} from '@carepoint/contract';
import { type Checked, checkedBy } from '@/lib/use-contract-form';

/*
 * The Add and Edit Medicine dialog's values as typed (numbers as text, the price in naira) and the
 * save body the contract checks. Kept out of the component so the conversion is tested without a
 * browser.
 */

export interface MedicineFormValues {
  genericName: string;
  brandName: string;
  strength: string;
  form: string;
  route: '' | MedicationRoute;
  dispensingUnit: string;
  reorderLevel: string;
  controlled: boolean;
  atcCode: string;
  /** Naira, as the price list reads; empty until the price list sets it. */
  price: string;
}

export const BLANK_MEDICINE: MedicineFormValues = {
  genericName: '',
  brandName: '',
  strength: '',
  form: '',
  route: '',
  dispensingUnit: '',
  reorderLevel: '0',
  controlled: false,
  atcCode: '',
  price: '',
};

/** The form's values for a stored medicine. */
export const medicineFormValues = (m: Medicine): MedicineFormValues => ({
  genericName: m.genericName,
  brandName: m.brandName ?? '',
  strength: m.strength,
  form: m.form,
  route: m.route,
  dispensingUnit: m.dispensingUnit,
  reorderLevel: String(m.reorderLevel),
  controlled: m.controlled,
  atcCode: m.atcCode ?? '',
  price: m.price === null ? '' : String(m.price / 100),
});

/** Empty: null; otherwise the number typed (NaN, which the schema refuses, for anything else). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value.replace(/,/g, '')));

/** The save body the server takes, checked by the contract's schema. */
export function checkMedicine(values: MedicineFormValues): Checked<SaveMedicineOutput> {
  const price = numberOrNull(values.price);
  return checkedBy(
    saveMedicineSchema.safeParse({
      ...values,
      reorderLevel: numberOrNull(values.reorderLevel) ?? Number.NaN,
      price: price === null ? null : Math.round(price * 100),
    }),
  );
}
