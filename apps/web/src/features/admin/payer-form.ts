import {
  basisPointsToPercentText,
  type CreatePayerOutput,
  createPayerSchema,
  koboToNairaText,
  type MarkupBase,
  type Payer,
  parseNaira,
  parsePercent,
  type SetPriceOutput,
  setPriceSchema,
} from '@carepoint/contract';
import { type Checked, checkedBy } from '@/lib/use-contract-form';

/*
 * The payer and Set Price dialogs' values as typed (the markup as a percentage, the price in
 * naira) and the bodies the contract checks. Kept out of the components so the conversions are
 * tested without a browser.
 */

export interface PayerFormValues {
  kind: 'nhia' | 'hmo';
  name: string;
  code: string;
  contact: string;
  /** A percentage ("12.5"); empty: no markup. */
  markup: string;
  markupBase: MarkupBase;
}

export const BLANK_PAYER: PayerFormValues = {
  kind: 'hmo',
  name: '',
  code: '',
  contact: '',
  markup: '',
  markupBase: 'unit-cost',
};

export const payerFormValues = (p: Payer): PayerFormValues => ({
  kind: p.kind === 'nhia' ? 'nhia' : 'hmo',
  name: p.name,
  code: p.code ?? '',
  contact: p.contact ?? '',
  markup: p.markupBp === null ? '' : basisPointsToPercentText(p.markupBp),
  markupBase: p.markupBase,
});

/** The body Add Payer sends (Edit sends it without `kind`). A markup that is not a percentage is NaN, which the schema refuses. */
export function checkPayer(values: PayerFormValues): Checked<CreatePayerOutput> {
  const markupBp = values.markup.trim() === '' ? null : (parsePercent(values.markup) ?? Number.NaN);
  const checked = checkedBy(createPayerSchema.safeParse({ ...values, markupBp }));
  if ('data' in checked) return checked;
  // The body's markupBp is the form's markup field.
  return {
    issues: checked.issues.map((issue) =>
      issue.path[0] === 'markupBp' ? { ...issue, path: ['markup', ...issue.path.slice(1)] } : issue,
    ),
  };
}

export interface PriceFormValues {
  /** Naira as typed ("12,500.50"). */
  amount: string;
  effectiveFrom: string;
}

export const priceFormValues = (amount: number | null, effectiveFrom: string): PriceFormValues => ({
  amount: amount === null ? '' : koboToNairaText(amount),
  effectiveFrom,
});

/** Set Price's body: the naira typed, in kobo (NaN when it is not an amount, which the schema refuses). */
export function checkPrice(serviceId: string, values: PriceFormValues): Checked<SetPriceOutput> {
  return checkedBy(
    setPriceSchema.safeParse({
      serviceId,
      effectiveFrom: values.effectiveFrom,
      amount: parseNaira(values.amount) ?? Number.NaN,
    }),
  );
}
