import type { LabResultLine } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import { entryDefaults, entrySchema, previewFlag, typedNumber } from './entry-form';

const line = (
  id: string,
  fields: Partial<LabResultLine['test']>,
  current: LabResultLine['current'] = null,
): LabResultLine => ({
  test: {
    id,
    code: id,
    name: id,
    loincCode: '2823-3',
    resultType: 'quantity',
    unit: 'mmol/L',
    decimals: 1,
    choices: [],
    abnormalChoices: [],
    ...fields,
  },
  panel: null,
  range: { low: 3.5, high: 5.1, criticalLow: 2.8, criticalHigh: 6.2 },
  current,
  previous: [],
});

const K = '6f1b2a52-0f6e-4b55-8f55-3d2b1c7a9e01';
const MP = '6f1b2a52-0f6e-4b55-8f55-3d2b1c7a9e02';
const potassium = line(K, {});
const malaria = line(MP, {
  resultType: 'choice',
  unit: null,
  choices: ['Negative', 'Positive'],
  abnormalChoices: ['Positive'],
});

describe('the entry form', () => {
  it('has a field for each test without a value', () => {
    expect(entryDefaults([potassium, malaria]).values).toEqual([
      { testId: K, value: '' },
      { testId: MP, value: '' },
    ]);
  });

  it('sends numbers for quantities (a comma read as a point) and answers as chosen', () => {
    const parsed = entrySchema([potassium, malaria]).safeParse({
      values: [
        { testId: K, value: '5,6' },
        { testId: MP, value: 'Positive' },
      ],
    });
    expect(parsed.success && parsed.data).toEqual({
      values: [
        { testId: K, value: 5.6 },
        { testId: MP, value: 'Positive' },
      ],
    });
  });

  it('puts the message under the field that is wrong', () => {
    const parsed = entrySchema([potassium, malaria]).safeParse({
      values: [
        { testId: K, value: 'high' },
        { testId: MP, value: '' },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['values.0.value', 'Enter a number'],
      ['values.1.value', 'Enter the result'],
    ]);
  });

  it('shows the flag a value will get before saving', () => {
    expect(previewFlag(potassium, '6.3')).toBe('HH');
    expect(previewFlag(potassium, '3.4')).toBe('L');
    expect(previewFlag(potassium, 'x')).toBeNull();
    expect(previewFlag(malaria, 'Positive')).toBe('A');
  });

  it('reads typed numbers strictly', () => {
    expect(typedNumber(' 12.5 ')).toBe(12.5);
    expect(typedNumber('1e3')).toBeNull();
    expect(typedNumber('')).toBeNull();
  });
});
