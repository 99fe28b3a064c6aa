import { expect } from 'vitest';
import { beds, stayLocations, stays, wards } from '../src/db/schema';
import { changesHeard, createUser, signIn, type TestApp, type TestUser } from './helpers';

let wardCount = 0;

export interface AdmittedStay {
  stayId: string;
  wardId: string;
  bedId: string;
  patient: TestUser;
  doctor: TestUser;
}

/**
 * An admitted patient, written straight into the database: a new ward with one bed, the patient
 * in it and a stay under a doctor in charge (pass `doctor` or `wardId` to share them between stays).
 * For tests of what happens during a stay; admission itself is tested through its API.
 */
export async function admittedStay(
  t: TestApp,
  options: { doctor?: TestUser; wardId?: string; admittedAt?: Date; patient?: TestUser } = {},
): Promise<AdmittedStay> {
  const { db } = t.database;
  const patient = options.patient ?? (await createUser(t, 'patient'));
  const doctor = options.doctor ?? (await createUser(t, 'doctor'));
  wardCount += 1;
  const suffix = `${wardCount}-${patient.id.slice(0, 8)}`;
  let wardId = options.wardId;
  if (!wardId) {
    const [ward] = await db
      .insert(wards)
      .values({ name: `Test Ward ${suffix}` })
      .returning({ id: wards.id });
    if (!ward) throw new Error('ward not created');
    wardId = ward.id;
  }
  const label = `Bed ${suffix}`;
  const [bed] = await db
    .insert(beds)
    .values({ label, wardId, status: 'Occupied', patientId: patient.id })
    .returning({ id: beds.id });
  if (!bed) throw new Error('bed not created');
  const admittedAt = options.admittedAt ?? t.clock.now();
  const [stay] = await db
    .insert(stays)
    .values({
      patientId: patient.id,
      wardId,
      bedId: bed.id,
      doctorId: doctor.id,
      status: 'Admitted',
      admitSource: 'Emergency',
      reason: 'Fever',
      diagnosisText: 'Pneumonia',
      admittedAt,
    })
    .returning({ id: stays.id });
  if (!stay) throw new Error('stay not created');
  await db
    .insert(stayLocations)
    .values({ stayId: stay.id, wardId, bedId: bed.id, bedLabel: label, fromAt: admittedAt });
  await changesHeard(t);
  return { stayId: stay.id, wardId, bedId: bed.id, patient, doctor };
}

/** The doctor's discharge summary of a stay, written and signed through the API (a discharge home needs one). */
export async function signedDischargeSummary(t: TestApp, stayId: string, doctor: Pick<TestUser, 'email'>) {
  const headers = await signIn(t, doctor);
  const url = `/api/stays/${stayId}/discharge-summary`;
  const saved = await t.app.inject({
    method: 'PUT',
    url,
    headers,
    payload: {
      principalDiagnosis: { code: 'J18.9', text: 'Pneumonia' },
      secondaryDiagnoses: [],
      procedures: 'Antibiotics',
      course: 'Improved',
      medicines: [],
      followUpInstructions: 'Clinic in two weeks',
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const signed = await t.app.inject({ method: 'POST', url: `${url}/sign`, headers });
  expect(signed.statusCode, signed.body).toBe(200);
}
