import {
  type CodedDiagnosis,
  durationLabel,
  type MedicineLine,
  PRESCRIPTION_MESSAGES,
  type PRESCRIPTION_SORTABLE,
  type Prescription,
  type PrescriptionData,
  type PrescriptionPage,
  type PrescriptionPatient,
  type PrescriptionRow,
  type patientPrescriptionsQuerySchema,
  type prescriptionsQuerySchema,
  toLocalDateTime,
} from '@carepoint/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import {
  appointments,
  patientMedicalDetails,
  prescriptionMedicines,
  prescriptions,
  userImages,
  users,
  vitalSigns,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { type Actor, inTransaction, type ServiceContext } from '../../lib/context';
import { violatedForeignKey } from '../../lib/db-errors';
import { badRequest, conflict, notFound, signedIn } from '../../lib/errors';
import {
  iso,
  listPage,
  matchingRows,
  orderBy,
  type RowOf,
  type Select,
  type SortColumns,
  search,
  selectOf,
} from '../../lib/list';
import { ageOn, findPatient, fullNameOf, profileImageUrl } from '../../lib/people';
import { codedDiagnosis } from '../diagnosis-codes';
import { pharmacyStatuses, suppliesOf } from '../pharmacy-dispensing';
import { checkPrescribable } from '../pharmacy-formulary';
import { checkAllergies } from './allergy-check';

/*
 * Prescriptions. Any doctor may read any prescription (as any doctor may open any chart: a
 * colleague covering a clinic needs the medication history); only the prescribing doctor edits,
 * toggles or deletes one, and a change by anyone else answers 404 as if it did not exist (the
 * app signs a user out on 403). A patient reads only their own. Every read and change is audited
 * with the patient's id; changes inside their transaction.
 */

type DoctorListQuery = z.output<typeof prescriptionsQuerySchema>;
type PatientListQuery = z.output<typeof patientPrescriptionsQuerySchema>;

const patient = alias(users, 'patient');
const doctor = alias(users, 'doctor');
const patientImage = alias(userImages, 'patient_image');
const doctorImage = alias(userImages, 'doctor_image');

/** The columns every answer is made of: the prescription with its patient and doctor. */
const selection = {
  row: prescriptions,
  patientName: fullNameOf(patient),
  patientEmail: patient.email,
  patientBirth: patient.dateOfBirth,
  patientImage: patientImage.updatedAt,
  doctorName: fullNameOf(doctor),
  doctorEmail: doctor.email,
  doctorImage: doctorImage.updatedAt,
  // The patient's recorded allergies now (the chart's), shown on the prescription and its print.
  patientAllergies: patientMedicalDetails.allergies,
};

/** The base query of the lists and of single reads (lib/list.ts Select). */
const withPeople = (select: Select) =>
  select(selection)
    .from(prescriptions)
    .innerJoin(patient, eq(patient.id, prescriptions.patientId))
    .innerJoin(doctor, eq(doctor.id, prescriptions.doctorId))
    .leftJoin(patientImage, eq(patientImage.userId, patient.id))
    .leftJoin(doctorImage, eq(doctorImage.userId, doctor.id))
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, prescriptions.patientId));
type Joined = RowOf<typeof withPeople>;

const people = (r: Joined) => ({
  patient: {
    id: r.row.patientId,
    name: r.patientName,
    email: r.patientEmail,
    imageUrl: profileImageUrl(r.row.patientId, r.patientImage),
  },
  doctor: {
    id: r.row.doctorId,
    name: `Dr ${r.doctorName}`,
    email: r.doctorEmail,
    imageUrl: profileImageUrl(r.row.doctorId, r.doctorImage),
  },
});

async function medicinesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, MedicineLine[]>();
  const rows = await db
    .select()
    .from(prescriptionMedicines)
    .where(inArray(prescriptionMedicines.prescriptionId, ids))
    .orderBy(asc(prescriptionMedicines.prescriptionId), asc(prescriptionMedicines.position));
  const byId = new Map<string, MedicineLine[]>();
  for (const m of rows) {
    const list = byId.get(m.prescriptionId) ?? [];
    list.push({
      id: m.id,
      name: m.name,
      medicineId: m.medicineId,
      dosage: m.dosage,
      duration: durationLabel(m.durationDays),
      durationDays: m.durationDays,
      time: m.time,
      interval: m.interval,
      comment: m.comment,
      supply: null,
    });
    byId.set(m.prescriptionId, list);
  }
  return byId;
}

const toPrescription = (
  r: Joined,
  medicines: MedicineLine[],
  actorId: string,
  timeZone: string,
): Prescription => {
  const p = r.row;
  const who = people(r);
  // The age on the prescription's day: every copy of it, printed today or next year, says the same.
  const writtenOn = toLocalDateTime(p.createdAt, timeZone).date;
  return {
    id: p.id,
    patient: { ...who.patient, dateOfBirth: r.patientBirth, age: ageOn(r.patientBirth, writtenOn) },
    doctor: who.doctor,
    appointmentId: p.appointmentId,
    addedAt: iso(p.createdAt),
    updatedAt: iso(p.updatedAt),
    status: p.status,
    physicalInfo: {
      bloodPressure: p.systolic !== null && p.diastolic !== null ? `${p.systolic}/${p.diastolic}` : null,
      foodAllergies: p.foodAllergies,
      diabetic: p.diabetic,
      currentMedication: p.currentMedication,
      pulseRate: p.pulseRate,
      temperature: p.temperature,
      problemDescription: p.problemDescription,
    },
    diagnosis:
      p.diagnosisCode && p.diagnosisTitle ? { code: p.diagnosisCode, title: p.diagnosisTitle } : null,
    medicines,
    test: p.test,
    advice: p.advice,
    nextVisit:
      p.nextVisitCount !== null && p.nextVisitUnit !== null
        ? { count: p.nextVisitCount, unit: p.nextVisitUnit }
        : null,
    // Only the prescribing doctor saves a prescription, so the override is theirs.
    allergyOverride:
      p.acknowledgedAllergies.length > 0
        ? {
            allergies: p.acknowledgedAllergies,
            acknowledgedBy: { id: who.doctor.id, name: who.doctor.name },
            acknowledgedAt: iso(p.allergiesAcknowledgedAt ?? p.updatedAt),
          }
        : null,
    recordedAllergies: r.patientAllergies ?? [],
    mine: p.doctorId === actorId,
  };
};

/** What the caller may read: a doctor any prescription, a patient their own. */
function readable(actor: Actor, id: string): SQL | undefined {
  const one = eq(prescriptions.id, id);
  if (actor.role === 'doctor') return one;
  if (actor.role === 'patient') return and(one, eq(prescriptions.patientId, actor.id));
  return sql`false`;
}

/** One prescription the caller may read, without an audit row (callers audit their own way). */
async function load(ctx: ServiceContext, id: string): Promise<Prescription> {
  const actor = signedIn(ctx.actor);
  const [row] = await withPeople(selectOf(ctx.db)).where(readable(actor, id)).limit(1);
  if (!row) throw notFound('Prescription');
  const lines = (await medicinesOf(ctx.db, [id])).get(id) ?? [];
  // What the pharmacy handed over and still owes of each line, for the doctor and the patient.
  const supplies = await suppliesOf(
    ctx.db,
    lines.map((line) => line.id),
  );
  const medicines = lines.map((line) => ({ ...line, supply: supplies.get(line.id) ?? null }));
  return toPrescription(row, medicines, actor.id, ctx.config.TIME_ZONE);
}

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

const SORT: SortColumns<(typeof PRESCRIPTION_SORTABLE)[number]> = {
  patient: [patient.lastName, patient.firstName],
  doctor: [doctor.lastName, doctor.firstName],
  addedAt: prescriptions.createdAt,
  status: prescriptions.status,
};

const MEDICINE_SUMMARY = 3;

async function listWhere(
  ctx: ServiceContext,
  query: { page: number; limit: number; sort?: keyof typeof SORT | undefined; order: 'asc' | 'desc' },
  where: SQL | undefined,
): Promise<PrescriptionPage> {
  const actor = signedIn(ctx.actor);
  return listPage(ctx, query, {
    rows: (select) => withPeople(select).where(where),
    order: orderBy(query, SORT, [desc(prescriptions.createdAt)], prescriptions.id),
    count: matchingRows(ctx.db)
      .from(prescriptions)
      .innerJoin(patient, eq(patient.id, prescriptions.patientId))
      .innerJoin(doctor, eq(doctor.id, prescriptions.doctorId))
      .where(where),
    mapPage: async (rows) => {
      const ids = rows.map((r) => r.row.id);
      const lines = await medicinesOf(ctx.db, ids);
      const pharmacy = await pharmacyStatuses(ctx.db, ids);
      return rows.map((r): PrescriptionRow => {
        const medicines = lines.get(r.row.id) ?? [];
        const names = medicines.slice(0, MEDICINE_SUMMARY).map((m) => m.name);
        if (medicines.length > MEDICINE_SUMMARY) names.push(`+${medicines.length - MEDICINE_SUMMARY} more`);
        return {
          id: r.row.id,
          ...people(r),
          addedAt: iso(r.row.createdAt),
          status: r.row.status,
          medicineCount: medicines.length,
          medicines: names.join(', '),
          pharmacy: pharmacy.get(r.row.id) ?? 'Not dispensed',
          mine: r.row.doctorId === actor.id,
        };
      });
    },
  });
}

/** The doctor's list: their own by default, or every doctor's; searched by patient name or e-mail and doctor name. */
export async function listPrescriptions(ctx: ServiceContext, query: DoctorListQuery) {
  const actor = signedIn(ctx.actor);
  const where = and(
    query.scope === 'mine' ? eq(prescriptions.doctorId, actor.id) : undefined,
    search(query.q, [fullNameOf(patient), patient.email, fullNameOf(doctor)]),
  );
  const result = await listWhere(ctx, query, where);
  await audit(ctx, {
    action: 'prescription.list',
    entityType: 'prescription',
    details: {
      scope: query.scope,
      q: query.q ?? null,
      page: query.page,
      prescriptionIds: result.data.map((p) => p.id),
      patientIds: [...new Set(result.data.map((p) => p.patient.id))],
    },
  });
  return result;
}

/** My Prescriptions: the signed-in patient's own, newest first. */
export async function listOwnPrescriptions(ctx: ServiceContext, query: PatientListQuery) {
  const actor = signedIn(ctx.actor);
  const result = await listWhere(ctx, query, eq(prescriptions.patientId, actor.id));
  await audit(ctx, {
    action: 'prescription.list',
    entityType: 'prescription',
    patientId: actor.id,
    details: { page: query.page, prescriptionIds: result.data.map((p) => p.id) },
  });
  return result;
}

/** The patient dashboard's figure: the patient's active prescriptions (status on). */
export async function countPatientPrescriptions(db: Executor, patientId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(prescriptions)
    .where(and(eq(prescriptions.patientId, patientId), eq(prescriptions.status, true)));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// One prescription
// ---------------------------------------------------------------------------------------------

/** One prescription the caller may read; the read is audited as a view or as the PDF's download. */
export async function readPrescription(
  ctx: ServiceContext,
  id: string,
  action: 'prescription.read' | 'prescription.pdf' = 'prescription.read',
) {
  const prescription = await load(ctx, id);
  await audit(ctx, { action, entityType: 'prescription', entityId: id, patientId: prescription.patient.id });
  return prescription;
}

/**
 * The New Prescription form's patient: the name, the recorded allergies its medicines are
 * checked against, and the newest triage intake's vitals (offered for Physical Information).
 */
export async function prescriptionPatient(
  ctx: ServiceContext,
  patientId: string,
): Promise<PrescriptionPatient> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      fullName: fullNameOf(users),
      email: users.email,
      allergies: patientMedicalDetails.allergies,
    })
    .from(users)
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, users.id))
    .where(and(eq(users.id, patientId), eq(users.role, 'patient')))
    .limit(1);
  if (!row) throw notFound('Patient');
  const [triage] = await ctx.db
    .select({
      id: vitalSigns.id,
      recordedAt: vitalSigns.recordedAt,
      heartRate: vitalSigns.heartRate,
      systolic: vitalSigns.systolic,
      diastolic: vitalSigns.diastolic,
      temperature: vitalSigns.temperature,
    })
    .from(vitalSigns)
    .where(and(eq(vitalSigns.patientId, patientId), eq(vitalSigns.source, 'triage')))
    .orderBy(desc(vitalSigns.recordedAt))
    .limit(1);
  await audit(ctx, {
    action: 'prescription.patient.read',
    entityType: 'patient',
    entityId: patientId,
    patientId,
    details: { latestTriageVitalsId: triage?.id ?? null },
  });
  return {
    ...row,
    allergies: row.allergies ?? [],
    latestTriage: triage
      ? {
          recordedAt: iso(triage.recordedAt),
          heartRate: triage.heartRate,
          systolic: triage.systolic,
          diastolic: triage.diastolic,
          temperature: triage.temperature,
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Changes
// ---------------------------------------------------------------------------------------------

/**
 * Checks what a save refers to: a registered patient, an appointment of this doctor with this
 * patient, and the allergy rule (a medicine that matches a recorded allergy needs the doctor's
 * acknowledgement). Answers the allergies acknowledged.
 */
async function checkReferences(db: Executor, doctorId: string, input: PrescriptionData): Promise<string[]> {
  if (!(await findPatient(db, input.patientId)))
    badRequestAt('patientId', PRESCRIPTION_MESSAGES.patientNotFound);
  if (input.appointmentId) {
    const [visit] = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.id, input.appointmentId),
          eq(appointments.doctorId, doctorId),
          eq(appointments.patientId, input.patientId),
        ),
      )
      .limit(1);
    if (!visit) badRequestAt('appointmentId', PRESCRIPTION_MESSAGES.appointmentMismatch);
  }
  await checkPrescribable(
    db,
    input.medicines.map((m) => m.medicineId),
  );
  return checkAllergies(db, {
    patientId: input.patientId,
    medicines: input.medicines,
    acknowledged: input.acknowledgeAllergies,
    medicineField: (index) => `medicines.${index}.name`,
    message: PRESCRIPTION_MESSAGES.acknowledgeAllergies,
  });
}

function badRequestAt(field: string, message: string): never {
  throw badRequest(message, field);
}

const columnsOf = (
  input: PrescriptionData,
  diagnosis: CodedDiagnosis | null,
  acknowledgedAllergies: string[],
  now: Date,
) => ({
  patientId: input.patientId,
  appointmentId: input.appointmentId,
  status: input.status,
  systolic: input.physicalInfo.bloodPressure?.systolic ?? null,
  diastolic: input.physicalInfo.bloodPressure?.diastolic ?? null,
  pulseRate: input.physicalInfo.pulseRate,
  temperature: input.physicalInfo.temperature,
  foodAllergies: input.physicalInfo.foodAllergies,
  diabetic: input.physicalInfo.diabetic,
  currentMedication: input.physicalInfo.currentMedication,
  problemDescription: input.physicalInfo.problemDescription,
  diagnosisCode: diagnosis?.code ?? null,
  diagnosisTitle: diagnosis?.title ?? null,
  test: input.test,
  advice: input.advice,
  nextVisitCount: input.nextVisit?.count ?? null,
  nextVisitUnit: input.nextVisit?.unit ?? null,
  acknowledgedAllergies,
  // Each save with an override is the doctor confirming it again (the box is ticked anew).
  allergiesAcknowledgedAt: acknowledgedAllergies.length > 0 ? now : null,
});

const linesOf = (prescriptionId: string, input: PrescriptionData) =>
  input.medicines.map(({ duration: _choice, ...m }, position) => ({ prescriptionId, position, ...m }));

/**
 * Writes an edited prescription's medicines. A medicine that stays (same name) keeps its line and
 * so its id, which the FHIR API serves as the MedicationRequest's id; new ones get new lines,
 * removed ones go.
 */
async function replaceLines(tx: Executor, prescriptionId: string, input: PrescriptionData) {
  const ofPrescription = eq(prescriptionMedicines.prescriptionId, prescriptionId);
  const existing = await tx
    .select({ id: prescriptionMedicines.id, name: prescriptionMedicines.name })
    .from(prescriptionMedicines)
    .where(ofPrescription)
    .orderBy(asc(prescriptionMedicines.position));
  // Out of the way of the (prescription, position) unique index while lines change places.
  await tx
    .update(prescriptionMedicines)
    .set({ position: sql`-1 - ${prescriptionMedicines.position}` })
    .where(ofPrescription);
  const unused = [...existing];
  for (const line of linesOf(prescriptionId, input)) {
    const match = unused.findIndex((row) => row.name.toLowerCase() === line.name.toLowerCase());
    const [kept] = match >= 0 ? unused.splice(match, 1) : [];
    if (kept) await tx.update(prescriptionMedicines).set(line).where(eq(prescriptionMedicines.id, kept.id));
    else await tx.insert(prescriptionMedicines).values(line);
  }
  if (unused.length > 0) {
    await tx.delete(prescriptionMedicines).where(
      inArray(
        prescriptionMedicines.id,
        unused.map((row) => row.id),
      ),
    );
  }
}

/** What an audit row of a change says: which medicines and warnings, not the clinical text. */
const changeDetails = (input: PrescriptionData, acknowledged: string[]) => ({
  medicines: input.medicines.map((m) => m.name),
  status: input.status,
  appointmentId: input.appointmentId,
  acknowledgedAllergies: acknowledged,
});

export async function createPrescription(ctx: ServiceContext, input: PrescriptionData) {
  const actor = signedIn(ctx.actor);
  const id = await ctx.db.transaction(async (tx) => {
    const acknowledged = await checkReferences(tx, actor.id, input);
    const diagnosis = await codedDiagnosis(inTransaction(ctx, tx), input.diagnosisCode);
    const now = ctx.now();
    const [row] = await tx
      .insert(prescriptions)
      .values({
        ...columnsOf(input, diagnosis, acknowledged, now),
        doctorId: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: prescriptions.id });
    if (!row) throw new Error('prescription not stored');
    await tx.insert(prescriptionMedicines).values(linesOf(row.id, input));
    await audit(inTransaction(ctx, tx), {
      action: 'prescription.create',
      entityType: 'prescription',
      entityId: row.id,
      patientId: input.patientId,
      details: changeDetails(input, acknowledged),
    });
    return row.id;
  });
  await ctx.publish('pharmacy');
  return load(ctx, id);
}

/** Locks the caller's own prescription for a change; anyone else's answers 404. */
async function lockOwn(tx: Executor, actor: Actor, id: string) {
  const [row] = await tx
    .select({
      id: prescriptions.id,
      patientId: prescriptions.patientId,
      diagnosisCode: prescriptions.diagnosisCode,
      diagnosisTitle: prescriptions.diagnosisTitle,
    })
    .from(prescriptions)
    .where(and(eq(prescriptions.id, id), eq(prescriptions.doctorId, actor.id)))
    .for('update');
  if (!row) throw notFound('Prescription');
  return row;
}

/** Edit: the prescription and its medicines are replaced together; its date stays. */
export async function updatePrescription(ctx: ServiceContext, id: string, input: PrescriptionData) {
  const actor = signedIn(ctx.actor);
  await keepDispensed(ctx, async (tx) => {
    const before = await lockOwn(tx, actor, id);
    const acknowledged = await checkReferences(tx, actor.id, input);
    const saved =
      before.diagnosisCode && before.diagnosisTitle
        ? { code: before.diagnosisCode, title: before.diagnosisTitle }
        : null;
    const diagnosis = await codedDiagnosis(inTransaction(ctx, tx), input.diagnosisCode, saved);
    const now = ctx.now();
    await tx
      .update(prescriptions)
      .set({ ...columnsOf(input, diagnosis, acknowledged, now), updatedAt: now })
      .where(eq(prescriptions.id, id));
    await replaceLines(tx, id, input);
    await audit(inTransaction(ctx, tx), {
      action: 'prescription.update',
      entityType: 'prescription',
      entityId: id,
      patientId: input.patientId,
      details: {
        ...changeDetails(input, acknowledged),
        ...(before.patientId !== input.patientId ? { previousPatientId: before.patientId } : {}),
      },
    });
  });
  await ctx.publish('pharmacy');
  return load(ctx, id);
}

/** The Status toggle. */
export async function setPrescriptionStatus(ctx: ServiceContext, id: string, status: boolean) {
  const actor = signedIn(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const row = await lockOwn(tx, actor, id);
    await tx.update(prescriptions).set({ status, updatedAt: ctx.now() }).where(eq(prescriptions.id, id));
    await audit(inTransaction(ctx, tx), {
      action: 'prescription.status',
      entityType: 'prescription',
      entityId: id,
      patientId: row.patientId,
      details: { status },
    });
  });
  await ctx.publish('pharmacy');
  return load(ctx, id);
}

/** Deletes the prescription and its medicines in one transaction. */
export async function deletePrescription(ctx: ServiceContext, id: string) {
  const actor = signedIn(ctx.actor);
  await keepDispensed(ctx, async (tx) => {
    const row = await lockOwn(tx, actor, id);
    await tx.delete(prescriptionMedicines).where(eq(prescriptionMedicines.prescriptionId, id));
    await tx.delete(prescriptions).where(eq(prescriptions.id, id));
    await audit(inTransaction(ctx, tx), {
      action: 'prescription.delete',
      entityType: 'prescription',
      entityId: id,
      patientId: row.patientId,
    });
  });
  await ctx.publish('pharmacy');
}

/**
 * Runs a change in a transaction; a medicine the pharmacy has dispensed stays on its prescription
 * (its supply row refers to it), so removing it, or deleting the prescription, answers 409: the
 * doctor stops the prescription with Status instead.
 */
async function keepDispensed(ctx: ServiceContext, change: (tx: Executor) => Promise<void>) {
  try {
    await ctx.db.transaction(change);
  } catch (error) {
    if (violatedForeignKey(error)?.startsWith('dispense_'))
      throw conflict('PRESCRIPTION_DISPENSED', PRESCRIPTION_MESSAGES.dispensed);
    throw error;
  }
}
