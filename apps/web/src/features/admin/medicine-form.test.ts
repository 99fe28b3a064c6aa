import { FORMULARY_MESSAGES, type Medicine } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import { BLANK_MEDICINE, checkMedicine, medicineFormValues } from './medicine-form';

const typed = {
  ...BLANK_MEDICINE,
  genericName: 'Amoxicillin',
  strength: '500 mg',
  form: 'Capsule',
  route: 'Oral' as const,
  dispensingUnit: 'capsule',
  reorderLevel: '1,000',
  atcCode: 'j01ca04',
  price: '50.50',
};

describe('the medicine form', () => {
  it('sends kobo, a whole reorder level and the ATC code upper-cased', () => {
    const checked = checkMedicine(typed);
    if (!('data' in checked)) throw new Error(JSON.stringify(checked.issues));
    expect(checked.data).toMatchObject({
      price: 5050,
      reorderLevel: 1000,
      atcCode: 'J01CA04',
      brandName: null,
    });
  });

  it('sends no price when none is typed, and shows the contract messages on the fields', () => {
    const noPrice = checkMedicine({ ...typed, price: '' });
    expect('data' in noPrice && noPrice.data.price).toBeNull();
    const wrong = checkMedicine({ ...typed, atcCode: 'J01', reorderLevel: 'ten', form: '' });
    if ('data' in wrong) throw new Error('accepted a wrong medicine');
    const messages = Object.fromEntries(wrong.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      atcCode: FORMULARY_MESSAGES.atcFormat,
      reorderLevel: FORMULARY_MESSAGES.reorderRange,
      form: FORMULARY_MESSAGES.formRequired,
    });
  });

  it('shows a stored medicine in naira, and saves it back unchanged', () => {
    const stored: Medicine = {
      id: 'm1',
      genericName: 'Insulin, soluble (human)',
      brandName: 'Actrapid',
      strength: '100 IU/mL',
      form: 'Injection',
      route: 'Subcutaneous',
      dispensingUnit: 'vial',
      reorderLevel: 20,
      controlled: false,
      atcCode: 'A10AB01',
      price: 600_000,
      active: true,
      updatedAt: '2026-11-29T00:00:00.000Z',
    };
    const values = medicineFormValues(stored);
    expect(values.price).toBe('6000');
    const checked = checkMedicine(values);
    if (!('data' in checked)) throw new Error(JSON.stringify(checked.issues));
    const { id: _id, active: _active, updatedAt: _updated, ...fields } = stored;
    expect(checked.data).toEqual(fields);
  });
});
