import { addDays } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { facilityDate } from '../../lib/facility-time';
import { createPayer, createService, updatePayer } from '../../modules/billing';
import { billableServices, labTests, medicines, payers, servicePrices, users } from '../schema';
import type { SeedContext } from './context';

/*
 * The payers and their price lists (docs/areas/billing.md): self-pay prices every consultation,
 * bed-day, procedure and report, every lab test (at the catalogue's price) and every medicine the
 * formulary prices (the rest by self-pay's markup over the batch's unit cost). NHIA and two HMOs
 * price the consultations, bed-days, procedures and a share of the lab tests and medicines, each
 * at its own tariff, and mark up the other medicines; whatever a payer's list lacks falls back to
 * the self-pay price.
 *
 * The prices are in force from 90 days before the seed, and the general consultation's went up
 * 30 days before it (its history shows both); one change is set for two weeks ahead. Those rows
 * are written here directly: Set Price refuses a past date by design (a past price never changes).
 */

/** Self-pay's fixed prices in kobo, by the migration's and the seed's service codes. */
const SELF_PAY: Record<string, number> = {
  'CONS-GP': 1_000_000,
  'CONS-SPEC': 2_000_000,
  'CONS-FU': 500_000,
  'CONS-ER': 1_500_000,
  'BED-GENERAL': 1_500_000,
  'BED-MATERNITY': 2_000_000,
  'BED-PAEDIATRIC': 1_500_000,
  'BED-SURGICAL': 2_500_000,
  'BED-INTENSIVE-CARE': 7_500_000,
  'PROC-DRESS': 300_000,
  'PROC-SUTURE': 800_000,
  'PROC-NEB': 400_000,
  'RPT-MED': 1_000_000,
  'RPT-FIT': 500_000,
};

const EXTRA_SERVICES = [
  { kind: 'procedure', code: 'PROC-DRESS', name: 'Wound dressing' },
  { kind: 'procedure', code: 'PROC-SUTURE', name: 'Suturing of a laceration' },
  { kind: 'procedure', code: 'PROC-NEB', name: 'Nebulisation' },
  { kind: 'report', code: 'RPT-MED', name: 'Medical report' },
  { kind: 'report', code: 'RPT-FIT', name: 'Fitness certificate' },
] as const;

/** Each insurer's tariff as a share of the self-pay price (percent), how many lab tests and medicines it names, its markup. */
const INSURERS = [
  {
    kind: 'nhia',
    name: 'NHIA',
    code: 'NHIA-LA-0412',
    contact: 'Lagos State office, +234 1 270 0411',
    share: 60,
    named: 30,
    markupBp: 1_000,
  },
  {
    kind: 'hmo',
    name: 'Hygeia HMO',
    code: 'HYG-2231',
    contact: 'claims@hygeiahmo.example, +234 1 280 6000',
    share: 85,
    named: 20,
    markupBp: 1_500,
  },
  {
    kind: 'hmo',
    name: 'AXA Mansard Health',
    code: 'AXA-0098',
    contact: 'providers@axamansard.example, 0700 292 6267',
    share: 100,
    named: 12,
    markupBp: 2_000,
  },
] as const;

type PriceRow = typeof servicePrices.$inferInsert;

export async function seedBilling(ctx: SeedContext) {
  const today = facilityDate(ctx.seededAt, ctx.config.TIME_ZONE);
  const since = addDays(today, -90);
  const [admin] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@carepoint.example'));
  for (const service of EXTRA_SERVICES) await createService(ctx, service);
  const [selfPay] = await ctx.db.select().from(payers).where(eq(payers.kind, 'self-pay'));
  if (!selfPay) throw new Error('no self-pay payer');
  await updatePayer(ctx, selfPay.id, {
    name: selfPay.name,
    code: null,
    contact: null,
    markupBp: 3_000,
    markupBase: 'unit-cost',
  });

  const services = await ctx.db
    .select({
      id: billableServices.id,
      code: billableServices.code,
      labCode: labTests.code,
      labPrice: labTests.price,
      medicinePrice: medicines.price,
      medicineName: medicines.genericName,
    })
    .from(billableServices)
    .leftJoin(labTests, eq(labTests.id, billableServices.labTestId))
    .leftJoin(medicines, eq(medicines.id, billableServices.medicineId));
  /** Each service's self-pay price, or none (a medicine the formulary does not price). */
  const base = services.flatMap((s) => {
    const amount = s.code ? SELF_PAY[s.code] : (s.labPrice ?? s.medicinePrice);
    return amount === undefined || amount === null ? [] : [{ ...s, amount }];
  });
  const fixed = base.filter((s) => s.code !== null);
  const labs = base
    .filter((s) => s.labCode !== null)
    .sort((a, b) => (a.labCode ?? '').localeCompare(b.labCode ?? ''));
  const drugs = base
    .filter((s) => s.medicineName !== null)
    .sort((a, b) => (a.medicineName ?? '').localeCompare(b.medicineName ?? ''));

  const row = (payerId: string, serviceId: string, amount: number, effectiveFrom = since): PriceRow => ({
    payerId,
    serviceId,
    amount,
    effectiveFrom,
    createdBy: admin?.id ?? null,
    createdAt: ctx.seededAt,
  });
  const rows: PriceRow[] = base.map((s) => row(selfPay.id, s.id, s.amount));
  const gp = fixed.find((s) => s.code === 'CONS-GP');
  if (gp) {
    // The general consultation's history: ₦8,000 until 30 days ago, ₦10,000 now, ₦12,000 in two weeks.
    rows[rows.findIndex((r) => r.serviceId === gp.id)] = row(selfPay.id, gp.id, 800_000);
    rows.push(
      row(selfPay.id, gp.id, 1_000_000, addDays(today, -30)),
      row(selfPay.id, gp.id, 1_200_000, addDays(today, 14)),
    );
  }
  for (const insurer of INSURERS) {
    const { share, named, ...details } = insurer;
    const payer = await createPayer(ctx, { ...details, markupBase: 'unit-cost' });
    const listed = [...fixed, ...labs.slice(0, named), ...drugs.slice(0, named)];
    // Rounded to the naira: tariffs are set in whole naira.
    for (const s of listed) rows.push(row(payer.id, s.id, Math.round((s.amount * share) / 10_000) * 100));
  }
  await ctx.db.insert(servicePrices).values(rows);
}
