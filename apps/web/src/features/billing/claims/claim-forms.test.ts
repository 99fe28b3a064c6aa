import { CLAIM_MESSAGES } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import { checkRemittance, lastMonth } from './claim-forms';

describe('the claims forms', () => {
  it('suggests last month as the period, across a new year', () => {
    expect(lastMonth('2026-03-14')).toEqual({ periodFrom: '2026-02-01', periodTo: '2026-02-28' });
    expect(lastMonth('2026-01-02')).toEqual({ periodFrom: '2025-12-01', periodTo: '2025-12-31' });
  });

  it('turns the part paid in naira into kobo, and refuses what is not less than claimed', () => {
    expect(checkRemittance({ outcome: 'part-paid', paid: '4,500.50', reason: '' }, 900_000)).toEqual({
      data: { outcome: 'part-paid', paidAmount: 450_050, reason: null },
    });
    expect(checkRemittance({ outcome: 'part-paid', paid: '9000', reason: '' }, 900_000)).toEqual({
      issues: [{ path: ['paid'], message: CLAIM_MESSAGES.paidRange }],
    });
    expect(checkRemittance({ outcome: 'part-paid', paid: '1e3', reason: '' }, 900_000)).toHaveProperty(
      'issues',
    );
  });

  it('asks the denial’s reason and the outcome', () => {
    const denied = checkRemittance({ outcome: 'denied', paid: '', reason: ' ' }, 900_000);
    expect(denied).toEqual({
      issues: [expect.objectContaining({ path: ['reason'], message: CLAIM_MESSAGES.reasonRequired })],
    });
    const none = checkRemittance({ outcome: '', paid: '', reason: '' }, 900_000);
    expect(none).toEqual({
      issues: [expect.objectContaining({ path: ['outcome'], message: CLAIM_MESSAGES.outcomeRequired })],
    });
  });
});
