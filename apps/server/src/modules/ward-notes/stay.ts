import { type NoteStay, WARD_NOTE_MESSAGES } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { beds, stays, users, wards } from '../../db/schema';
import { notFoundWith } from '../../lib/errors';
import { isoOrNull } from '../../lib/list';
import { fullNameOf } from '../../lib/people';

const patient = alias(users, 'stay_patient');
const doctor = alias(users, 'stay_doctor');

/**
 * The stay as its notes page heads it: the patient, where they lie, the doctor in charge. Nurses,
 * doctors and admins reach every stay (the ward board lists them all); an unknown id is a 404.
 * Inside a write, `lock` holds the stay's row FOR SHARE until the note is committed, so a
 * discharge or a transfer (which update the row) waits for the note, and the note sees the
 * stay's status and ward as they are when it is written.
 */
export async function loadStay(db: Executor, stayId: string, lock = false) {
  const query = db
    .select({
      id: stays.id,
      status: stays.status,
      patientId: stays.patientId,
      patientName: fullNameOf(patient),
      wardId: stays.wardId,
      wardName: wards.name,
      bedLabel: beds.label,
      doctorId: stays.doctorId,
      doctorName: fullNameOf(doctor),
      admittedAt: stays.admittedAt,
      diagnosisText: stays.diagnosisText,
      diagnosisCode: stays.diagnosisCode,
    })
    .from(stays)
    .innerJoin(patient, eq(patient.id, stays.patientId))
    .innerJoin(doctor, eq(doctor.id, stays.doctorId))
    .innerJoin(wards, eq(wards.id, stays.wardId))
    .leftJoin(beds, eq(beds.id, stays.bedId))
    .where(eq(stays.id, stayId));
  const [row] = lock ? await query.for('share', { of: stays }) : await query;
  if (!row) throw notFoundWith(WARD_NOTE_MESSAGES.stayNotFound);
  return row;
}
export type LoadedStay = Awaited<ReturnType<typeof loadStay>>;

export const toNoteStay = (stay: LoadedStay): NoteStay => ({
  id: stay.id,
  status: stay.status,
  patientId: stay.patientId,
  patientName: stay.patientName,
  wardId: stay.wardId,
  wardName: stay.wardName,
  bedLabel: stay.bedLabel,
  doctorName: stay.doctorName,
  admittedAt: isoOrNull(stay.admittedAt),
  diagnosis: stay.diagnosisCode ? `${stay.diagnosisCode} ${stay.diagnosisText}` : stay.diagnosisText,
});
