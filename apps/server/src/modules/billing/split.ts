import type { PriceBasis } from '@carepoint/contract';
import type { CoverageInForce } from './coverage-on';

/*
 * How a charge divides between the payer and the patient (docs/areas/billing-charges.md).
 */

export interface Split {
  payerAmount: number;
  patientAmount: number;
}

/**
 * `amount` (kobo) split under `coverage`. Without a coverage, or when the payer's tariff lacks the
 * service (basis 'self-pay'), the patient owes it all. A percentage share is the patient's on every
 * line (rounded half up to the kobo); a fixed co-payment is owed once per visit, on the line that
 * opens it (`opensVisit`: the consultation, a stay's first night), never more than that line.
 */
export function splitCharge(
  amount: number,
  basis: PriceBasis | null,
  coverage: Pick<CoverageInForce, 'shareKind' | 'shareBp' | 'copayAmount'> | null,
  opensVisit: boolean,
): Split {
  if (!coverage || basis === 'self-pay') return { payerAmount: 0, patientAmount: amount };
  const patientAmount =
    coverage.shareKind === 'percent'
      ? Math.round((amount * (coverage.shareBp ?? 0)) / 10_000)
      : opensVisit
        ? Math.min(coverage.copayAmount ?? 0, amount)
        : 0;
  return { payerAmount: amount - patientAmount, patientAmount };
}
