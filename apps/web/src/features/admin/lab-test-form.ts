import {
  DAYS_PER_YEAR,
  type LabRangeSex,
  type LabResultType,
  type LabTest,
  type LabTestKind,
  type SaveLabTestOutput,
  type SpecimenType,
  saveLabTestSchema,
} from '@carepoint/contract';
import { type Checked, checkedBy } from '@/lib/use-contract-form';

/*
 * The Add and Edit Lab Test dialog's values as typed (numbers as text, ages in years, the price in
 * naira, answers one a line) and the save body the contract checks. Kept out of the component so
 * the conversion is tested without a browser.
 */

export interface RangeRow {
  sex: '' | LabRangeSex;
  /** Years, as a laboratory writes an age band ("18", "0.5"); empty "to": no upper bound. */
  ageFrom: string;
  ageTo: string;
  low: string;
  high: string;
  criticalLow: string;
  criticalHigh: string;
}

export interface LabTestFormValues {
  code: string;
  name: string;
  loincCode: string;
  kind: LabTestKind;
  specimenType: SpecimenType;
  container: string;
  resultType: '' | LabResultType;
  unit: string;
  decimals: string;
  /** One answer a line. */
  choices: string;
  abnormalChoices: string;
  turnaroundMinutes: string;
  /** Naira, as the price list reads. */
  price: string;
  ranges: RangeRow[];
  memberIds: string[];
}

export const BLANK_RANGE: RangeRow = {
  sex: '',
  ageFrom: '',
  ageTo: '',
  low: '',
  high: '',
  criticalLow: '',
  criticalHigh: '',
};

export const BLANK_LAB_TEST: LabTestFormValues = {
  code: '',
  name: '',
  loincCode: '',
  kind: 'test',
  specimenType: 'SER',
  container: '',
  resultType: 'quantity',
  unit: '',
  decimals: '',
  choices: '',
  abnormalChoices: '',
  turnaroundMinutes: '',
  price: '',
  ranges: [],
  memberIds: [],
};

const text = (n: number | null) => (n === null ? '' : String(n));
const years = (days: number | null) =>
  days === null ? '' : String(Math.round((days / DAYS_PER_YEAR) * 100) / 100);

/** The form's values for a stored entry. */
export function labTestFormValues(test: LabTest): LabTestFormValues {
  return {
    code: test.code,
    name: test.name,
    loincCode: test.loincCode,
    kind: test.kind,
    specimenType: test.specimenType,
    container: test.container,
    resultType: test.resultType ?? '',
    unit: test.unit ?? '',
    decimals: text(test.decimals),
    choices: test.choices.join('\n'),
    abnormalChoices: test.abnormalChoices.join('\n'),
    turnaroundMinutes: String(test.turnaroundMinutes),
    price: String(test.price / 100),
    ranges: test.ranges.map((r) => ({
      sex: r.sex ?? '',
      ageFrom: r.ageFromDays === 0 ? '' : years(r.ageFromDays),
      ageTo: years(r.ageToDays),
      low: text(r.low),
      high: text(r.high),
      criticalLow: text(r.criticalLow),
      criticalHigh: text(r.criticalHigh),
    })),
    memberIds: test.members.map((m) => m.id),
  };
}

/** Empty: null; otherwise the number typed (NaN, which the schema refuses, for anything else). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value.replace(/,/g, '')));
const lines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The save body the server takes, checked by the contract's schema. */
export function checkLabTest(values: LabTestFormValues): Checked<SaveLabTestOutput> {
  const panel = values.kind === 'panel';
  const price = numberOrNull(values.price);
  const ageDays = (value: string) => {
    const n = numberOrNull(value);
    return n === null ? null : Math.round(n * DAYS_PER_YEAR);
  };
  return checkedBy(
    saveLabTestSchema.safeParse({
      code: values.code,
      name: values.name,
      loincCode: values.loincCode,
      kind: values.kind,
      specimenType: values.specimenType,
      container: values.container,
      resultType: panel || values.resultType === '' ? null : values.resultType,
      unit: !panel && values.resultType === 'quantity' ? values.unit : null,
      decimals: !panel && values.resultType === 'quantity' ? numberOrNull(values.decimals) : null,
      choices: !panel && values.resultType === 'choice' ? lines(values.choices) : [],
      abnormalChoices: !panel && values.resultType === 'choice' ? lines(values.abnormalChoices) : [],
      turnaroundMinutes: numberOrNull(values.turnaroundMinutes) ?? Number.NaN,
      price: price === null ? Number.NaN : Math.round(price * 100),
      ranges:
        !panel && values.resultType === 'quantity'
          ? values.ranges.map((r) => ({
              sex: r.sex === '' ? null : r.sex,
              ageFromDays: ageDays(r.ageFrom) ?? 0,
              ageToDays: ageDays(r.ageTo),
              low: numberOrNull(r.low),
              high: numberOrNull(r.high),
              criticalLow: numberOrNull(r.criticalLow),
              criticalHigh: numberOrNull(r.criticalHigh),
            }))
          : [],
      memberIds: panel ? values.memberIds : [],
    }),
  );
}
