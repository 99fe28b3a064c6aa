import type { CoverageList } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed/accounts';
import {
  COPAY_PATIENT,
  EXPIRED_PATIENT,
  HMO_PATIENT,
  NHIA_PATIENT,
  NHIA_PREAUTH_CODES,
  SELF_PAY_PATIENT,
} from '../src/db/seed/billing-coverage';
import { signIn, type TestApp } from './helpers';

/**
 * What the demo cashier finds on the demo patients' Coverage (db/seed/billing-coverage.ts), read
 * through the API. Registered by the demo-data tests, after the demo data is loaded.
 */
export function demoCoverageChecks(testApp: () => TestApp) {
  let session: Promise<{ cookie: string }> | undefined;
  const coverageOf = async (email: string) => {
    session ??= signIn(testApp(), { email: 'cashier@carepoint.example' }, DEMO_PASSWORD);
    const [patient] = await testApp()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    const res = await testApp().app.inject({
      method: 'GET',
      url: `/api/patients/${patient?.id}/coverages`,
      headers: await session,
    });
    expect(res.statusCode, email).toBe(200);
    return res.json<CoverageList>();
  };

  it('covers Grace by NHIA (10 %, two pre-authorisation codes), Aisha and Babajide by HMOs; Chiamaka pays herself; Efe’s has expired', async () => {
    const grace = await coverageOf(NHIA_PATIENT);
    expect(grace.coverages).toEqual([
      expect.objectContaining({
        payer: expect.objectContaining({ name: 'NHIA' }),
        shareBp: 1_000,
        status: 'in-force',
      }),
    ]);
    expect(grace.coverages[0]?.preauths.map((p) => p.code).sort()).toEqual(
      Object.values(NHIA_PREAUTH_CODES).sort(),
    );
    expect(grace.coverages[0]?.preauthServices).toHaveLength(2);
    const aisha = await coverageOf(COPAY_PATIENT);
    expect(aisha.coverages[0]).toMatchObject({
      shareKind: 'copay',
      copayAmount: 100_000,
      status: 'in-force',
    });
    expect((await coverageOf(HMO_PATIENT)).status.inForce?.payerName).toBe('AXA Mansard Health');
    expect((await coverageOf(SELF_PAY_PATIENT)).coverages).toEqual([]);
    const efe = await coverageOf(EXPIRED_PATIENT);
    expect(efe.coverages[0]?.status).toBe('expired');
    expect(efe.status.warning).toMatch(
      /^AXA Mansard Health coverage expired on .+ — care is charged to self-pay$/,
    );
  });
}
