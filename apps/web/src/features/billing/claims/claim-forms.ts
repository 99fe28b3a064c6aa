import {
  CLAIM_MESSAGES,
  type GenerateClaimInput,
  generateClaimSchema,
  parseNaira,
  type RemittanceInput,
  type RemittanceOutcome,
  remittanceSchema,
} from '@carepoint/contract';
import { type Checked, checkedBy } from '@/lib/use-contract-form';

/*
 * The claims' forms as typed (naira as text) and the bodies the contract checks; kept out of the
 * components so the conversions are tested without a browser.
 */

export interface NewClaimValues {
  payerId: string;
  periodFrom: string;
  periodTo: string;
}

/** The first and last day of the month before `today` (YYYY-MM-DD): the period a claim usually covers. */
export function lastMonth(today: string): { periodFrom: string; periodTo: string } {
  const [y = 2000, m = 1] = today.split('-').map(Number);
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { periodFrom: `${year}-${mm}-01`, periodTo: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

export const checkNewClaim = (values: NewClaimValues): Checked<GenerateClaimInput> =>
  checkedBy(generateClaimSchema.safeParse(values));

export interface RemittanceValues {
  outcome: RemittanceOutcome | '';
  /** Naira as typed, for part-paid. */
  paid: string;
  reason: string;
}

export const BLANK_REMITTANCE: RemittanceValues = { outcome: '', paid: '', reason: '' };

/** The body Record Remittance sends: the paid naira in kobo (part-paid only), the reason (denied only). */
export function checkRemittance(values: RemittanceValues, claimed: number): Checked<RemittanceInput> {
  const partPaid = values.outcome === 'part-paid';
  const kobo = partPaid ? parseNaira(values.paid) : null;
  if (partPaid && (kobo === null || kobo <= 0 || kobo >= claimed))
    return { issues: [{ path: ['paid'], message: CLAIM_MESSAGES.paidRange }] };
  const checked = checkedBy(
    remittanceSchema.safeParse({
      outcome: values.outcome || undefined,
      paidAmount: kobo,
      reason: values.outcome === 'denied' ? values.reason : null,
    }),
  );
  if ('data' in checked) return checked;
  return {
    issues: checked.issues.map((issue) =>
      issue.path[0] === 'paidAmount' ? { ...issue, path: ['paid', ...issue.path.slice(1)] } : issue,
    ),
  };
}
