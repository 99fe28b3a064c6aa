import { MEDICAL_REPORTS_PAGE_SIZE, type PatientChart, type UpdateMedicalDetails } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { patientMedicalDetails, userImages, users, vitalSigns } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { notFound, signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { independentReads } from '../../lib/independent-reads';
import { iso, isoOrNull } from '../../lib/list';
import { ageOn, profileImageUrl, recordNumberOf } from '../../lib/people';
import { reportsOf } from './medical-reports';
import { imageOfUser, lastVisitOf, medicalDetailsOfUser, PATIENT_RECORD, requirePatient } from './queries';
import { latestVitalsOf } from './vitals';

/**
 * The patient chart (the drawer): personal and medical details, latest vitals and the first
 * page of reports, and the doctor's changes to the medical details. Any doctor may read any
 * patient's chart (All patients exists for that); every read and change is audited with the
 * patient's id. The Patient List is patient-list.ts, its export patient-csv.ts; the chart's
 * reports history medical-reports.ts, its vitals vitals.ts.
 */

const editor = alias(users, 'editor');

/** The chart without its audit row (reads and updates audit it their own way). */
async function loadChart(ctx: ServiceContext, patientId: string): Promise<PatientChart> {
  const [row] = await ctx.db
    .select({
      patient: users,
      recordNumber: recordNumberOf(),
      imageVersion: userImages.updatedAt,
      medical: patientMedicalDetails,
      editorFirst: editor.firstName,
      editorLast: editor.lastName,
    })
    .from(users)
    .leftJoin(userImages, imageOfUser)
    .leftJoin(patientMedicalDetails, medicalDetailsOfUser)
    .leftJoin(editor, eq(editor.id, patientMedicalDetails.updatedBy))
    .where(and(eq(users.id, patientId), eq(users.role, 'patient')))
    .limit(1);
  if (!row) throw notFound(PATIENT_RECORD);
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const { patient, medical } = row;
  const [lastVisitedAt, vitals, reports] = await independentReads(ctx.db, [
    () => lastVisitOf(ctx.db, patientId),
    () => latestVitalsOf(ctx, patientId),
    () => reportsOf(ctx, patientId, { page: 1, limit: MEDICAL_REPORTS_PAGE_SIZE }),
  ]);
  return {
    patient: {
      id: patient.id,
      recordNumber: row.recordNumber,
      firstName: patient.firstName,
      lastName: patient.lastName,
      fullName: `${patient.firstName} ${patient.lastName}`,
      email: patient.email,
      phone: patient.phone,
      dateOfBirth: patient.dateOfBirth,
      age: ageOn(patient.dateOfBirth, today),
      address: patient.address,
      gender: patient.gender,
      imageUrl: profileImageUrl(patient.id, row.imageVersion),
    },
    medical: {
      bloodGroup: medical?.bloodGroup ?? null,
      treatment: medical?.treatment ?? null,
      ongoingSurgeries: medical?.ongoingSurgeries ?? null,
      allergies: medical?.allergies ?? [],
      updatedAt: medical ? iso(medical.updatedAt) : null,
      updatedBy: row.editorFirst ? `Dr ${row.editorFirst} ${row.editorLast ?? ''}`.trim() : null,
    },
    lastVisitedAt: isoOrNull(lastVisitedAt),
    vitals,
    reports,
  };
}

/** GET the chart: personal and medical details, latest vitals, the first page of reports. Audited. */
export async function readChart(ctx: ServiceContext, patientId: string) {
  const chart = await loadChart(ctx, patientId);
  await audit(ctx, { action: 'chart.read', entityType: 'patient', entityId: patientId, patientId });
  return chart;
}

/**
 * Saves the medical details (one row per patient, created on first save) and, when weight,
 * blood pressure or blood glucose are given, records them as a new measurement (source
 * 'chart'): the history is never overwritten. One transaction, with its audit row.
 */
export async function updateMedicalDetails(
  ctx: ServiceContext,
  patientId: string,
  input: UpdateMedicalDetails,
): Promise<PatientChart> {
  const editorId = signedIn(ctx.actor).id;
  await ctx.db.transaction(async (tx) => {
    const inTx = inTransaction(ctx, tx);
    await requirePatient(tx, patientId);
    const [before] = await tx
      .select()
      .from(patientMedicalDetails)
      .where(eq(patientMedicalDetails.patientId, patientId))
      .for('update');
    const details = {
      bloodGroup: input.bloodGroup,
      treatment: input.treatment,
      ongoingSurgeries: input.ongoingSurgeries,
      allergies: input.allergies,
      updatedBy: editorId,
      updatedAt: ctx.now(),
    };
    await tx
      .insert(patientMedicalDetails)
      .values({ patientId, ...details })
      .onConflictDoUpdate({ target: patientMedicalDetails.patientId, set: details });
    const measured = {
      weight: input.weight,
      systolic: input.systolic,
      diastolic: input.diastolic,
      bloodGlucose: input.bloodGlucose,
    };
    const recorded = Object.entries(measured)
      .filter(([, v]) => v !== null)
      .map(([k]) => k);
    if (recorded.length > 0) {
      await tx.insert(vitalSigns).values({
        patientId,
        recordedAt: ctx.now(),
        recordedBy: editorId,
        source: 'chart',
        ...measured,
      });
    }
    const changed = (['bloodGroup', 'treatment', 'ongoingSurgeries', 'allergies'] as const).filter(
      (field) => JSON.stringify(before?.[field] ?? null) !== JSON.stringify(details[field] ?? null),
    );
    // Which fields changed, not their values: the audit trail says who did what, the chart holds the data.
    await audit(inTx, {
      action: 'chart.update',
      entityType: 'patient',
      entityId: patientId,
      patientId,
      details: { changed, recorded },
    });
  });
  return loadChart(ctx, patientId);
}
