import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  medicationAdministrations,
  medicationOrders,
  medicines,
  stockBatches,
  stores,
  wards,
} from '../src/db/schema';
import { actingAs, actorOf } from '../src/lib/context';
import { move } from '../src/modules/pharmacy-stock';
import { createUser, serviceContext, type TestApp, type TestUser } from './helpers';
import { admittedStay } from './inpatient';

type NewMedicine = typeof medicines.$inferInsert;

/**
 * A formulary medicine written straight into the database, by default amoxicillin 500 mg capsules
 * (ATC J01CA04). Its generic name is made unique per call. For tests of stock and dispensing; the
 * formulary itself is tested through its API.
 */
export async function medicine(t: TestApp, fields: Partial<NewMedicine> = {}) {
  const [row] = await t.database.db
    .insert(medicines)
    .values({
      genericName: `Amoxicillin ${randomBytes(3).toString('hex')}`,
      strength: '500 mg',
      form: 'Capsule',
      route: 'Oral',
      dispensingUnit: 'capsule',
      reorderLevel: 100,
      atcCode: 'J01CA04',
      price: 5_000,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('medicine not created');
  return row;
}

/** The main pharmacy, which the migration made (there is exactly one). */
export async function mainStore(t: TestApp) {
  const [row] = await t.database.db.select().from(stores).where(eq(stores.kind, 'main'));
  if (!row) throw new Error('no main store');
  return row;
}

/** A new ward (its name unique per call) with its store, as the stock slice makes one when first needed. */
export async function wardStore(t: TestApp) {
  const name = `Ward ${randomBytes(3).toString('hex')}`;
  const [ward] = await t.database.db.insert(wards).values({ name }).returning({ id: wards.id });
  if (!ward) throw new Error('ward not created');
  const [store] = await t.database.db
    .insert(stores)
    .values({ name: `${name} store`, kind: 'ward', wardId: ward.id })
    .returning();
  if (!store) throw new Error('ward store not created');
  return store;
}

/**
 * A batch of `medicineId` (its number unique per call, expiring in a year unless told) with
 * `quantity` on hand in `storeId`, received through the ledger's one writer as a pharmacist would
 * (so balance and ledger agree). Answers the batch and the pharmacist who received it.
 */
export async function batchWithStock(
  t: TestApp,
  options: {
    medicineId: string;
    storeId: string;
    quantity: number;
    expiryDate?: string;
    pharmacist?: TestUser;
  },
) {
  const pharmacist = options.pharmacist ?? (await createUser(t, 'pharmacist'));
  const [batch] = await t.database.db
    .insert(stockBatches)
    .values({
      medicineId: options.medicineId,
      batchNumber: `B-${randomBytes(4).toString('hex').toUpperCase()}`,
      expiryDate: options.expiryDate ?? '2031-01-07',
      unitCost: 3_000,
      supplier: 'Emzor Pharmaceuticals',
    })
    .returning();
  if (!batch) throw new Error('batch not created');
  await move(actingAs(serviceContext(t), actorOf({ ...pharmacist, mustChangePassword: false })), [
    {
      kind: 'receipt',
      storeId: options.storeId,
      batchId: batch.id,
      quantity: options.quantity,
      supplier: 'Emzor Pharmaceuticals',
      invoiceNumber: 'INV-0001',
    },
  ]);
  return { batch, pharmacist };
}

/**
 * A ward dose recorded Given, written straight into the database (a new stay, its order, the
 * dose), for a ledger row of kind `administration` to name; the medication round's own taking of
 * stock is tested through its API.
 */
export async function givenDose(t: TestApp, at: Date) {
  const { db } = t.database;
  const stay = await admittedStay(t);
  const [order] = await db
    .insert(medicationOrders)
    .values({
      stayId: stay.stayId,
      patientId: stay.patient.id,
      doctorId: stay.doctor.id,
      medicine: 'Paracetamol 500 mg Tablet',
      dose: '1 g',
      route: 'Oral',
      kind: 'prn',
      minIntervalHours: 4,
      maxPerDay: 4,
      startsAt: at,
    })
    .returning({ id: medicationOrders.id });
  if (!order) throw new Error('order not written');
  const nurse = await createUser(t, 'nurse');
  const [dose] = await db
    .insert(medicationAdministrations)
    .values({ orderId: order.id, outcome: 'Given', recordedAt: at, givenAt: at, recordedBy: nurse.id })
    .returning({ id: medicationAdministrations.id });
  if (!dose) throw new Error('dose not written');
  return dose.id;
}
