import { BILLING_MESSAGES, type Payer } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import { BLANK_PAYER, checkPayer, checkPrice, payerFormValues, priceFormValues } from './payer-form';

const SERVICE = '7e57a990-0000-4000-8000-000000000001';

describe('the payer form', () => {
  it('sends the markup in basis points, none when empty, and null for empty code and contact', () => {
    const checked = checkPayer({ ...BLANK_PAYER, name: 'Hygeia HMO', markup: '12.5' });
    if (!('data' in checked)) throw new Error(JSON.stringify(checked.issues));
    expect(checked.data).toMatchObject({ kind: 'hmo', markupBp: 1_250, code: null, contact: null });
    const none = checkPayer({ ...BLANK_PAYER, name: 'Hygeia HMO' });
    expect('data' in none && none.data.markupBp).toBeNull();
  });

  it('puts a wrong markup under the markup field, and reads a stored payer back', () => {
    const wrong = checkPayer({ ...BLANK_PAYER, name: 'X', markup: 'ten' });
    if ('data' in wrong) throw new Error('accepted a wrong markup');
    expect(wrong.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['markup', BILLING_MESSAGES.markupRange],
    ]);
    const payer: Payer = {
      id: 'p',
      kind: 'nhia',
      name: 'NHIA',
      code: 'NHIA-1',
      contact: null,
      markupBp: 1_000,
      markupBase: 'formulary-price',
      active: true,
      updatedAt: '2030-01-01T00:00:00.000Z',
    };
    expect(payerFormValues(payer)).toEqual({
      kind: 'nhia',
      name: 'NHIA',
      code: 'NHIA-1',
      contact: '',
      markup: '10',
      markupBase: 'formulary-price',
    });
  });
});

describe('the Set Price form', () => {
  it('sends kobo read from the digits, and refuses what is not an amount on its field', () => {
    const checked = checkPrice(SERVICE, { amount: '12,345.67', effectiveFrom: '2030-01-07' });
    if (!('data' in checked)) throw new Error(JSON.stringify(checked.issues));
    expect(checked.data).toEqual({ serviceId: SERVICE, amount: 1_234_567, effectiveFrom: '2030-01-07' });
    const wrong = checkPrice(SERVICE, { amount: '12.345', effectiveFrom: '7/1/2030' });
    if ('data' in wrong) throw new Error('accepted a wrong price');
    const messages = Object.fromEntries(wrong.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toEqual({
      amount: BILLING_MESSAGES.amountRange,
      effectiveFrom: BILLING_MESSAGES.dateInvalid,
    });
    expect(priceFormValues(1_000_000, '2030-01-07')).toEqual({
      amount: '10000.00',
      effectiveFrom: '2030-01-07',
    });
  });
});
