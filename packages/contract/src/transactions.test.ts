import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercentText,
  formatNaira,
  formatNairaPlain,
  invoiceActions,
  invoiceFormSchema,
  invoiceInputSchema,
  invoiceTotals,
  koboToNairaText,
  parseNaira,
  parsePercent,
  toInvoiceInput,
} from './transactions';

describe('naira and kobo', () => {
  it('converts typed naira to kobo exactly, from the digits', () => {
    expect(parseNaira('12500')).toBe(1_250_000);
    expect(parseNaira('12,500.5')).toBe(1_250_050);
    expect(parseNaira(' 0.07 ')).toBe(7);
    // 0.1 + 0.2 and 1.005 are where floats drift; here they do not.
    expect(parseNaira('0.29')).toBe(29);
    expect(parseNaira('1.005')).toBeNull();
    expect(parseNaira('4.35')).toBe(435);
    expect(parseNaira('1234567.89')).toBe(123_456_789);
    expect(parseNaira('999999999.99')).toBe(99_999_999_999);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '.5', '1.', '-1', '1e3', '12,50', 'abc', '1 000', '1234567890', 'NaN', '₦100']) {
      expect(parseNaira(text), text).toBeNull();
    }
  });

  it('round-trips every kobo value of a range through the form text', () => {
    for (let kobo = 0; kobo < 20_000; kobo += 7) expect(parseNaira(koboToNairaText(kobo))).toBe(kobo);
    expect(koboToNairaText(1_250_050)).toBe('12500.50');
  });

  it('formats on screen with ₦ and in the PDF with NGN', () => {
    expect(formatNaira(1_250_050)).toBe('₦12,500.50');
    expect(formatNairaPlain(1_250_050)).toBe('NGN 12,500.50');
    expect(formatNairaPlain(100_000_000_000_000)).toBe('NGN 1,000,000,000,000.00');
  });

  it('reads percentages as basis points', () => {
    expect(parsePercent('7.5')).toBe(750);
    expect(parsePercent('0')).toBe(0);
    expect(parsePercent('12.25')).toBe(1225);
    expect(parsePercent('7.555')).toBeNull();
    expect(basisPointsToPercentText(750)).toBe('7.5');
    expect(basisPointsToPercentText(1200)).toBe('12');
    expect(basisPointsToPercentText(1225)).toBe('12.25');
  });
});

describe('invoiceTotals', () => {
  it('rounds the tax half up to the kobo', () => {
    expect(invoiceTotals([{ quantity: 1, unitPrice: 1 }], 5000)).toEqual({ subtotal: 1, tax: 1, total: 2 });
    expect(invoiceTotals([{ quantity: 1, unitPrice: 1 }], 4999)).toEqual({ subtotal: 1, tax: 0, total: 1 });
    expect(invoiceTotals([{ quantity: 3, unitPrice: 333 }], 750)).toEqual({
      subtotal: 999,
      tax: 75,
      total: 1074,
    });
  });

  it('stays exact at the caps', () => {
    const lines = Array.from({ length: 50 }, () => ({ quantity: 10_000, unitPrice: 1_000_000_000 }));
    expect(invoiceTotals(lines, 9_999)).toEqual({
      subtotal: 500_000_000_000_000,
      tax: 499_950_000_000_000,
      total: 999_950_000_000_000,
    });
  });
});

describe('the invoice form', () => {
  it('turns typed naira and percent into the API body', () => {
    const form = invoiceFormSchema.parse({
      lines: [{ description: ' Consultation ', quantity: '2', unitPrice: '15,000.10' }],
      taxRate: '7.5',
      notes: '',
    });
    expect(toInvoiceInput(form)).toEqual({
      lines: [{ description: 'Consultation', quantity: 2, unitPrice: 1_500_010 }],
      taxRate: 750,
      notes: null,
    });
    expect(invoiceInputSchema.safeParse(toInvoiceInput(form)).success).toBe(true);
  });

  it('gives the messages under the fields', () => {
    const result = invoiceFormSchema.safeParse({
      lines: [{ description: '', quantity: '0', unitPrice: '10000000.01' }],
      taxRate: '101',
      notes: '',
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toEqual([
      'lines.0.description: Description is required',
      'lines.0.quantity: Quantity must be at least 1',
      'lines.0.unitPrice: Unit price must be at most ₦10,000,000.00',
      'taxRate: Tax rate must be at most 100%',
    ]);
  });

  it('refuses a non-object body without throwing', () => {
    expect(invoiceInputSchema.safeParse('x').success).toBe(false);
    expect(invoiceInputSchema.safeParse({ lines: 'x', taxRate: 1 }).success).toBe(false);
  });
});

it('offers the moves of each status', () => {
  expect(invoiceActions('Pending')).toEqual(['pay', 'cancel']);
  expect(invoiceActions('Paid')).toEqual(['refund']);
  expect(invoiceActions('Cancelled')).toEqual([]);
  expect(invoiceActions('Refunded')).toEqual([]);
});
