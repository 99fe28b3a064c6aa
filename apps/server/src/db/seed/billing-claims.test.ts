import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serviceContext, type TestApp } from '../../../test/helpers';
import { charges, claimLines, claims, payers } from '../schema';
import { seedDemoData } from '.';

/* The claims' demo data (docs/areas/billing-claims.md#demo-data). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  expect(await seedDemoData(serviceContext(t))).toBe(true);
});
afterAll(() => t.close());

describe('the claims demo data', () => {
  it('has a remitted NHIA claim with one line denied, with its reason, and the rest paid', async () => {
    const [claim] = await t.database.db
      .select({ id: claims.id, status: claims.status, paid: claims.totalPaid, claimed: claims.totalClaimed })
      .from(claims)
      .innerJoin(payers, eq(payers.id, claims.payerId))
      .where(eq(payers.kind, 'nhia'));
    expect(claim?.status).toBe('settled');
    const lines = await t.database.db
      .select()
      .from(claimLines)
      .where(eq(claimLines.claimId, claim?.id ?? ''));
    expect(lines.length).toBeGreaterThan(1);
    const denied = lines.filter((l) => l.outcome === 'denied');
    expect(denied).toHaveLength(1);
    expect(denied[0]?.denialReason).toBe('No pre-authorisation code');
    expect(lines.filter((l) => l.outcome === 'paid')).toHaveLength(lines.length - 1);
    expect(claim?.paid).toBe(claim ? claim.claimed - (denied[0]?.amount ?? 0) : -1);
  });

  it('leaves Hygeia’s covered charges unclaimed for New Claim, and an AXA claim awaiting remittance', async () => {
    const [hygeia] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(charges)
      .innerJoin(payers, eq(payers.id, charges.payerId))
      .leftJoin(claimLines, eq(claimLines.chargeId, charges.id))
      .where(and(eq(payers.name, 'Hygeia HMO'), isNull(claimLines.id)));
    expect(hygeia?.n).toBeGreaterThan(0);
    const [axa] = await t.database.db
      .select({ status: claims.status })
      .from(claims)
      .innerJoin(payers, eq(payers.id, claims.payerId))
      .where(eq(payers.name, 'AXA Mansard Health'));
    expect(axa?.status).toBe('submitted');
  });
});
