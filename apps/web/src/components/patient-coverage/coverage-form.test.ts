import { COVERAGE_MESSAGES as M } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import { blankCoverage, checkCoverage, coverageFormValues } from './coverage-form';

const PAYER = '7e57a990-0000-4000-8000-000000000001';
const typed = { ...blankCoverage('2030-01-07'), payerId: PAYER, memberNumber: 'NHIA/1' };

describe('the coverage form', () => {
  it('sends a percentage in basis points and a co-payment in kobo, only the kind chosen', () => {
    const percent = checkCoverage({ ...typed, percent: '12.5', copay: '500' });
    if (!('data' in percent)) throw new Error(JSON.stringify(percent.issues));
    expect(percent.data).toMatchObject({
      shareKind: 'percent',
      shareBp: 1_250,
      copayAmount: null,
      validTo: null,
    });
    const copay = checkCoverage({ ...typed, shareKind: 'copay', percent: '10', copay: '1,000.50' });
    if (!('data' in copay)) throw new Error(JSON.stringify(copay.issues));
    expect(copay.data).toMatchObject({ shareKind: 'copay', shareBp: null, copayAmount: 100_050 });
  });

  it('puts a wrong share under the field typed in, and the period’s order under valid to', () => {
    const wrong = checkCoverage({ ...typed, percent: 'ten' });
    if ('data' in wrong) throw new Error('accepted a wrong share');
    expect(wrong.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['percent', M.percentRange]]);
    const backwards = checkCoverage({ ...typed, percent: '10', validTo: '2029-01-01' });
    if ('data' in backwards) throw new Error('accepted a period ending before it starts');
    expect(backwards.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['validTo', M.validToBeforeFrom],
    ]);
    const copay = checkCoverage({ ...typed, shareKind: 'copay', copay: '-5' });
    if ('data' in copay) throw new Error('accepted a negative co-payment');
    expect(copay.issues.map((i) => i.path.join('.'))).toEqual(['copay']);
  });

  it('reads a stored coverage back as typed', () => {
    const values = coverageFormValues({
      id: 'c',
      patientId: 'p',
      payer: { id: PAYER, name: 'Hygeia HMO', kind: 'hmo', active: true },
      plan: null,
      memberNumber: 'HYG-1',
      validFrom: '2030-01-01',
      validTo: null,
      shareKind: 'copay',
      shareBp: null,
      copayAmount: 100_000,
      status: 'in-force',
      preauthServices: [],
      preauths: [],
      updatedAt: '2030-01-01T00:00:00.000Z',
    });
    expect(values).toMatchObject({ plan: '', validTo: '', copay: '1000.00', percent: '' });
  });
});
