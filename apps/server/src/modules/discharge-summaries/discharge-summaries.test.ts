import {
  APPOINTMENT_MESSAGES,
  DIAGNOSIS_CODE_MESSAGES,
  type DischargeSummaryInput,
  type DischargeSummaryResponse,
  INVALID_TEXT_MESSAGE,
  DISCHARGE_SUMMARY_MESSAGES as M,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  serviceContext,
  signedIn,
  type TestApp,
  type TestUser,
  testClock,
} from '../../../test/helpers';
import { admittedStay } from '../../../test/inpatient';
import { appointments, auditEvents, dischargeSummaries, patientMedicalDetails, stays } from '../../db/schema';
import { summaryOf } from '.';

/* The discharge summary: drafts, signing (once, final), the follow-up booking, the PDFs, who reads what. */

type Headers = { cookie: string };
type Session = { user: TestUser; headers: Headers };

/** Wednesday 2030-01-09 10:00 UTC; the doctors' default schedules work Monday to Friday. */
const NOW = '2030-01-09T10:00:00Z';

let t: TestApp;
let doctor: Session;
let colleague: Session;
let nurse: Session;
let admin: Session;

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(new Date(NOW)), env: { TIME_ZONE: 'UTC' } });
  doctor = await signedIn(t, 'doctor', { firstName: 'Daniel', lastName: 'Adeyemi' });
  colleague = await signedIn(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze' });
  nurse = await signedIn(t, 'nurse');
  admin = await signedIn(t, 'admin');
});
afterAll(() => t.close());

const url = (stayId: string, tail = '') => `/api/stays/${stayId}/discharge-summary${tail}`;
const read = (stayId: string, headers: Headers) => t.app.inject({ url: url(stayId), headers });
const save = (stayId: string, payload: unknown, headers: Headers = doctor.headers) =>
  t.app.inject({ method: 'PUT', url: url(stayId), headers, payload: payload as object });
const sign = (stayId: string, headers: Headers = doctor.headers) =>
  t.app.inject({ method: 'POST', url: url(stayId, '/sign'), headers });
const followUp = (stayId: string, payload: unknown, headers: Headers = doctor.headers) =>
  t.app.inject({ method: 'POST', url: url(stayId, '/follow-up'), headers, payload: payload as object });

const complete = (extra: Partial<DischargeSummaryInput> = {}): DischargeSummaryInput => ({
  principalDiagnosis: { code: 'J18.9', text: 'Community-acquired pneumonia' },
  secondaryDiagnoses: [{ code: 'E11.9', text: 'Type 2 diabetes, well controlled' }],
  procedures: 'IV ceftriaxone for five days, oxygen by nasal cannula for two days.',
  course: 'Fever settled on day 3; off oxygen on day 4; eating and walking.',
  medicines: [
    { name: 'Amoxicillin 500 mg', dose: '1 capsule', frequency: 'Three times daily', duration: '5 days' },
  ],
  followUpInstructions: 'Return at once if breathless again. Chest X-ray in 6 weeks.',
  ...extra,
});

async function stayOf(options: Parameters<typeof admittedStay>[1] = {}) {
  return admittedStay(t, { doctor: doctor.user, ...options });
}

async function pdfText(body: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('drafts', () => {
  it('saves a draft (coded diagnoses with their titles), reads it back for nurse, doctor and admin', async () => {
    const { stayId, patient } = await stayOf();
    const none = await read(stayId, nurse.headers);
    expect(none.statusCode).toBe(200);
    expect(none.json<DischargeSummaryResponse>().summary).toBeNull();
    const res = await save(stayId, complete({ course: '' }));
    expect(res.statusCode, res.body).toBe(200);
    const { summary, stay } = res.json<DischargeSummaryResponse>();
    expect(stay.patient.id).toBe(patient.id);
    expect(summary).toMatchObject({
      status: 'Draft',
      principalDiagnosis: {
        coded: { code: 'J18.9', title: 'Pneumonia, unspecified organism' },
        text: 'Community-acquired pneumonia',
      },
      secondaryDiagnoses: [
        {
          coded: { code: 'E11.9', title: 'Type 2 diabetes mellitus without complications' },
          text: 'Type 2 diabetes, well controlled',
        },
      ],
      course: null,
      author: { id: doctor.user.id, name: 'Dr Daniel Adeyemi' },
      signedAt: null,
    });
    for (const who of [nurse, doctor, admin]) {
      const again = await read(stayId, who.headers);
      expect(again.json<DischargeSummaryResponse>().summary?.id).toBe(summary?.id);
    }
    // A colleague saves over it: one summary per stay, now theirs.
    const second = await save(stayId, complete(), colleague.headers);
    expect(second.json<DischargeSummaryResponse>().summary).toMatchObject({
      id: summary?.id,
      author: { id: colleague.user.id },
    });
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patient.id)));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['discharge-summary.read', 'discharge-summary.save']),
    );
  });

  it('refuses what is not valid, on its field', async () => {
    const { stayId } = await stayOf();
    const badCode = await save(stayId, complete({ principalDiagnosis: { code: 'nonsense', text: 'x' } }));
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().fieldErrors['principalDiagnosis.code']).toEqual([
      DIAGNOSIS_CODE_MESSAGES.invalidCode,
    ]);
    const unknown = await save(
      stayId,
      complete({ secondaryDiagnoses: [{ code: 'Z99.99', text: 'Something' }] }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors['secondaryDiagnoses.0.code']).toEqual([
      DIAGNOSIS_CODE_MESSAGES.unknownCode,
    ]);
    const line = await save(
      stayId,
      complete({ medicines: [{ name: 'Paracetamol', dose: '', frequency: '', duration: '' }] }),
    );
    expect(line.statusCode).toBe(400);
    expect(line.json().fieldErrors).toMatchObject({
      'medicines.0.dose': [M.medicineDose],
      'medicines.0.frequency': [M.medicineFrequency],
      'medicines.0.duration': [M.medicineDuration],
    });
    const huge = await save(stayId, complete({ course: 'x'.repeat(5000) }));
    expect(huge.statusCode).toBe(400);
    const control = await save(stayId, complete({ course: 'bad\u0000text' }));
    expect(control.statusCode).toBe(400);
    const many = await save(
      stayId,
      complete({ secondaryDiagnoses: Array.from({ length: 11 }, () => ({ code: '', text: 'More' })) }),
    );
    expect(many.json().fieldErrors.secondaryDiagnoses).toEqual([M.tooManyDiagnoses]);
    expect(INVALID_TEXT_MESSAGE).toBeTruthy();
  });

  it('answers 404 for an unknown stay and 409 for a planned one; only doctors write, patients read nothing here', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await read(missing, nurse.headers)).statusCode).toBe(404);
    expect((await save(missing, complete())).statusCode).toBe(404);
    const { stayId, patient } = await stayOf();
    await t.database.db
      .update(stays)
      .set({ status: 'Planned', admittedAt: null, plannedFor: '2030-01-09' })
      .where(eq(stays.id, stayId));
    const planned = await save(stayId, complete());
    expect(planned.statusCode).toBe(409);
    expect(planned.json().error).toBe(M.stayNotOpen);
    expect((await save(stayId, complete(), nurse.headers)).statusCode).toBe(403);
    expect((await sign(stayId, admin.headers)).statusCode).toBe(403);
    const patientSession = { headers: (await signedIn(t, 'patient')).headers };
    expect((await read(stayId, patientSession.headers)).statusCode).toBe(403);
    expect(patient.id).toBeTruthy();
  });
});

describe('signing', () => {
  it('refuses an incomplete draft with every missing field, then signs a complete one', async () => {
    const { stayId } = await stayOf();
    expect((await sign(stayId)).statusCode).toBe(409);
    await save(stayId, { principalDiagnosis: { text: 'Pneumonia' } });
    const incomplete = await sign(stayId);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fieldErrors).toEqual({
      'principalDiagnosis.code': [M.principalCodeRequired],
      procedures: [M.proceduresRequired],
      course: [M.courseRequired],
      followUpInstructions: [M.followUpRequired],
    });
    await save(stayId, complete());
    // What the discharge (modules/stays) reads: the summary, signed or not.
    expect((await summaryOf(serviceContext(t), stayId))?.signedAt).toBeNull();
    const signed = await sign(stayId, colleague.headers);
    expect(signed.statusCode, signed.body).toBe(200);
    expect((await summaryOf(serviceContext(t), stayId))?.status).toBe('Signed');
    expect(await summaryOf(serviceContext(t), (await stayOf()).stayId)).toBeUndefined();
    expect(signed.json<DischargeSummaryResponse>().summary).toMatchObject({
      status: 'Signed',
      signedBy: { id: colleague.user.id, name: 'Dr Ngozi Eze' },
      signedAt: new Date(NOW).toISOString(),
    });
  });

  it('signs once: of two signatures at once one wins and the other gets 409; no change after it', async () => {
    const { stayId } = await stayOf();
    await save(stayId, complete());
    const both = await Promise.all([sign(stayId), sign(stayId, colleague.headers)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)?.json().error).toBe(M.alreadySigned);
    const edit = await save(stayId, complete({ course: 'Rewritten' }));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('ALREADY_SIGNED');
    const summary = (await read(stayId, doctor.headers)).json<DischargeSummaryResponse>().summary;
    expect(summary?.course).toBe(complete().course);
    // The database holds it too, whatever writes the row.
    await expect(
      t.database.db
        .update(dischargeSummaries)
        .set({ course: 'Changed' })
        .where(eq(dischargeSummaries.stayId, stayId)),
    ).rejects.toThrow();
  });

  it('edits racing a signature either land before it or are refused', async () => {
    const { stayId } = await stayOf();
    await save(stayId, complete());
    const [edit, signed] = await Promise.all([save(stayId, complete({ course: 'Edited' })), sign(stayId)]);
    expect(signed.statusCode).toBe(200);
    expect([200, 409]).toContain(edit.statusCode);
    const final = (await read(stayId, doctor.headers)).json<DischargeSummaryResponse>().summary;
    const pdf = await t.app.inject({ url: url(stayId, '.pdf'), headers: nurse.headers });
    // The stored PDF says what the signed row says.
    expect(await pdfText(pdf.rawPayload)).toContain(final?.course ?? '');
  });
});

describe('medicines and recorded allergies', () => {
  const flag = 'Allergy: the patient is allergic to Penicillin';
  const allergyOf = (patientId: string, allergies: string[]) =>
    t.database.db
      .insert(patientMedicalDetails)
      .values({ patientId, allergies })
      .onConflictDoUpdate({ target: patientMedicalDetails.patientId, set: { allergies } });

  it('refuses a medicine matching an allergy until the doctor confirms it, and prints the override', async () => {
    const { stayId, patient } = await stayOf();
    await allergyOf(patient.id, ['Penicillin']);
    const warned = await save(stayId, complete());
    expect(warned.statusCode).toBe(400);
    expect(warned.json()).toMatchObject({
      code: 'ALLERGY_WARNING',
      fieldErrors: { acknowledgeAllergies: [M.acknowledgeAllergies], 'medicines.0.name': [flag] },
    });
    expect(
      await t.database.db.select().from(dischargeSummaries).where(eq(dischargeSummaries.stayId, stayId)),
    ).toEqual([]);

    const confirmed = await save(stayId, complete({ acknowledgeAllergies: true }));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const { summary, stay } = confirmed.json<DischargeSummaryResponse>();
    expect(stay.patient.allergies).toEqual(['Penicillin']);
    expect(summary?.allergyOverride).toMatchObject({
      allergies: ['Penicillin'],
      acknowledgedBy: { id: doctor.user.id, name: 'Dr Daniel Adeyemi' },
      acknowledgedAt: NOW.replace('Z', '.000Z'),
    });
    expect((await sign(stayId)).statusCode).toBe(200);
    const pdf = await t.app.inject({
      url: `/api/stays/${stayId}/discharge-summary.pdf`,
      headers: doctor.headers,
    });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('RECORDED ALLERGIES\nPenicillin');
    expect(text).toContain('ALLERGY OVERRIDE\nPrescribed despite the recorded allergy to Penicillin');
  });

  it('a medicine without a match needs no confirmation and keeps no override', async () => {
    const { stayId, patient } = await stayOf();
    await allergyOf(patient.id, ['Sulfonamides']);
    const res = await save(stayId, complete());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DischargeSummaryResponse>().summary?.allergyOverride).toBeNull();
  });

  it('an allergy recorded after the draft was saved stops the signature until the draft is confirmed', async () => {
    const { stayId, patient } = await stayOf();
    expect((await save(stayId, complete())).statusCode).toBe(200);
    await allergyOf(patient.id, ['Penicillin']);
    const refused = await sign(stayId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'ALLERGY_WARNING',
      fieldErrors: { 'medicines.0.name': [flag] },
    });
    expect((await read(stayId, doctor.headers)).json<DischargeSummaryResponse>().summary?.status).toBe(
      'Draft',
    );
    expect((await save(stayId, complete({ acknowledgeAllergies: true }))).statusCode).toBe(200);
    expect((await sign(stayId)).statusCode).toBe(200);
  });
});

describe('the follow-up appointment', () => {
  it('is booked through the schedule rules, once, and named on the summary', async () => {
    const { stayId, patient } = await stayOf();
    // A Sunday: the doctor does not work.
    const sunday = await followUp(stayId, { doctorId: doctor.user.id, date: '2030-01-13', time: '10:00' });
    expect(sunday.statusCode).toBe(400);
    expect(Object.keys(sunday.json().fieldErrors)).toEqual(['date']);
    const past = await followUp(stayId, { doctorId: doctor.user.id, date: '2030-01-02', time: '10:00' });
    expect(past.statusCode).toBe(400);
    const nobody = await followUp(stayId, { doctorId: nurse.user.id, date: '2030-01-14', time: '10:00' });
    expect(nobody.json().fieldErrors).toEqual({ doctorId: [M.followUpDoctor] });
    const between = await followUp(stayId, {
      doctorId: colleague.user.id,
      date: '2030-01-14',
      time: '10:00',
    });
    expect(Object.keys(between.json().fieldErrors)).toEqual(['time']);
    const booked = await followUp(stayId, { doctorId: colleague.user.id, date: '2030-01-14', time: '09:45' });
    expect(booked.statusCode, booked.body).toBe(200);
    const summary = booked.json<DischargeSummaryResponse>().summary;
    expect(summary?.followUp).toMatchObject({
      doctor: { id: colleague.user.id, name: 'Dr Ngozi Eze' },
      date: '2030-01-14',
      time: '09:45',
      status: 'Confirmed',
    });
    const [appointment] = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, summary?.followUp?.appointmentId ?? ''));
    expect(appointment).toMatchObject({
      patientId: patient.id,
      doctorId: colleague.user.id,
      status: 'Confirmed',
    });
    const again = await followUp(stayId, { doctorId: colleague.user.id, date: '2030-01-15', time: '10:30' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('FOLLOW_UP_BOOKED');
    // The slot is now taken for anyone else.
    const other = await stayOf();
    const taken = await followUp(other.stayId, {
      doctorId: colleague.user.id,
      date: '2030-01-14',
      time: '09:45',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SLOT_TAKEN');
    expect(APPOINTMENT_MESSAGES).toBeTruthy();
  });

  it('two bookings at once for one stay: one appointment', async () => {
    const { stayId, patient } = await stayOf();
    const both = await Promise.all([
      followUp(stayId, { doctorId: doctor.user.id, date: '2030-01-16', time: '11:15' }),
      followUp(stayId, { doctorId: colleague.user.id, date: '2030-01-16', time: '12:00' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const booked = await t.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.patientId, patient.id));
    expect(booked).toHaveLength(1);
  });
});

describe('PDF and the patient area', () => {
  it('serves the PDF to staff, and the patient only their own signed ones', async () => {
    const me = await signedIn(t, 'patient', { firstName: 'Grace', lastName: 'Nwosu' });
    const other = await signedIn(t, 'patient');
    const { stayId } = await stayOf({ patient: me.user });
    await save(stayId, complete());
    await followUp(stayId, { doctorId: doctor.user.id, date: '2030-01-17', time: '09:00' });
    // A draft is the staff's only.
    const draftPdf = await t.app.inject({ url: url(stayId, '.pdf'), headers: doctor.headers });
    expect(draftPdf.statusCode).toBe(200);
    expect(await pdfText(draftPdf.rawPayload)).toContain('draft, not signed');
    const listed = await t.app.inject({ url: '/api/patient/discharge-summaries', headers: me.headers });
    expect(listed.json().data).toEqual([]);
    expect((await sign(stayId)).statusCode).toBe(200);

    const pdf = await t.app.inject({ url: url(stayId, '.pdf?disposition=inline'), headers: nurse.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^inline; filename="discharge-summary-2030-01-09-grace-nwosu\.pdf"/,
    );
    const text = await pdfText(pdf.rawPayload);
    for (const words of [
      'Discharge Summary',
      'Grace Nwosu',
      'J18.9',
      'Amoxicillin 500 mg',
      'Dr Daniel Adeyemi',
    ])
      expect(text).toContain(words);
    expect(text).not.toContain('draft');

    const mine = await t.app.inject({ url: '/api/patient/discharge-summaries', headers: me.headers });
    expect(mine.statusCode).toBe(200);
    const [row] = mine.json().data;
    expect(row).toMatchObject({
      stayId,
      principalDiagnosis: { coded: { code: 'J18.9' } },
      followUp: { date: '2030-01-17' },
    });
    const own = await t.app.inject({
      url: `/api/patient/discharge-summaries/${row.id}/pdf`,
      headers: me.headers,
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.equals(pdf.rawPayload)).toBe(true);
    expect(
      (await t.app.inject({ url: '/api/patient/discharge-summaries', headers: other.headers })).json().data,
    ).toEqual([]);
    const theirs = await t.app.inject({
      url: `/api/patient/discharge-summaries/${row.id}/pdf`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ url: url(stayId, '.pdf'), headers: me.headers })).statusCode).toBe(403);
    const audited = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, me.user.id), eq(auditEvents.action, 'discharge-summary.pdf')));
    expect(audited.length).toBeGreaterThanOrEqual(2);
  });
});
