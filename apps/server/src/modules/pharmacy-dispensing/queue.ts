import {
  type BatchOptionList,
  DISPENSING_QUEUE_DAYS,
  DISPENSING_QUEUE_MAX,
  type DispensingPrescription,
  type DispensingQueue,
  PHARMACY_MESSAGES,
} from '@carepoint/contract';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  dispenseLines,
  medicines,
  patientMedicalDetails,
  prescriptionMedicines,
  prescriptions,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { iso } from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import { batchOptions, dispensingView } from './read';

const patient = alias(users, 'patient');
const doctor = alias(users, 'doctor');
const DAY_MS = 86_400_000;

/** A line still owed: nobody dispensed it yet, or less was handed over than its course. */
const owes = sql`exists (
  select 1 from ${prescriptionMedicines}
  left join ${dispenseLines} on ${dispenseLines.prescriptionMedicineId} = ${prescriptionMedicines.id}
  where ${prescriptionMedicines.prescriptionId} = ${prescriptions.id}
    and (${dispenseLines.id} is null or ${dispenseLines.quantityDispensed} < ${dispenseLines.quantityPrescribed}))`;

/**
 * GET /api/pharmacy/dispensing/queue: the active prescriptions of the last DISPENSING_QUEUE_DAYS
 * with a line still owed, oldest first (the patient who waited longest is served first; a
 * prescription records no urgency of its own), each with the patient's recorded allergies and the
 * prescriber. Read from prescriptions_created_idx. Audited with the patients shown.
 */
export async function dispensingQueue(ctx: ServiceContext): Promise<DispensingQueue> {
  const since = new Date(ctx.now().getTime() - DISPENSING_QUEUE_DAYS * DAY_MS);
  const rows = await ctx.db
    .select({
      id: prescriptions.id,
      writtenAt: prescriptions.createdAt,
      patientId: prescriptions.patientId,
      patientName: fullNameOf(patient),
      recordNumber: patient.recordNumber,
      allergies: patientMedicalDetails.allergies,
      doctorId: prescriptions.doctorId,
      doctorName: fullNameOf(doctor),
      lines: sql<number>`(select count(*) from ${prescriptionMedicines} where ${prescriptionMedicines.prescriptionId} = ${prescriptions.id})::int`,
      partlyDispensed: sql<number>`(select count(*) from ${dispenseLines} where ${dispenseLines.prescriptionId} = ${prescriptions.id} and ${dispenseLines.quantityDispensed} < ${dispenseLines.quantityPrescribed})::int`,
    })
    .from(prescriptions)
    .innerJoin(patient, eq(patient.id, prescriptions.patientId))
    .innerJoin(doctor, eq(doctor.id, prescriptions.doctorId))
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, prescriptions.patientId))
    .where(and(eq(prescriptions.status, true), gte(prescriptions.createdAt, since), owes))
    .orderBy(asc(prescriptions.createdAt), asc(prescriptions.id))
    .limit(DISPENSING_QUEUE_MAX);
  await audit(ctx, {
    action: 'dispensing.queue',
    entityType: 'prescription',
    details: {
      prescriptionIds: rows.map((row) => row.id),
      patientIds: [...new Set(rows.map((row) => row.patientId))],
    },
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      patient: {
        id: row.patientId,
        name: row.patientName,
        recordNumber: row.recordNumber,
        allergies: row.allergies ?? [],
      },
      prescriber: { id: row.doctorId, name: `Dr ${row.doctorName}` },
      writtenAt: iso(row.writtenAt),
      lines: row.lines,
      partlyDispensed: row.partlyDispensed,
    })),
  };
}

/** GET /api/pharmacy/dispensing/prescriptions/:id: one prescription to dispense. Audited. */
export async function readForDispensing(ctx: ServiceContext, id: string): Promise<DispensingPrescription> {
  const view = await dispensingView(ctx, id);
  await audit(ctx, {
    action: 'dispensing.read',
    entityType: 'prescription',
    entityId: id,
    patientId: view.patient.id,
  });
  return view;
}

/** GET /api/pharmacy/dispensing/medicines/:id/batches: a medicine's in-date batches in the main store, FEFO first. */
export async function medicineBatches(ctx: ServiceContext, medicineId: string): Promise<BatchOptionList> {
  const [medicine] = await ctx.db
    .select({ id: medicines.id })
    .from(medicines)
    .where(eq(medicines.id, medicineId));
  if (!medicine) throw notFoundWith(PHARMACY_MESSAGES.medicineNotFound);
  const batches = await batchOptions(ctx, [medicineId]);
  return { data: batches.get(medicineId) ?? [] };
}
