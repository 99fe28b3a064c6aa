import {
  basisPointsToPercentText,
  type Coverage,
  type CreateCoverageOutput,
  createCoverageSchema,
  koboToNairaText,
  type PatientShareKind,
  parseNaira,
  parsePercent,
} from '@carepoint/contract';
import { type Checked, checkedBy } from '@/lib/use-contract-form';

/*
 * The coverage dialog's values as typed (the share as a percentage or naira) and the body the
 * contract checks. Kept out of the components so the conversions are tested without a browser.
 */

export interface CoverageFormValues {
  payerId: string;
  plan: string;
  memberNumber: string;
  validFrom: string;
  /** Empty: open-ended. */
  validTo: string;
  shareKind: PatientShareKind;
  /** A percentage as typed ("10", "12.5"). */
  percent: string;
  /** Naira as typed ("1,000"). */
  copay: string;
}

export const blankCoverage = (today: string): CoverageFormValues => ({
  payerId: '',
  plan: '',
  memberNumber: '',
  validFrom: today,
  validTo: '',
  shareKind: 'percent',
  percent: '',
  copay: '',
});

export const coverageFormValues = (c: Coverage): CoverageFormValues => ({
  payerId: c.payer.id,
  plan: c.plan ?? '',
  memberNumber: c.memberNumber,
  validFrom: c.validFrom,
  validTo: c.validTo ?? '',
  shareKind: c.shareKind,
  percent: c.shareBp === null ? '' : basisPointsToPercentText(c.shareBp),
  copay: c.copayAmount === null ? '' : koboToNairaText(c.copayAmount),
});

/** The body's fields are named for the API; the form's for what is typed. */
const FORM_FIELD: Record<string, keyof CoverageFormValues> = { shareBp: 'percent', copayAmount: 'copay' };

/**
 * The body Add Coverage sends (Edit sends it without the payer). A share that is not a number is
 * NaN, which the schema refuses with the contract's message, shown under the field typed in.
 */
export function checkCoverage(values: CoverageFormValues): Checked<CreateCoverageOutput> {
  const percent = values.percent.trim() === '' ? null : (parsePercent(values.percent) ?? Number.NaN);
  const copay = values.copay.trim() === '' ? null : (parseNaira(values.copay) ?? Number.NaN);
  const checked = checkedBy(
    createCoverageSchema.safeParse({
      ...values,
      shareBp: values.shareKind === 'percent' ? percent : null,
      copayAmount: values.shareKind === 'copay' ? copay : null,
    }),
  );
  if ('data' in checked) return checked;
  return {
    issues: checked.issues.map((issue) => {
      const field = FORM_FIELD[String(issue.path[0])];
      return field ? { ...issue, path: [field, ...issue.path.slice(1)] } : issue;
    }),
  };
}
