import { addDays } from '@carepoint/contract';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { actingAs, actorOf } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';
import { priceOf, splitCharge } from '../../modules/billing';
import {
  correctLine,
  generateClaim,
  readClaim,
  recordRemittance,
  submitClaim,
} from '../../modules/billing-claims';
import { appointments, charges, claims, coverages, payers, users } from '../schema';
import type { SeedContext } from './context';

/*
 * Claims (docs/areas/billing-claims.md), self-sufficient while coverage and the care's charges
 * are seeded by their own slices: the first patients with completed appointments in the 90 days
 * before the seed get a coverage (when they have none) and a consultation charge per completed
 * appointment (the same charge the care makes: ON CONFLICT DO NOTHING on its unique index).
 *
 * - NHIA, two patients: a claim submitted 40 days ago, remitted: one line denied ("No
 *   pre-authorisation code"), the rest paid.
 * - AXA Mansard, one patient: a claim submitted 45 days ago, not yet remitted (the ageing's 31–60).
 * - Hygeia, one patient: charges left unclaimed, for New Claim (the browser test's walk).
 */

const PLAN: Record<string, { patients: number; member: string }> = {
  nhia: { patients: 2, member: 'NHIA' },
  'AXA Mansard Health': { patients: 1, member: 'AXA' },
  'Hygeia HMO': { patients: 1, member: 'HYG' },
};

/** A malaria diagnosis for the demo's outpatient visits (the prescriptions' own when they have one). */
const DEMO_DIAGNOSIS = 'B54';

async function patientsWithVisits(ctx: SeedContext, from: string, to: string) {
  const rows = await ctx.db
    .select({ id: users.id, recordNumber: users.recordNumber })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .where(and(eq(appointments.status, 'Completed'), gte(appointments.date, from), lt(appointments.date, to)))
    .groupBy(users.id, users.recordNumber)
    .orderBy(asc(users.recordNumber));
  return rows;
}

/** The patient's coverage by the payer: theirs if they have one, else a new card valid from a year before. */
async function coverageFor(
  ctx: SeedContext,
  patient: { id: string; recordNumber: string | null },
  payerId: string,
  member: string,
  today: string,
) {
  const [found] = await ctx.db
    .select()
    .from(coverages)
    .where(and(eq(coverages.patientId, patient.id), eq(coverages.payerId, payerId)));
  if (found) return found;
  const [made] = await ctx.db
    .insert(coverages)
    .values({
      patientId: patient.id,
      payerId,
      plan: 'Standard',
      memberNumber: `${member}-${patient.recordNumber ?? patient.id.slice(0, 8)}`,
      validFrom: addDays(today, -365),
      shareKind: 'percent',
      shareBp: 1_000,
    })
    .onConflictDoNothing()
    .returning();
  if (!made) throw new Error('demo coverage not made');
  return made;
}

/** A general consultation charge for each of the patient's completed appointments in the window. */
async function consultationCharges(
  ctx: SeedContext,
  patientId: string,
  cover: typeof coverages.$inferSelect,
  from: string,
  to: string,
) {
  const visits = await ctx.db
    .select({ id: appointments.id, date: appointments.date })
    .from(appointments)
    .where(
      and(
        eq(appointments.patientId, patientId),
        eq(appointments.status, 'Completed'),
        gte(appointments.date, from),
        lt(appointments.date, to),
      ),
    );
  for (const visit of visits) {
    const price = await priceOf(ctx, {
      payerId: cover.payerId,
      service: { kind: 'consultation', code: 'CONS-GP' },
      at: visit.date,
    });
    if (!price) continue;
    await ctx.db
      .insert(charges)
      .values({
        patientId,
        payerId: cover.payerId,
        coverageId: cover.id,
        serviceId: price.serviceId,
        source: 'consultation',
        appointmentId: visit.id,
        careDate: visit.date,
        quantity: 1,
        unitPrice: price.amount,
        amount: price.amount,
        basis: price.basis,
        ...splitCharge(price.amount, price.basis, cover, true),
      })
      .onConflictDoNothing();
  }
}

export async function seedBillingClaims(ctx: SeedContext) {
  const today = facilityDate(ctx.seededAt, ctx.config.TIME_ZONE);
  const from = addDays(today, -90);
  const [cashier] = await ctx.db.select().from(users).where(eq(users.email, 'cashier@carepoint.example'));
  if (!cashier) return;
  const asCashier = actingAs(ctx, actorOf(cashier));
  const insurers = await ctx.db
    .select()
    .from(payers)
    .where(inArray(payers.kind, ['nhia', 'hmo']));
  const patients = await patientsWithVisits(ctx, from, today);
  let next = 0;
  for (const payer of insurers) {
    const plan = PLAN[payer.kind === 'nhia' ? 'nhia' : payer.name];
    if (!plan) continue;
    const mine = patients.slice(next, next + plan.patients);
    next += plan.patients;
    for (const patient of mine) {
      const cover = await coverageFor(ctx, patient, payer.id, plan.member, today);
      await consultationCharges(ctx, patient.id, cover, from, today);
    }
    if (payer.name === 'Hygeia HMO' || mine.length === 0) continue;
    const made = await generateClaim(asCashier, {
      payerId: payer.id,
      periodFrom: from,
      periodTo: addDays(today, -1),
    });
    const claim = await readClaim(asCashier, made.id);
    for (const encounter of claim.encounters) {
      const [first] = encounter.lines;
      if (first && !encounter.diagnosis)
        await correctLine(asCashier, claim.id, first.id, {
          diagnosisCode: DEMO_DIAGNOSIS,
          preauthCode: null,
        });
    }
    const sent = await submitClaim(asCashier, claim.id);
    const daysAgo = payer.kind === 'nhia' ? 40 : 45;
    await ctx.db
      .update(claims)
      .set({ submittedAt: new Date(ctx.seededAt.getTime() - daysAgo * 86_400_000) })
      .where(eq(claims.id, claim.id));
    if (payer.kind !== 'nhia') continue;
    const lines = sent.encounters.flatMap((e) => e.lines);
    for (const [index, line] of lines.entries())
      await recordRemittance(
        asCashier,
        claim.id,
        line.id,
        index === 0
          ? { outcome: 'denied', paidAmount: null, reason: 'No pre-authorisation code' }
          : { outcome: 'paid', paidAmount: null, reason: null },
      );
  }
}
