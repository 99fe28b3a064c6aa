import { type AddChargeOutput, addChargeSchema, parseNaira } from '@carepoint/contract';
import { type Checked, checkedBy } from '@/lib/use-contract-form';

/*
 * Add Charge's values as typed (the price in naira) and the body the contract checks. Kept out of
 * the component so the conversion is tested without a browser.
 */

export interface ChargeFormValues {
  /** 'listed': a service of the price list; 'described': one the list lacks. */
  kind: 'listed' | 'described';
  serviceId: string;
  description: string;
  /** Naira as typed ("1,250.50"), for a described service. */
  unitPrice: string;
  quantity: string;
  careDate: string;
  reason: string;
}

export const blankCharge = (today: string): ChargeFormValues => ({
  kind: 'listed',
  serviceId: '',
  description: '',
  unitPrice: '',
  quantity: '1',
  careDate: today,
  reason: '',
});

/** Add Charge's body: a listed service without a price, or a description with its price in kobo. */
export function checkCharge(values: ChargeFormValues): Checked<AddChargeOutput> {
  const listed = values.kind === 'listed';
  const quantity = values.quantity.trim() === '' ? Number.NaN : Number(values.quantity);
  const checked = checkedBy(
    addChargeSchema.safeParse({
      serviceId: listed ? values.serviceId || null : null,
      description: listed ? '' : values.description,
      unitPrice: listed ? null : (parseNaira(values.unitPrice) ?? Number.NaN),
      quantity,
      careDate: values.careDate,
      reason: values.reason,
    }),
  );
  if ('data' in checked || !listed) return checked;
  // A listed charge without its service: one message, under the service's field (the
  // description and price fields are not on the form then).
  return {
    issues: checked.issues.flatMap((issue) => {
      if (issue.path[0] === 'unitPrice') return [];
      return [issue.path[0] === 'description' ? { ...issue, path: ['serviceId'] } : issue];
    }),
  };
}
