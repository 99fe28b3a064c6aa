import { CHARGE_MESSAGES } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import { blankCharge, checkCharge } from './charge-form';

const SERVICE = '7e57a990-0000-4000-8000-000000000001';
const blank = blankCharge('2030-01-07');

describe('the Add Charge form', () => {
  it('sends a listed service without a price, and a described one with its price in kobo', () => {
    const listed = checkCharge({ ...blank, serviceId: SERVICE, quantity: '2', reason: 'Not booked' });
    if (!('data' in listed)) throw new Error(JSON.stringify(listed.issues));
    expect(listed.data).toMatchObject({
      serviceId: SERVICE,
      unitPrice: null,
      quantity: 2,
      careDate: '2030-01-07',
    });
    const described = checkCharge({
      ...blank,
      kind: 'described',
      description: 'Splint',
      unitPrice: '1,500.50',
      reason: 'Not on the list',
    });
    if (!('data' in described)) throw new Error(JSON.stringify(described.issues));
    expect(described.data).toMatchObject({
      serviceId: null,
      description: 'Splint',
      unitPrice: 150_050,
      quantity: 1,
    });
  });

  it('puts each refusal under its own field: the service, the price, the quantity, the reason', () => {
    const issues = (values: Parameters<typeof checkCharge>[0]) => {
      const checked = checkCharge(values);
      return 'data' in checked ? [] : checked.issues.map((i) => [i.path.join('.'), i.message]);
    };
    expect(issues({ ...blank, reason: 'x' })).toEqual([['serviceId', CHARGE_MESSAGES.serviceOrDescription]]);
    expect(
      issues({ ...blank, kind: 'described', description: 'Kit', unitPrice: 'ten', reason: 'x' }),
    ).toEqual([['unitPrice', CHARGE_MESSAGES.unitPriceRange]]);
    expect(issues({ ...blank, serviceId: SERVICE, quantity: '0', reason: 'x' })).toEqual([
      ['quantity', CHARGE_MESSAGES.quantityRange],
    ]);
    expect(issues({ ...blank, serviceId: SERVICE, reason: ' ' })).toEqual([
      ['reason', CHARGE_MESSAGES.reasonRequired],
    ]);
  });
});
