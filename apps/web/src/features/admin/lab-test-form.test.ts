import { LAB_CATALOGUE_MESSAGES, type LabTest } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import { BLANK_LAB_TEST, BLANK_RANGE, checkLabTest, labTestFormValues } from './lab-test-form';

const typed = {
  ...BLANK_LAB_TEST,
  code: 'ZN',
  name: 'Zinc',
  loincCode: '5763-8',
  container: 'Plain/SST (gold top)',
  unit: 'ug/dL',
  turnaroundMinutes: '1440',
  price: '9,500',
  ranges: [
    { ...BLANK_RANGE, sex: 'female' as const, ageFrom: '18', low: '60', high: '120', criticalLow: '30' },
  ],
};

describe('the lab test form', () => {
  it('sends kobo, ages in days and empty limits as none', () => {
    const checked = checkLabTest(typed);
    if (!('data' in checked)) throw new Error(JSON.stringify(checked.issues));
    expect(checked.data).toMatchObject({
      price: 950_000,
      turnaroundMinutes: 1440,
      ranges: [
        {
          sex: 'female',
          ageFromDays: 6570,
          ageToDays: null,
          low: 60,
          high: 120,
          criticalLow: 30,
          criticalHigh: null,
        },
      ],
      memberIds: [],
    });
  });

  it("puts the contract's message on the field", () => {
    const checked = checkLabTest({ ...typed, loincCode: '5763-9' });
    expect('issues' in checked && checked.issues[0]).toMatchObject({
      path: ['loincCode'],
      message: LAB_CATALOGUE_MESSAGES.loincCheckDigit,
    });
    const range = checkLabTest({
      ...typed,
      ranges: [{ ...typed.ranges[0], criticalLow: '70' }] as typeof typed.ranges,
    });
    expect('issues' in range && range.issues[0]?.message).toBe(LAB_CATALOGUE_MESSAGES.criticalLowAboveLow);
  });

  it('sends a panel without result, unit or ranges, and reads a stored entry back', () => {
    const checked = checkLabTest({
      ...typed,
      kind: 'panel',
      memberIds: ['00000000-0000-4000-8000-000000000001'],
    });
    if (!('data' in checked)) throw new Error(JSON.stringify(checked.issues));
    expect(checked.data).toMatchObject({ resultType: null, unit: null, ranges: [] });

    const stored: LabTest = {
      id: 'x',
      code: 'ZN',
      name: 'Zinc',
      loincCode: '5763-8',
      kind: 'test',
      specimenType: 'SER',
      container: 'Plain/SST (gold top)',
      resultType: 'quantity',
      unit: 'ug/dL',
      decimals: null,
      choices: [],
      abnormalChoices: [],
      turnaroundMinutes: 1440,
      price: 950_000,
      active: true,
      ranges: [
        { sex: null, ageFromDays: 0, ageToDays: 365, low: 1, high: 2, criticalLow: null, criticalHigh: null },
      ],
      members: [],
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    expect(labTestFormValues(stored)).toMatchObject({
      price: '9500',
      ranges: [{ sex: '', ageFrom: '', ageTo: '1', low: '1', high: '2', criticalLow: '' }],
    });
  });
});
