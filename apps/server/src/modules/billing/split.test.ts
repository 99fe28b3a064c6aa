import { describe, expect, it } from 'vitest';
import { splitCharge } from './split';

const percent = (shareBp: number) => ({ shareKind: 'percent' as const, shareBp, copayAmount: null });
const copay = (copayAmount: number) => ({ shareKind: 'copay' as const, shareBp: null, copayAmount });

describe('splitCharge', () => {
  it('puts the whole line on the patient without a coverage or off the payer tariff', () => {
    expect(splitCharge(10_000, 'list', null, true)).toEqual({ payerAmount: 0, patientAmount: 10_000 });
    expect(splitCharge(10_000, 'self-pay', percent(1_000), true)).toEqual({
      payerAmount: 0,
      patientAmount: 10_000,
    });
  });

  it("takes the patient's percentage of every line, rounded half up to the kobo", () => {
    expect(splitCharge(10_005, 'list', percent(1_000), false)).toEqual({
      payerAmount: 9_004,
      patientAmount: 1_001,
    });
    expect(splitCharge(10_000, 'markup', percent(0), false)).toEqual({
      payerAmount: 10_000,
      patientAmount: 0,
    });
    expect(splitCharge(10_000, 'list', percent(10_000), false)).toEqual({
      payerAmount: 0,
      patientAmount: 10_000,
    });
  });

  it('owes a fixed co-payment once per visit, never above the line', () => {
    expect(splitCharge(10_000, 'list', copay(2_000), true)).toEqual({
      payerAmount: 8_000,
      patientAmount: 2_000,
    });
    expect(splitCharge(10_000, 'list', copay(2_000), false)).toEqual({
      payerAmount: 10_000,
      patientAmount: 0,
    });
    expect(splitCharge(1_500, 'list', copay(2_000), true)).toEqual({ payerAmount: 0, patientAmount: 1_500 });
  });
});
