import type {
  DischargeDiagnosis,
  DischargeFollowUp,
  DischargeStay,
  DischargeSummary,
} from '@carepoint/contract';
import { eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  appointments,
  dischargeSummaries,
  patientMedicalDetails,
  stays,
  users,
  wards,
} from '../../db/schema';
import { iso } from '../../lib/list';
import { fullNameOf } from '../../lib/people';

/*
 * Reading stays and their summaries into the contract's shapes. No audit here: the service
 * audits each read its own way.
 */

const patient = alias(users, 'patient');
const inCharge = alias(users, 'in_charge');
const author = alias(users, 'author');
const signer = alias(users, 'signer');
const followUpDoctor = alias(users, 'follow_up_doctor');

const doctorName = (name: string) => `Dr ${name}`;

const diagnosisOf = (code: string | null, title: string | null, text: string | null): DischargeDiagnosis => ({
  coded: code && title ? { code, title } : null,
  text,
});

/** The stays matching `where`, as the page and the PDF head them. */
export async function readStays(db: Executor, where: SQL | undefined) {
  const rows = await db
    .select({
      stay: stays,
      ward: wards.name,
      patientName: fullNameOf(patient),
      recordNumber: patient.recordNumber,
      dateOfBirth: patient.dateOfBirth,
      allergies: patientMedicalDetails.allergies,
      doctorName: fullNameOf(inCharge),
    })
    .from(stays)
    .innerJoin(wards, eq(wards.id, stays.wardId))
    .innerJoin(patient, eq(patient.id, stays.patientId))
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, stays.patientId))
    .innerJoin(inCharge, eq(inCharge.id, stays.doctorId))
    .where(where);
  return rows.map(
    (r): DischargeStay => ({
      id: r.stay.id,
      status: r.stay.status,
      patient: {
        id: r.stay.patientId,
        name: r.patientName,
        recordNumber: r.recordNumber,
        dateOfBirth: r.dateOfBirth,
        allergies: r.allergies ?? [],
      },
      doctorInCharge: { id: r.stay.doctorId, name: doctorName(r.doctorName) },
      ward: r.ward,
      reason: r.stay.reason,
      admissionDiagnosis: diagnosisOf(r.stay.diagnosisCode, r.stay.diagnosisTitle, r.stay.diagnosisText),
      admittedAt: r.stay.admittedAt ? iso(r.stay.admittedAt) : null,
      dischargedAt: r.stay.dischargedAt ? iso(r.stay.dischargedAt) : null,
      dischargeDisposition: r.stay.dischargeDisposition,
    }),
  );
}

export async function readStay(db: Executor, stayId: string): Promise<DischargeStay | undefined> {
  return (await readStays(db, eq(stays.id, stayId)))[0];
}

/** The summaries matching `where`, with their authors, signer and follow-up appointment. */
export async function readSummaries(db: Executor, where: SQL | undefined): Promise<DischargeSummary[]> {
  const rows = await db
    .select({
      summary: dischargeSummaries,
      authorName: fullNameOf(author),
      signerName: fullNameOf(signer),
      appointment: {
        id: appointments.id,
        doctorId: appointments.doctorId,
        date: appointments.date,
        time: appointments.time,
        status: appointments.status,
      },
      followUpDoctorName: fullNameOf(followUpDoctor),
    })
    .from(dischargeSummaries)
    .innerJoin(author, eq(author.id, dischargeSummaries.authorId))
    .leftJoin(signer, eq(signer.id, dischargeSummaries.signedById))
    .leftJoin(appointments, eq(appointments.id, dischargeSummaries.followUpAppointmentId))
    .leftJoin(followUpDoctor, eq(followUpDoctor.id, appointments.doctorId))
    .where(where);
  return rows.map(({ summary: s, ...r }) => {
    const followUp: DischargeFollowUp | null = r.appointment?.id
      ? {
          appointmentId: r.appointment.id,
          doctor: { id: r.appointment.doctorId, name: doctorName(r.followUpDoctorName) },
          date: r.appointment.date,
          time: r.appointment.time.slice(0, 5),
          status: r.appointment.status,
        }
      : null;
    return {
      id: s.id,
      stayId: s.stayId,
      status: s.signedAt ? 'Signed' : 'Draft',
      principalDiagnosis: diagnosisOf(s.principalCode, s.principalTitle, s.principalText),
      secondaryDiagnoses: s.secondaryDiagnoses.map((d) => diagnosisOf(d.code, d.title, d.text)),
      procedures: s.procedures,
      course: s.course,
      medicines: s.medicines,
      followUpInstructions: s.followUpInstructions,
      // Confirmed at the author's last save, so the override is theirs.
      allergyOverride: s.allergiesAcknowledgedAt
        ? {
            allergies: s.acknowledgedAllergies,
            acknowledgedBy: { id: s.authorId, name: doctorName(r.authorName) },
            acknowledgedAt: iso(s.allergiesAcknowledgedAt),
          }
        : null,
      followUp,
      author: { id: s.authorId, name: doctorName(r.authorName) },
      updatedAt: iso(s.updatedAt),
      signedBy: s.signedById ? { id: s.signedById, name: doctorName(r.signerName) } : null,
      signedAt: s.signedAt ? iso(s.signedAt) : null,
    };
  });
}

export async function readSummaryOfStay(db: Executor, stayId: string): Promise<DischargeSummary | undefined> {
  return (await readSummaries(db, eq(dischargeSummaries.stayId, stayId)))[0];
}

/** The stored PDFs of signed summaries, by summary id. */
export async function storedPdfs(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, Buffer>();
  const rows = await db
    .select({ id: dischargeSummaries.id, pdf: dischargeSummaries.pdf })
    .from(dischargeSummaries)
    .where(inArray(dischargeSummaries.id, [...ids]));
  return new Map(rows.flatMap((r) => (r.pdf ? [[r.id, r.pdf] as const] : [])));
}
