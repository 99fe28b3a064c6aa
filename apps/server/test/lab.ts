import { randomBytes } from 'node:crypto';
import type { LabPriority } from '@carepoint/contract';
import { labOrders, labOrderTests, labReferenceRanges, labSpecimens, labTests } from '../src/db/schema';
import { createUser, type TestApp, type TestUser } from './helpers';

type NewLabTest = typeof labTests.$inferInsert;
type NewRange = Omit<typeof labReferenceRanges.$inferInsert, 'testId'>;

/**
 * A catalogue test written straight into the database, by default serum potassium (LOINC
 * 2823-3, mmol/L, 3.5–5.1, critical below 2.8 or above 6.2). Its code is made unique per call;
 * pass `ranges: []` for a test without a range. For tests of orders and results; the catalogue
 * itself is tested through its API.
 */
export async function labTest(
  t: TestApp,
  fields: Partial<NewLabTest> = {},
  ranges: NewRange[] = [{ low: 3.5, high: 5.1, criticalLow: 2.8, criticalHigh: 6.2 }],
) {
  const { db } = t.database;
  const [row] = await db
    .insert(labTests)
    .values({
      code: `K-${randomBytes(3).toString('hex')}`,
      name: 'Potassium',
      loincCode: '2823-3',
      kind: 'test',
      specimenType: 'SER',
      container: 'Plain (red top)',
      resultType: 'quantity',
      unit: 'mmol/L',
      decimals: 1,
      turnaroundMinutes: 120,
      price: 350_000,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('lab test not created');
  if (ranges.length > 0)
    await db.insert(labReferenceRanges).values(ranges.map((r) => ({ ...r, testId: row.id })));
  return row;
}

export interface CollectedSpecimen {
  orderId: string;
  specimenId: string;
  accession: string;
  patient: TestUser;
  doctor: TestUser;
  collector: TestUser;
}

let accessionCount = 0;

/**
 * A collected specimen for an order of `testIds` (catalogue tests or panels), written straight
 * into the database: the order (state Collected), its tests and the specimen with an accession
 * number of its own. For tests of results, the analysers and FHIR; ordering and collection are
 * tested through their API.
 */
export async function collectedSpecimen(
  t: TestApp,
  testIds: string[],
  options: { patient?: TestUser; doctor?: TestUser; priority?: LabPriority; collectedAt?: Date } = {},
): Promise<CollectedSpecimen> {
  const { db } = t.database;
  const patient = options.patient ?? (await createUser(t, 'patient'));
  const doctor = options.doctor ?? (await createUser(t, 'doctor'));
  const collector = await createUser(t, 'lab');
  const collectedAt = options.collectedAt ?? t.clock.now();
  const [order] = await db
    .insert(labOrders)
    .values({
      requisitionId: crypto.randomUUID(),
      patientId: patient.id,
      requesterId: doctor.id,
      priority: options.priority ?? 'Routine',
      state: 'Collected',
      specimenType: 'SER',
      container: 'Plain (red top)',
      createdAt: collectedAt,
    })
    .returning({ id: labOrders.id });
  if (!order) throw new Error('lab order not created');
  await db.insert(labOrderTests).values(testIds.map((testId) => ({ orderId: order.id, testId })));
  accessionCount += 1;
  const accession = `LAB-T${accessionCount}-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [specimen] = await db
    .insert(labSpecimens)
    .values({
      orderId: order.id,
      accession,
      specimenType: 'SER',
      container: 'Plain (red top)',
      collectedAt,
      collectedBy: collector.id,
    })
    .returning({ id: labSpecimens.id });
  if (!specimen) throw new Error('specimen not created');
  return { orderId: order.id, specimenId: specimen.id, accession, patient, doctor, collector };
}
