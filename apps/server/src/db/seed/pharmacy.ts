import { addDays, fromLocalDateTime, medicineLabel } from '@carepoint/contract';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { type Actor, actingAs, actorOf } from '../../lib/context';
import { facilityDay } from '../../lib/facility-time';
import { dispensePrescription } from '../../modules/pharmacy-dispensing';
import { receive, transfer } from '../../modules/pharmacy-stock';
import { medicines, prescriptionMedicines, prescriptions, stockBatches, users, wards } from '../schema';
import type { SeedContext } from './context';

/*
 * The pharmacy's demo stock and dispensing, made through the pharmacy's own services (receipts,
 * transfers, dispensing) by the demo pharmacist, each at its own time in the past, so the ledger
 * is the real one: every balance is the sum of its ledger rows, and the audit trail tells the
 * same story.
 *
 * - Two months ago four suppliers delivered nearly the whole formulary into the main pharmacy,
 *   each on one invoice, about twice each medicine's reorder level, expiring in 18 to 30 months.
 * - Paracetamol 500 mg has an older batch expiring within the stock screen's warning days
 *   (Expiring) beside a new one; metronidazole 400 mg has a batch that expired twelve days ago
 *   still on the main store's and the Surgical Ward's shelves (Expired); ceftriaxone 1 g came in
 *   short, below its reorder level (Below reorder level).
 * - The General and Surgical wards (the demo nurse's, where the medication round runs) have
 *   stores stocked by transfers of what their patients are given: paracetamol, metronidazole,
 *   metoclopramide, artesunate, ceftriaxone, amoxicillin, morphine, fluids.
 * - Of the prescriptions still in the pharmacy's queue (db/seed/doctor-prescriptions.ts), the
 *   diabetes review's metformin was dispensed in full the day it was written, and the demo
 *   patient's antimalarial was dispensed with half of the paracetamol (she took the rest later:
 *   it stays owed); the others wait.
 *
 * The expired batch is received with the clock of its delivery, over a year ago, when it was in
 * date: a receipt refuses a batch already expired, and the ledger keeps its true day, so nothing
 * is written around the services or moved in time afterwards.
 *
 * Cefuroxime 500 mg and folic acid 5 mg stay unstocked (out of stock, so below their reorder
 * level): the browser tests of dispensing and stock receive their own batches of them and read
 * first-expiry-first and the balances from those alone.
 */

const DAY = 86_400_000;
const PHARMACIST = 'pharmacist@carepoint.example';
const WARDS = ['General Ward', 'Surgical Ward'] as const;
type WardName = (typeof WARDS)[number];

/** Left for the browser tests' own batches (see above). */
const UNSTOCKED = new Set(['Cefuroxime 500 mg Tablet', 'Folic acid 5 mg Tablet']);

const SUPPLIERS = [
  { name: 'Emzor Pharmaceuticals', code: 'EMZ', invoice: 'EMZ/INV/24-0412' },
  { name: 'Fidson Healthcare', code: 'FHC', invoice: 'FHC-118273' },
  { name: 'May & Baker Nigeria', code: 'MB', invoice: 'MBN/0931/24' },
  { name: 'Swiss Pharma Nigeria', code: 'SWP', invoice: 'SWP-INV-5526' },
] as const;
type Supplier = (typeof SUPPLIERS)[number];

/** When the routine delivery came, in days before the seed. */
const DELIVERED_DAYS_AGO = 60;

interface Delivery {
  medicine: string;
  supplier: Supplier;
  batchNumber: string;
  daysAgo: number;
  /** Days from today (the facility's) to the expiry date: negative for one already expired. */
  expiresIn: number;
  quantity: number;
}

/** Batches of their own beside (or instead of) the routine delivery, for the stock screen's alerts. */
const SPECIAL: Delivery[] = [
  {
    medicine: 'Paracetamol 500 mg Tablet',
    supplier: SUPPLIERS[0],
    batchNumber: 'EMZ23561',
    daysAgo: 300,
    expiresIn: 45,
    quantity: 1200,
  },
  {
    medicine: 'Metronidazole 400 mg Tablet',
    supplier: SUPPLIERS[1],
    batchNumber: 'FHC22874',
    daysAgo: 400,
    expiresIn: -12,
    quantity: 100,
  },
];

/** Below its reorder level of 200 vials: the order was short. */
const SHORT = { medicine: 'Ceftriaxone 1 g Injection', quantity: 150 };

/** What the wards' stores were given, by batch: the expiring and expired batches first. */
const TRANSFERS: Array<{
  medicine: string;
  batchNumber?: string;
  ward: WardName;
  quantity: number;
  daysAgo: number;
}> = [
  {
    medicine: 'Metronidazole 400 mg Tablet',
    batchNumber: 'FHC22874',
    ward: 'Surgical Ward',
    quantity: 40,
    daysAgo: 200,
  },
  {
    medicine: 'Paracetamol 500 mg Tablet',
    batchNumber: 'EMZ23561',
    ward: 'General Ward',
    quantity: 300,
    daysAgo: 30,
  },
  {
    medicine: 'Paracetamol 500 mg Tablet',
    batchNumber: 'EMZ23561',
    ward: 'Surgical Ward',
    quantity: 200,
    daysAgo: 30,
  },
  { medicine: 'Metronidazole 400 mg Tablet', ward: 'General Ward', quantity: 120, daysAgo: 30 },
  { medicine: 'Metoclopramide 10 mg Tablet', ward: 'General Ward', quantity: 90, daysAgo: 30 },
  { medicine: 'Artesunate 60 mg Injection', ward: 'General Ward', quantity: 24, daysAgo: 30 },
  { medicine: 'Ceftriaxone 1 g Injection', ward: 'General Ward', quantity: 40, daysAgo: 30 },
  { medicine: 'Ceftriaxone 1 g Injection', ward: 'Surgical Ward', quantity: 30, daysAgo: 30 },
  { medicine: 'Amoxicillin 500 mg Capsule', ward: 'General Ward', quantity: 150, daysAgo: 30 },
  { medicine: 'Morphine 10 mg/mL Injection', ward: 'Surgical Ward', quantity: 10, daysAgo: 30 },
  { medicine: 'Sodium chloride 0.9% Infusion', ward: 'General Ward', quantity: 30, daysAgo: 30 },
  { medicine: 'Sodium chloride 0.9% Infusion', ward: 'Surgical Ward', quantity: 30, daysAgo: 30 },
  { medicine: "Ringer's lactate 500 mL Infusion", ward: 'Surgical Ward', quantity: 20, daysAgo: 30 },
  {
    medicine: 'Paracetamol 500 mg Tablet',
    batchNumber: 'EMZ23561',
    ward: 'General Ward',
    quantity: 100,
    daysAgo: 5,
  },
];

/** A routine batch's number: the supplier's prefix and a serial that differs per medicine. */
const batchNumberOf = (supplier: Supplier, n: number) => `${supplier.code}${24_000 + ((n * 137) % 9_000)}`;

/** Two reorder levels (at least 20), in tens: what the routine order brought. */
const routineQuantity = (reorderLevel: number) => Math.max(20, Math.ceil((reorderLevel * 2) / 10) * 10);

/** What the hospital paid: about two thirds of what it charges (kobo). */
const costOf = (price: number | null) => Math.round((price ?? 0) * 0.65);

export async function seedPharmacy(ctx: SeedContext) {
  const [pharmacistRow] = await ctx.db.select().from(users).where(eq(users.email, PHARMACIST));
  if (!pharmacistRow) throw new Error(`the demo account ${PHARMACIST} is missing`);
  const pharmacist = actorOf(pharmacistRow);
  const tz = ctx.config.TIME_ZONE;
  const today = facilityDay(ctx.seededAt, tz).date;
  /** The pharmacist's context with the clock at `at`: each movement at its own time. */
  const as = (actor: Actor, at: Date) => ({ ...actingAs(ctx, actor), now: () => at });
  /** `daysAgo` days before the seed, at `minutes` past midnight on the facility's clock. */
  const dayAt = (daysAgo: number, minutes: number) =>
    fromLocalDateTime(facilityDay(new Date(ctx.seededAt.getTime() - daysAgo * DAY), tz).date, minutes, tz);

  const formulary = await ctx.db.select().from(medicines).where(eq(medicines.active, true));
  const byLabel = new Map(formulary.map((m) => [medicineLabel(m), m]));
  const medicine = (label: string) => {
    const found = byLabel.get(label);
    if (!found) throw new Error(`the formulary has no ${label}`);
    return found;
  };

  const deliveries: Delivery[] = [...SPECIAL];
  formulary
    .filter((m) => !UNSTOCKED.has(medicineLabel(m)))
    .forEach((m, n) => {
      const supplier = SUPPLIERS[n % SUPPLIERS.length] ?? SUPPLIERS[0];
      const label = medicineLabel(m);
      deliveries.push({
        medicine: label,
        supplier,
        batchNumber: batchNumberOf(supplier, n),
        daysAgo: DELIVERED_DAYS_AGO,
        expiresIn: 540 + ((n * 53) % 360),
        quantity: label === SHORT.medicine ? SHORT.quantity : routineQuantity(m.reorderLevel),
      });
    });
  // Oldest first, as they arrived: the ledger's rows then read in time order.
  deliveries.sort((a, b) => b.daysAgo - a.daysAgo);
  for (const [n, d] of deliveries.entries()) {
    const m = medicine(d.medicine);
    await receive(as(pharmacist, dayAt(d.daysAgo, 10 * 60 + (n % 120))), {
      medicineId: m.id,
      supplier: d.supplier.name,
      invoiceNumber:
        d.daysAgo === DELIVERED_DAYS_AGO ? d.supplier.invoice : `${d.supplier.code}-${d.batchNumber}`,
      batchNumber: d.batchNumber,
      expiryDate: addDays(today, d.expiresIn),
      quantity: d.quantity,
      unitCost: costOf(m.price),
    });
  }

  const wardIds = new Map(
    (
      await ctx.db
        .select({ id: wards.id, name: wards.name })
        .from(wards)
        .where(inArray(wards.name, [...WARDS]))
    ).map((w) => [w.name, w.id]),
  );
  // A minute apart, so each store's ledger reads in order.
  for (const [n, t] of [...TRANSFERS].sort((a, b) => b.daysAgo - a.daysAgo).entries()) {
    const m = medicine(t.medicine);
    const wardId = wardIds.get(t.ward);
    if (!wardId) throw new Error(`the demo ward ${t.ward} is missing`);
    // The named batch, else the routine delivery's (the medicine's only other one).
    const routine = deliveries.find((d) => d.medicine === t.medicine && d.daysAgo === DELIVERED_DAYS_AGO);
    const batchNumber = t.batchNumber ?? routine?.batchNumber ?? '';
    const [batch] = await ctx.db
      .select({ id: stockBatches.id })
      .from(stockBatches)
      .where(and(eq(stockBatches.medicineId, m.id), eq(stockBatches.batchNumber, batchNumber)));
    if (!batch) throw new Error(`no batch ${batchNumber} of ${t.medicine}`);
    await transfer(as(pharmacist, dayAt(t.daysAgo, 14 * 60 + n)), {
      batchId: batch.id,
      wardId,
      quantity: t.quantity,
    });
  }

  await seedDispensing(ctx, pharmacist, medicine);
}

type MedicineOf = (label: string) => typeof medicines.$inferSelect;

/** One line handed over: its whole course in dispensing units, and how much of it now. */
interface Handed {
  medicine: string;
  course: number;
  now: number;
}

/**
 * The two prescriptions of the queue the pharmacist has worked: the diabetes review's metformin
 * in full (1 tablet morning and evening for 30 days), and the demo patient's antimalarial (4
 * tablets twice a day for 3 days) with 6 of her 12 paracetamol tablets: the rest is owed.
 */
async function seedDispensing(ctx: SeedContext, pharmacist: Actor, medicine: MedicineOf) {
  const since = new Date(ctx.seededAt.getTime() - 30 * DAY);
  const [demoPatient] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'patient@carepoint.example'));
  if (!demoPatient) throw new Error('the demo patient is missing');
  const metformin = medicine('Metformin 500 mg Tablet');
  const [review] = await ctx.db
    .select({ id: prescriptions.id, createdAt: prescriptions.createdAt })
    .from(prescriptions)
    .innerJoin(prescriptionMedicines, eq(prescriptionMedicines.prescriptionId, prescriptions.id))
    .where(
      and(
        eq(prescriptionMedicines.medicineId, metformin.id),
        eq(prescriptions.status, true),
        gte(prescriptions.createdAt, since),
      ),
    )
    .orderBy(desc(prescriptions.createdAt))
    .limit(1);
  const [malaria] = await ctx.db
    .select({ id: prescriptions.id, createdAt: prescriptions.createdAt })
    .from(prescriptions)
    .where(
      and(
        eq(prescriptions.patientId, demoPatient.id),
        eq(prescriptions.status, true),
        gte(prescriptions.createdAt, since),
      ),
    )
    .orderBy(desc(prescriptions.createdAt))
    .limit(1);
  if (!review || !malaria) throw new Error('the demo prescriptions to dispense are missing');

  const dispense = async (prescription: typeof review, handed: Handed[]) => {
    const lines = await ctx.db
      .select({ id: prescriptionMedicines.id, medicineId: prescriptionMedicines.medicineId })
      .from(prescriptionMedicines)
      .where(eq(prescriptionMedicines.prescriptionId, prescription.id));
    const at = new Date(prescription.createdAt.getTime() + 40 * 60_000);
    await dispensePrescription({ ...actingAs(ctx, pharmacist), now: () => at }, prescription.id, {
      counselled: true,
      lines: handed.map((h) => {
        const medicineId = medicine(h.medicine).id;
        const line = lines.find((l) => l.medicineId === medicineId);
        if (!line) throw new Error(`the prescription has no line of ${h.medicine}`);
        return {
          lineId: line.id,
          medicineId,
          quantityPrescribed: h.course,
          quantity: h.now,
          batchId: null,
          overrideReason: '',
          substitutionReason: '',
        };
      }),
    });
  };
  await dispense(review, [{ medicine: 'Metformin 500 mg Tablet', course: 60, now: 60 }]);
  await dispense(malaria, [
    { medicine: 'Artemether/lumefantrine 20/120 mg Tablet', course: 24, now: 24 },
    { medicine: 'Paracetamol 500 mg Tablet', course: 12, now: 6 },
  ]);
}
