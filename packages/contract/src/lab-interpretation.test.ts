import { describe, expect, it } from 'vitest';
import {
  ageInDays,
  applicableRange,
  interpretChoice,
  interpretQuantity,
  isCriticalInterpretation,
  type LabRange,
  roundToDecimals,
} from './lab-interpretation';

const range = (fields: Partial<LabRange>): LabRange => ({
  sex: null,
  ageFromDays: 0,
  ageToDays: null,
  low: null,
  high: null,
  criticalLow: null,
  criticalHigh: null,
  ...fields,
});

// Haemoglobin (g/dL): an adult range for either sex, adult men and women, and a child's band.
const anyAdult = range({ ageFromDays: 6570, low: 12, high: 17 });
const men = range({ sex: 'male', ageFromDays: 6570, low: 13, high: 17 });
const women = range({ sex: 'female', ageFromDays: 6570, low: 12, high: 15.5 });
const child = range({ ageFromDays: 365, ageToDays: 6570, low: 11, high: 14.5 });
const everyone = range({ low: 10, high: 18 });
const haemoglobin = [everyone, anyAdult, men, women, child];

describe('the range that applies', () => {
  it('takes the one for the patient’s sex before the one for either', () => {
    expect(applicableRange(haemoglobin, { sex: 'male', ageDays: 12_000 })).toBe(men);
    expect(applicableRange(haemoglobin, { sex: 'female', ageDays: 12_000 })).toBe(women);
  });

  it('gives a patient of another or no recorded sex the range for either', () => {
    expect(applicableRange(haemoglobin, { sex: 'other', ageDays: 12_000 })).toBe(anyAdult);
    expect(applicableRange(haemoglobin, { sex: null, ageDays: 12_000 })).toBe(anyAdult);
  });

  it('takes the narrowest age band that holds the patient, from inclusive to exclusive', () => {
    expect(applicableRange(haemoglobin, { sex: 'female', ageDays: 365 })).toBe(child);
    expect(applicableRange(haemoglobin, { sex: 'female', ageDays: 6569 })).toBe(child);
    expect(applicableRange(haemoglobin, { sex: 'female', ageDays: 6570 })).toBe(women);
    expect(applicableRange(haemoglobin, { sex: 'female', ageDays: 100 })).toBe(everyone);
  });

  it('gives a patient of unknown age only a range that holds every age', () => {
    expect(applicableRange(haemoglobin, { sex: 'male', ageDays: null })).toBe(everyone);
    expect(applicableRange([men, child], { sex: 'male', ageDays: null })).toBeNull();
  });

  it('does not depend on the rows’ order', () => {
    expect(applicableRange([...haemoglobin].reverse(), { sex: 'male', ageDays: 12_000 })).toBe(men);
  });

  it('answers null when no range holds', () => {
    expect(applicableRange([], { sex: 'male', ageDays: 1 })).toBeNull();
    expect(applicableRange([women], { sex: 'male', ageDays: 12_000 })).toBeNull();
  });
});

describe('a quantity’s flag', () => {
  // Serum potassium: 3.5–5.1 mmol/L, critical below 2.8 or above 6.2.
  const potassium = range({ low: 3.5, high: 5.1, criticalLow: 2.8, criticalHigh: 6.2 });

  it.each([
    [2.7, 'LL'],
    [2.8, 'L'],
    [3.4, 'L'],
    [3.5, 'N'],
    [4.2, 'N'],
    [5.1, 'N'],
    [5.2, 'H'],
    [6.2, 'H'],
    [6.3, 'HH'],
  ] as const)('%s mmol/L is %s', (value, flag) => {
    expect(interpretQuantity(value, potassium)).toBe(flag);
  });

  it('flags against one side only when the range has one limit', () => {
    const upperOnly = range({ high: 5.2 });
    expect(interpretQuantity(0.1, upperOnly)).toBe('N');
    expect(interpretQuantity(6, upperOnly)).toBe('H');
  });

  it('gives no flag without a range, or with a range of no limits', () => {
    expect(interpretQuantity(4, null)).toBeNull();
    expect(interpretQuantity(4, range({}))).toBeNull();
  });

  it('calls only LL and HH critical', () => {
    expect(['LL', 'HH', 'L', 'H', 'N', 'A', null].map(isCriticalInterpretation)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('a choice’s flag', () => {
  it('is A for an abnormal answer and N for any other', () => {
    expect(interpretChoice('Positive', ['Positive'])).toBe('A');
    expect(interpretChoice('Negative', ['Positive'])).toBe('N');
  });
});

describe('age and rounding', () => {
  it('counts age in whole days, unknown before birth', () => {
    expect(ageInDays('2000-01-01', '2000-01-31')).toBe(30);
    expect(ageInDays(null, '2000-01-31')).toBeNull();
    expect(ageInDays('2001-01-01', '2000-01-31')).toBeNull();
  });

  it('rounds to the test’s decimals', () => {
    expect(roundToDecimals(5.55, 1)).toBe(5.6);
    expect(roundToDecimals(118.4, 0)).toBe(118);
    expect(roundToDecimals(4.123, null)).toBe(4.123);
  });
});
