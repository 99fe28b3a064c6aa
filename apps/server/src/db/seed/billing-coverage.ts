import { addDays } from '@carepoint/contract';
import { desc, eq, inArray } from 'drizzle-orm';
import { facilityDate } from '../../lib/facility-time';
import { addPreauth, createCoverage, setPreauthRequired } from '../../modules/billing';
import { billableServices, labTests, payers, users } from '../schema';
import type { SeedContext } from './context';

/*
 * Patients' coverage (docs/areas/billing-coverage.md), over the payers of seedBilling. The other
 * billing slices and the browser tests use these patients by e-mail:
 */

/** Grace Okonkwo: NHIA, the patient pays 10 %; pre-authorisation codes for ICU bed-days and the costliest lab test. */
export const NHIA_PATIENT = 'patient@carepoint.example';
/** Aisha Mohammed: Hygeia HMO, a ₦1,000 co-payment per visit. */
export const COPAY_PATIENT = 'aisha.mohammed@carepoint.example';
/** Babajide Oladipo: AXA Mansard Health, the patient pays 20 %. */
export const HMO_PATIENT = 'babajide.oladipo@carepoint.example';
/** Chiamaka Nnadi: no coverage (self-pay). */
export const SELF_PAY_PATIENT = 'chiamaka.nnadi@carepoint.example';
/** Efe Okoro: AXA Mansard Health coverage that expired 20 days before the seed (the warning shows). */
export const EXPIRED_PATIENT = 'efe.okoro@carepoint.example';

/** NHIA's pre-authorisation codes for Grace, as its claims office writes them. */
export const NHIA_PREAUTH_CODES = { icu: 'NHIA-PA-2611-0042', lab: 'NHIA-PA-2611-0057' } as const;

export async function seedBillingCoverage(ctx: SeedContext) {
  const today = facilityDate(ctx.seededAt, ctx.config.TIME_ZONE);
  const payerRows = await ctx.db.select({ id: payers.id, name: payers.name }).from(payers);
  const payer = (name: string) => {
    const found = payerRows.find((p) => p.name === name);
    if (!found) throw new Error(`seedBilling makes ${name}`);
    return found.id;
  };
  const people = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [NHIA_PATIENT, COPAY_PATIENT, HMO_PATIENT, EXPIRED_PATIENT]));
  const patient = (email: string) => {
    const found = people.find((p) => p.email === email);
    if (!found) throw new Error(`the demo patient ${email} is missing`);
    return found.id;
  };

  // NHIA requires pre-authorisation for an ICU bed-day and its costliest lab test.
  const nhia = payer('NHIA');
  const [icu] = await ctx.db
    .select({ id: billableServices.id })
    .from(billableServices)
    .where(eq(billableServices.code, 'BED-INTENSIVE-CARE'));
  const [costliestLab] = await ctx.db
    .select({ id: billableServices.id })
    .from(billableServices)
    .innerJoin(labTests, eq(labTests.id, billableServices.labTestId))
    .orderBy(desc(labTests.price), labTests.code)
    .limit(1);
  if (!icu || !costliestLab) throw new Error('the ICU bed-day and the lab catalogue come first');
  for (const service of [icu, costliestLab]) await setPreauthRequired(ctx, nhia, service.id, true);

  const grace = await createCoverage(ctx, patient(NHIA_PATIENT), {
    payerId: nhia,
    plan: 'Formal sector programme',
    memberNumber: 'NHIA/LA/0412/000123',
    validFrom: addDays(today, -300),
    validTo: null,
    shareKind: 'percent',
    shareBp: 1_000,
    copayAmount: null,
  });
  await addPreauth(ctx, grace.id, { serviceId: icu.id, code: NHIA_PREAUTH_CODES.icu });
  await addPreauth(ctx, grace.id, { serviceId: costliestLab.id, code: NHIA_PREAUTH_CODES.lab });

  await createCoverage(ctx, patient(COPAY_PATIENT), {
    payerId: payer('Hygeia HMO'),
    plan: 'Hygeia Gold',
    memberNumber: 'HYG-778812',
    validFrom: addDays(today, -200),
    validTo: addDays(today, 165),
    shareKind: 'copay',
    shareBp: null,
    copayAmount: 100_000,
  });
  await createCoverage(ctx, patient(HMO_PATIENT), {
    payerId: payer('AXA Mansard Health'),
    plan: 'Health Plus',
    memberNumber: 'AXA-55-10293',
    validFrom: addDays(today, -30),
    validTo: null,
    shareKind: 'percent',
    shareBp: 2_000,
    copayAmount: null,
  });
  await createCoverage(ctx, patient(EXPIRED_PATIENT), {
    payerId: payer('AXA Mansard Health'),
    plan: 'Health Plus',
    memberNumber: 'AXA-55-08811',
    validFrom: addDays(today, -385),
    validTo: addDays(today, -20),
    shareKind: 'percent',
    shareBp: 2_000,
    copayAmount: null,
  });
}
