import { describe, expect, it } from 'vitest';
import {
  formatTurnaround,
  isUcumText,
  isValidLoinc,
  loincCheckDigit,
  LAB_CATALOGUE_MESSAGES as M,
  referenceRangeFor,
  saveLabTestSchema,
} from './lab-catalogue';

describe('LOINC check digit', () => {
  it('computes the Mod 10 digit LOINC publishes', () => {
    // Codes as LOINC lists them: potassium, haemoglobin, HbA1c, CBC panel, urea.
    for (const code of ['2823-3', '718-7', '4548-4', '58410-2', '22664-7', '10331-7', '883-9']) {
      expect(isValidLoinc(code), code).toBe(true);
    }
    expect(loincCheckDigit('2823')).toBe(3);
    expect(isValidLoinc('2823-4')).toBe(false);
    expect(isValidLoinc('12345678-9')).toBe(false);
    expect(isValidLoinc('2823')).toBe(false);
    expect(loincCheckDigit('28a3')).toBeUndefined();
  });
});

describe('UCUM unit text', () => {
  it('takes units as written and refuses spaces and unbalanced brackets', () => {
    for (const unit of ['mmol/L', '10*9/L', 'g/dL', '%', '[pH]', 'mL/min/{1.73_m2}', '1']) {
      expect(isUcumText(unit), unit).toBe(true);
    }
    for (const unit of ['mg per dL', '[pH', 'mg)', '', 'µmol/L']) expect(isUcumText(unit), unit).toBe(false);
  });
});

describe('referenceRangeFor', () => {
  const ranges = [
    { sex: null, ageFromDays: 0, ageToDays: null, low: 1 },
    { sex: 'female' as const, ageFromDays: 6570, ageToDays: null, low: 2 },
    { sex: null, ageFromDays: 365, ageToDays: 6570, low: 3 },
    { sex: 'female' as const, ageFromDays: 18_250, ageToDays: null, low: 4 },
  ];
  it('picks the sex before either, then the narrowest age band', () => {
    expect(referenceRangeFor(ranges, 'female', 30 * 365)?.low).toBe(2);
    expect(referenceRangeFor(ranges, 'female', 60 * 365)?.low).toBe(4);
    expect(referenceRangeFor(ranges, 'male', 30 * 365)?.low).toBe(1);
    expect(referenceRangeFor(ranges, 'female', 5 * 365)?.low).toBe(3);
    expect(referenceRangeFor(ranges, 'male', 100)?.low).toBe(1);
  });
  it('without an age or sex, uses only a range that needs neither', () => {
    expect(referenceRangeFor(ranges, null, null)?.low).toBe(1);
    expect(referenceRangeFor(ranges.slice(1), null, 30 * 365)).toBeUndefined();
    expect(referenceRangeFor([], 'male', 1)).toBeUndefined();
  });
});

describe('saveLabTestSchema', () => {
  const base = {
    code: 'K',
    name: 'Potassium',
    loincCode: '2823-3',
    kind: 'test',
    specimenType: 'SER',
    container: 'Plain/SST (gold top)',
    resultType: 'quantity',
    unit: 'mmol/L',
    turnaroundMinutes: 60,
    price: 300_000,
  };
  const messages = (input: object) => {
    const result = saveLabTestSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };
  it('accepts a good test and defaults the rest', () => {
    expect(saveLabTestSchema.parse(base)).toMatchObject({
      ranges: [],
      memberIds: [],
      choices: [],
      decimals: null,
    });
  });
  it('says what is wrong on the field', () => {
    expect(messages({ ...base, code: '' })).toContain(M.codeRequired);
    expect(messages({ ...base, code: '-K' })).toContain(M.codeFormat);
    expect(messages({ ...base, loincCode: '2823-2' })).toContain(M.loincCheckDigit);
    expect(messages({ ...base, price: -1 })).toContain(M.priceRange);
    expect(messages({ ...base, turnaroundMinutes: 0 })).toContain(M.turnaroundRange);
    expect(messages({ ...base, resultType: 'text' })).toContain(M.unitOnlyForNumbers);
    expect(messages({ ...base, ranges: [{ low: 3, high: 2 }] })).toContain(M.rangeBounds);
    expect(messages({ ...base, ranges: [{ low: 3, high: 5, criticalHigh: 4 }] })).toContain(
      M.criticalHighBelowHigh,
    );
    expect(messages({ ...base, ranges: [{ criticalLow: 5, criticalHigh: 5 }] })).toContain(M.criticalBounds);
    expect(messages({ ...base, ranges: [{}] })).toContain(M.rangeEmpty);
    expect(messages({ ...base, kind: 'panel', resultType: null, unit: null })).toContain(M.membersRequired);
  });
});

describe('formatTurnaround', () => {
  it('reads as the worklist shows it', () => {
    expect([30, 60, 90, 1440, 2880].map(formatTurnaround)).toEqual([
      '30 min',
      '1 h',
      '1 h 30 min',
      '1 d',
      '2 d',
    ]);
  });
});
