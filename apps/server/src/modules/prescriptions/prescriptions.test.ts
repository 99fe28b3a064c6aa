import {
  DIAGNOSIS_CODE_MESSAGES,
  PRESCRIPTION_MESSAGES,
  type Prescription,
  type PrescriptionInput,
  type PrescriptionPage,
} from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  type TestApp,
  type TestUser,
  testClock,
} from '../../../test/helpers';
import { medicine as formularyMedicine } from '../../../test/pharmacy';
import {
  appointments,
  auditEvents,
  patientMedicalDetails,
  prescriptionMedicines,
  prescriptions,
  users,
  vitalSigns,
} from '../../db/schema';
import { seedDemoData } from '../../db/seed';

type Headers = { cookie: string };
type Session = { user: TestUser; headers: Headers };

const NOW = new Date('2030-01-07T10:00:00Z');

let t: TestApp;
let doctor: Session;
let colleague: Session;
let patientSession: Session;
let grace: TestUser;
let allergic: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    clock: testClock(NOW),
    env: { TIME_ZONE: 'Africa/Lagos', FACILITY_NAME: 'Sunrise Clinic Ikeja' },
  });
  doctor = await signedIn(t, 'doctor', { firstName: 'Daniel', lastName: 'Adeyemi' });
  colleague = await signedIn(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze' });
  patientSession = await signedIn(t, 'patient', { firstName: 'Grace', lastName: 'Nwosu' });
  grace = patientSession.user;
  allergic = await createUser(t, 'patient', { firstName: 'Tunde', lastName: 'Bakare' });
  await t.database.db
    .insert(patientMedicalDetails)
    .values({ patientId: allergic.id, allergies: ['Penicillin', 'Peanuts'] });
});
afterAll(() => t.close());

const medicine = (name = 'Paracetamol 500 mg') => ({
  name,
  dosage: '2 tablets',
  duration: '3 Days' as const,
  time: 'After Meal' as const,
  interval: 'Morning and evening' as const,
  comment: '',
});

const input = (patientId: string, extra: Partial<PrescriptionInput> = {}): PrescriptionInput => ({
  patientId,
  physicalInfo: {
    bloodPressure: '120/80',
    pulseRate: '72',
    temperature: '37.2',
    diabetic: 'No',
    foodAllergies: '',
    currentMedication: '',
    problemDescription: 'Fever for two days',
  },
  medicines: [medicine(), medicine('Vitamin C 1000 mg')],
  test: 'Malaria parasite test',
  advice: 'Rest and drink plenty of fluids',
  nextVisit: { count: '2', unit: 'Weeks' },
  ...extra,
});

const send = (
  headers: Headers,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function create(headers: Headers, body: PrescriptionInput) {
  const res = await send(headers, 'POST', '/api/doctor/prescriptions', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ prescription: Prescription }>().prescription;
}

const auditRows = (action: string, entityId?: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), entityId ? eq(auditEvents.entityId, entityId) : undefined))
    .orderBy(asc(auditEvents.id));

async function pdfText(bytes: Buffer) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('writing a prescription', () => {
  it('stores it with its medicines in order, active by default, and audits it', async () => {
    const p = await create(doctor.headers, input(grace.id));
    expect(p).toMatchObject({
      patient: { id: grace.id, name: 'Grace Nwosu' },
      doctor: { id: doctor.user.id, name: 'Dr Daniel Adeyemi' },
      status: true,
      addedAt: NOW.toISOString(),
      physicalInfo: {
        bloodPressure: '120/80',
        pulseRate: 72,
        temperature: 37.2,
        diabetic: 'No',
        foodAllergies: null,
      },
      test: 'Malaria parasite test',
      nextVisit: { count: 2, unit: 'Weeks' },
      mine: true,
    });
    expect(p.medicines.map((m) => m.name)).toEqual(['Paracetamol 500 mg', 'Vitamin C 1000 mg']);
    const [row] = await auditRows('prescription.create', p.id);
    expect(row).toMatchObject({ actorId: doctor.user.id, patientId: grace.id, entityType: 'prescription' });
  });

  it('refuses what a clinician would not write, with the contract messages on the fields', async () => {
    const cases: Array<[Partial<PrescriptionInput>, string, string]> = [
      [{ patientId: '' }, 'patientId', PRESCRIPTION_MESSAGES.patientRequired],
      [{ medicines: [] }, 'medicines', PRESCRIPTION_MESSAGES.atLeastOneMedicine],
      [{ medicines: [{ ...medicine(), name: ' ' }] }, 'medicines.0.name', PRESCRIPTION_MESSAGES.medicineName],
      [
        { medicines: [{ ...medicine(), duration: '2 Days' as never }] },
        'medicines.0.duration',
        PRESCRIPTION_MESSAGES.duration,
      ],
      [
        { physicalInfo: { pulseRate: '400' } },
        'physicalInfo.pulseRate',
        'Pulse rate must be between 10 and 300 bpm',
      ],
      [
        { physicalInfo: { temperature: '52' } },
        'physicalInfo.temperature',
        'Temperature must be between 25 and 45 °C',
      ],
      [
        { physicalInfo: { bloodPressure: 'high' } },
        'physicalInfo.bloodPressure',
        PRESCRIPTION_MESSAGES.bloodPressureFormat,
      ],
      [
        { physicalInfo: { bloodPressure: '80/120' } },
        'physicalInfo.bloodPressure',
        'Diastolic blood pressure must be below systolic',
      ],
      [{ advice: 'x'.repeat(2001) }, 'advice', 'Must be at most 2000 characters'],
      [{ nextVisit: { count: '0', unit: 'Days' } }, 'nextVisit.count', PRESCRIPTION_MESSAGES.nextVisitCount],
    ];
    for (const [extra, field, message] of cases) {
      const res = await send(doctor.headers, 'POST', '/api/doctor/prescriptions', input(grace.id, extra));
      expect(res.statusCode, field).toBe(400);
      expect(res.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors[field], field).toEqual([
        message,
      ]);
    }
  });

  it('answers 4xx, never 5xx, to huge or malformed bodies', async () => {
    const huge = await send(doctor.headers, 'POST', '/api/doctor/prescriptions', {
      ...input(grace.id),
      medicines: Array.from({ length: 31 }, () => medicine()),
    });
    expect(huge.statusCode).toBe(400);
    for (const body of [
      [],
      'text',
      { patientId: grace.id, medicines: 'x', physicalInfo: 3, nextVisit: 'soon' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/doctor/prescriptions',
        headers: { ...doctor.headers, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('refuses an id that is not a patient, and an appointment that is not this doctor’s with this patient', async () => {
    const notPatient = await send(
      doctor.headers,
      'POST',
      '/api/doctor/prescriptions',
      input(colleague.user.id),
    );
    expect(notPatient.statusCode).toBe(400);
    expect(notPatient.json().fieldErrors.patientId).toEqual([PRESCRIPTION_MESSAGES.patientNotFound]);

    const [theirs] = await t.database.db
      .insert(appointments)
      .values({
        patientId: grace.id,
        doctorId: colleague.user.id,
        title: 'Check-up',
        priority: 'Medium',
        date: '2030-01-06',
        time: '09:00:00',
        startsAt: new Date('2030-01-06T08:00:00Z'),
        durationMinutes: 45,
        status: 'Completed',
      })
      .returning();
    const wrong = await send(
      doctor.headers,
      'POST',
      '/api/doctor/prescriptions',
      input(grace.id, { appointmentId: theirs?.id ?? '' }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors.appointmentId).toEqual([PRESCRIPTION_MESSAGES.appointmentMismatch]);
    // The colleague, in their own visit, may link it.
    const linked = await create(colleague.headers, input(grace.id, { appointmentId: theirs?.id ?? '' }));
    expect(linked.appointmentId).toBe(theirs?.id);
  });
});

describe('the allergy rule', () => {
  it('flags a medicine that matches a recorded allergy, unless the doctor acknowledges it', async () => {
    const body = input(allergic.id, { medicines: [medicine(), medicine('Amoxicillin 500 mg')] });
    const refused = await send(doctor.headers, 'POST', '/api/doctor/prescriptions', body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'ALLERGY_WARNING',
      fieldErrors: {
        'medicines.1.name': ['Allergy: the patient is allergic to Penicillin'],
        acknowledgeAllergies: [PRESCRIPTION_MESSAGES.acknowledgeAllergies],
      },
    });
    expect(
      await t.database.db.select().from(prescriptions).where(eq(prescriptions.patientId, allergic.id)),
    ).toEqual([]);

    const saved = await create(doctor.headers, { ...body, acknowledgeAllergies: true });
    expect(saved.allergyOverride).toEqual({
      allergies: ['Penicillin'],
      acknowledgedBy: { id: doctor.user.id, name: 'Dr Daniel Adeyemi' },
      acknowledgedAt: NOW.toISOString(),
    });
    const [row] = await auditRows('prescription.create', saved.id);
    expect(row?.details).toMatchObject({ acknowledgedAllergies: ['Penicillin'] });
  });

  it('lets a medicine that matches nothing through without acknowledgement', async () => {
    const saved = await create(
      doctor.headers,
      input(allergic.id, { medicines: [medicine('Azithromycin 500 mg')] }),
    );
    expect(saved.allergyOverride).toBeNull();
  });

  it('shows the patient’s recorded drug allergies on the prescription and its PDF', async () => {
    const saved = await create(
      doctor.headers,
      input(allergic.id, { medicines: [medicine('Azithromycin 500 mg')] }),
    );
    expect(saved.recordedAllergies).toEqual(['Penicillin', 'Peanuts']);
    const pdf = await send(doctor.headers, 'GET', `/api/doctor/prescriptions/${saved.id}/pdf`);
    // Field labels are printed in capitals.
    expect(await pdfText(pdf.rawPayload)).toMatch(/RECORDED ALLERGIES\s*Penicillin, Peanuts/);
    const none = await create(doctor.headers, input(grace.id));
    expect(none.recordedAllergies).toEqual([]);
  });

  it('prints the override, who confirmed it and when, on the doctor’s and the patient’s PDF alike', async () => {
    const kemi = await signedIn(t, 'patient', {
      firstName: 'Kemi',
      lastName: 'Ade',
      dateOfBirth: '1990-03-12',
    });
    await t.database.db
      .insert(patientMedicalDetails)
      .values({ patientId: kemi.user.id, allergies: ['Penicillin'] });
    const saved = await create(doctor.headers, {
      ...input(kemi.user.id, { medicines: [medicine('Augmentin 625 mg')] }),
      acknowledgeAllergies: true,
    });
    const override =
      'ALLERGY OVERRIDE Prescribed despite the recorded allergy to Penicillin: Dr Daniel Adeyemi was warned and confirmed on 7 Jan 2030, 11:00.';
    const copies = [
      await send(doctor.headers, 'GET', `/api/doctor/prescriptions/${saved.id}/pdf`),
      await send(kemi.headers, 'GET', `/api/patient/prescriptions/${saved.id}/pdf`),
    ];
    const texts = [];
    for (const copy of copies) {
      expect(copy.statusCode).toBe(200);
      // Lines of the PDF joined as one: the sentence may wrap.
      const text = (await pdfText(copy.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain(override);
      expect(text).toContain('RECORDED ALLERGIES Penicillin');
      expect(text).toContain('DOCTOR Dr Daniel Adeyemi');
      expect(text).toMatch(/DATE OF BIRTH AGE 12 Mar 1990 39 years|DATE OF BIRTH 12 Mar 1990 AGE 39 years/);
      texts.push(text);
    }
    expect(texts[1]).toBe(texts[0]);
    // A prescription without an override says nothing of one.
    const clean = await create(
      doctor.headers,
      input(kemi.user.id, { medicines: [medicine('Azithromycin 500 mg')] }),
    );
    const cleanPdf = await send(kemi.headers, 'GET', `/api/patient/prescriptions/${clean.id}/pdf`);
    expect(await pdfText(cleanPdf.rawPayload)).not.toContain('OVERRIDE');
  });

  it('gives the form the patient’s allergies (audited), and 404 for an id that is not a patient', async () => {
    const res = await send(doctor.headers, 'GET', `/api/doctor/prescriptions/patients/${allergic.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: allergic.id,
      fullName: 'Tunde Bakare',
      email: allergic.email,
      allergies: ['Penicillin', 'Peanuts'],
      latestTriage: null,
    });
    expect((await auditRows('prescription.patient.read', allergic.id)).length).toBeGreaterThan(0);
    const other = await send(doctor.headers, 'GET', `/api/doctor/prescriptions/patients/${doctor.user.id}`);
    expect(other.statusCode).toBe(404);
  });

  it('offers the newest triage intake’s vitals, not a later chart entry or an older intake', async () => {
    const p = await createUser(t, 'patient');
    const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000);
    const [, newest] = await t.database.db
      .insert(vitalSigns)
      .values([
        {
          patientId: p.id,
          recordedAt: at(120),
          source: 'triage',
          heartRate: 99,
          systolic: 150,
          diastolic: 95,
        },
        {
          patientId: p.id,
          recordedAt: at(60),
          source: 'triage',
          heartRate: 72,
          systolic: 118,
          diastolic: 76,
          temperature: 36.9,
        },
        { patientId: p.id, recordedAt: at(10), source: 'chart', weight: 70 },
      ])
      .returning();
    const res = await send(doctor.headers, 'GET', `/api/doctor/prescriptions/patients/${p.id}`);
    expect(res.json().latestTriage).toEqual({
      recordedAt: at(60).toISOString(),
      heartRate: 72,
      systolic: 118,
      diastolic: 76,
      temperature: 36.9,
    });
    const [audited] = await auditRows('prescription.patient.read', p.id);
    expect(audited?.details).toEqual({ latestTriageVitalsId: newest?.id });
  });
});

describe('who may read and change a prescription', () => {
  it('lets any doctor read it, audited, but only its author edit, toggle or delete it', async () => {
    const p = await create(doctor.headers, input(grace.id));
    const read = await send(colleague.headers, 'GET', `/api/doctor/prescriptions/${p.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().prescription.mine).toBe(false);
    const [audited] = await auditRows('prescription.read', p.id);
    expect(audited).toMatchObject({ actorId: colleague.user.id, patientId: grace.id });

    for (const [method, url, body] of [
      ['PUT', `/api/doctor/prescriptions/${p.id}`, input(grace.id)],
      ['PATCH', `/api/doctor/prescriptions/${p.id}/status`, { status: false }],
      ['DELETE', `/api/doctor/prescriptions/${p.id}`, undefined],
    ] as const) {
      const res = await send(colleague.headers, method, url, body);
      expect(res.statusCode, method).toBe(404);
    }
    const still = await send(doctor.headers, 'GET', `/api/doctor/prescriptions/${p.id}`);
    expect(still.json().prescription.status).toBe(true);
  });

  it('keeps patients and admins off the doctor routes, and a patient off other patients’ prescriptions', async () => {
    const p = await create(doctor.headers, input(allergic.id, { medicines: [medicine()] }));
    expect((await send(patientSession.headers, 'GET', `/api/doctor/prescriptions/${p.id}`)).statusCode).toBe(
      403,
    );
    const admin = await signedIn(t, 'admin');
    expect((await send(admin.headers, 'GET', '/api/doctor/prescriptions')).statusCode).toBe(403);
    const notMine = await send(patientSession.headers, 'GET', `/api/patient/prescriptions/${p.id}/pdf`);
    expect(notMine.statusCode).toBe(404);
    const unknown = await send(
      doctor.headers,
      'GET',
      '/api/doctor/prescriptions/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(PRESCRIPTION_MESSAGES.notFound);
  });
});

describe('changing a prescription', () => {
  it('edits it: the medicines are replaced, the date stays, and it is audited', async () => {
    const p = await create(doctor.headers, input(grace.id));
    t.clock.advance(60_000);
    const res = await send(
      doctor.headers,
      'PUT',
      `/api/doctor/prescriptions/${p.id}`,
      input(grace.id, { medicines: [medicine('Ibuprofen 400 mg')], nextVisit: { count: '', unit: 'Days' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited = res.json<{ prescription: Prescription }>().prescription;
    expect(edited.medicines.map((m) => m.name)).toEqual(['Ibuprofen 400 mg']);
    expect(edited.nextVisit).toBeNull();
    expect(edited.addedAt).toBe(p.addedAt);
    expect(edited.updatedAt).not.toBe(p.updatedAt);
    expect(await auditRows('prescription.update', p.id)).toHaveLength(1);
  });

  it('keeps the line (and its id, the FHIR MedicationRequest id) of a medicine the edit keeps', async () => {
    const p = await create(doctor.headers, input(grace.id));
    const lines = () =>
      t.database.db
        .select({ id: prescriptionMedicines.id, name: prescriptionMedicines.name })
        .from(prescriptionMedicines)
        .where(eq(prescriptionMedicines.prescriptionId, p.id))
        .orderBy(asc(prescriptionMedicines.position));
    const before = await lines();
    const vitaminC = before.find((line) => line.name === 'Vitamin C 1000 mg');
    const res = await send(
      doctor.headers,
      'PUT',
      `/api/doctor/prescriptions/${p.id}`,
      input(grace.id, { medicines: [medicine('Vitamin C 1000 mg'), medicine('Zinc 20 mg')] }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await lines();
    expect(after.map((line) => line.name)).toEqual(['Vitamin C 1000 mg', 'Zinc 20 mg']);
    expect(after[0]?.id).toBe(vitaminC?.id);
    expect(before.map((line) => line.id)).not.toContain(after[1]?.id);
  });

  it('toggles the status', async () => {
    const p = await create(doctor.headers, input(grace.id));
    const off = await send(doctor.headers, 'PATCH', `/api/doctor/prescriptions/${p.id}/status`, {
      status: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().prescription.status).toBe(false);
    const [row] = await auditRows('prescription.status', p.id);
    expect(row?.details).toEqual({ status: false });
    const bad = await send(doctor.headers, 'PATCH', `/api/doctor/prescriptions/${p.id}/status`, {
      status: 'no',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes it with its medicines, audited', async () => {
    const p = await create(doctor.headers, input(grace.id));
    const res = await send(doctor.headers, 'DELETE', `/api/doctor/prescriptions/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect((await send(doctor.headers, 'GET', `/api/doctor/prescriptions/${p.id}`)).statusCode).toBe(404);
    expect(
      await t.database.db
        .select()
        .from(prescriptionMedicines)
        .where(eq(prescriptionMedicines.prescriptionId, p.id)),
    ).toEqual([]);
    expect(await auditRows('prescription.delete', p.id)).toHaveLength(1);
    expect((await send(doctor.headers, 'DELETE', `/api/doctor/prescriptions/${p.id}`)).statusCode).toBe(404);
  });
});

describe('a medicine outside the formulary', () => {
  it('is marked Not stocked on the printed sheet, the doctor’s copy and the patient’s alike; a formulary one not', async () => {
    const stocked = await formularyMedicine(t);
    const picked = `${stocked.genericName} 500 mg Capsule`;
    const saved = await create(
      doctor.headers,
      input(grace.id, {
        medicines: [{ ...medicine(picked), medicineId: stocked.id }, medicine('Moringa leaf powder')],
      }),
    );
    expect(saved.medicines.map((m) => [m.name, m.medicineId])).toEqual([
      [picked, stocked.id],
      ['Moringa leaf powder', null],
    ]);
    for (const url of [
      `/api/doctor/prescriptions/${saved.id}/pdf`,
      `/api/patient/prescriptions/${saved.id}/pdf`,
    ]) {
      const copy = await send(url.includes('/doctor/') ? doctor.headers : patientSession.headers, 'GET', url);
      expect(copy.statusCode).toBe(200);
      const text = (await pdfText(copy.rawPayload)).replace(/\s+/g, ' ');
      expect(text).toContain(`${picked} 2 tablets 3 Days`);
      expect(text).toContain('Moringa leaf powder Not stocked 2 tablets 3 Days');
      expect(text.match(/Not stocked/g)).toHaveLength(1);
    }
  });
});

describe('medicine schedules', () => {
  it('stores any interval and course length, gives them back for editing, and prints them', async () => {
    const saved = await create(
      doctor.headers,
      input(grace.id, {
        medicines: [
          { ...medicine('Ciprofloxacin 500 mg'), interval: 'Every 8 hours', duration: '10 Days' },
          {
            ...medicine('Metronidazole 400 mg'),
            interval: 'Three times daily',
            duration: 'Other number of days',
            durationDays: '21',
          },
        ],
      }),
    );
    expect(saved.medicines.map((m) => [m.interval, m.duration, m.durationDays])).toEqual([
      ['Every 8 hours', '10 Days', 10],
      ['Three times daily', '21 Days', 21],
    ]);
    const pdf = (
      await pdfText(
        (
          await send(doctor.headers, 'GET', `/api/doctor/prescriptions/${saved.id}/pdf`)
        ).rawPayload,
      )
    ).replace(/\s+/g, ' ');
    // Written as typed, outside the formulary: each is marked Not stocked under its name.
    expect(pdf).toContain('Ciprofloxacin 500 mg Not stocked 2 tablets 10 Days After Meal Every 8 hours');
    expect(pdf).toContain('Metronidazole 400 mg Not stocked 2 tablets 21 Days After Meal Three times daily');

    const edited = await send(doctor.headers, 'PUT', `/api/doctor/prescriptions/${saved.id}`, {
      ...input(grace.id),
      medicines: [
        {
          ...medicine('Ciprofloxacin 500 mg'),
          interval: 'Every 12 hours',
          duration: 'Other number of days',
          durationDays: 12,
        },
      ],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ prescription: Prescription }>().prescription.medicines).toMatchObject([
      { id: saved.medicines[0]?.id, interval: 'Every 12 hours', duration: '12 Days', durationDays: 12 },
    ]);

    const tooLong = await send(doctor.headers, 'POST', '/api/doctor/prescriptions', {
      ...input(grace.id),
      medicines: [{ ...medicine(), duration: 'Other number of days', durationDays: '400' }],
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      fieldErrors: { 'medicines.0.durationDays': [PRESCRIPTION_MESSAGES.durationDays] },
    });
    // The database holds the same bounds.
    await expect(
      t.database.db
        .update(prescriptionMedicines)
        .set({ durationDays: 366 })
        .where(eq(prescriptionMedicines.prescriptionId, saved.id)),
    ).rejects.toThrow();
  });

  it('carries the patient’s date of birth and age on the prescription’s day, or none when unknown', async () => {
    const born = await createUser(t, 'patient', { dateOfBirth: '2000-01-08' });
    const p = await create(doctor.headers, input(born.id));
    // 7 Jan 2030: the day before the 30th birthday.
    expect(p.patient).toMatchObject({ dateOfBirth: '2000-01-08', age: 29 });
    expect((await create(doctor.headers, input(grace.id))).patient).toMatchObject({
      dateOfBirth: null,
      age: null,
    });
  });
});

describe('the list', () => {
  let own: Session;
  let other: Session;
  let ada: TestUser;
  let bola: TestUser;

  beforeAll(async () => {
    own = await signedIn(t, 'doctor', { firstName: 'Kemi', lastName: 'Lawal' });
    other = await signedIn(t, 'doctor', { firstName: 'Yusuf', lastName: 'Danjuma' });
    ada = await createUser(t, 'patient', {
      firstName: 'Ada',
      lastName: 'Zubair',
      email: 'ada.zubair@test.example',
    });
    bola = await createUser(t, 'patient', { firstName: 'Bola', lastName: 'Ogun' });
    for (const [session, patient, minutes] of [
      [own, ada, 1],
      [own, bola, 2],
      [own, ada, 3],
      [other, bola, 4],
    ] as const) {
      t.clock.set(new Date(NOW.getTime() + minutes * 60_000));
      await create(session.headers, input(patient.id));
    }
    t.clock.set(NOW);
  });

  const list = async (headers: Headers, query = '') => {
    const res = await send(headers, 'GET', `/api/doctor/prescriptions?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PrescriptionPage>();
  };

  it('shows the doctor’s own by default, newest first, and every doctor’s with scope=all', async () => {
    const mine = await list(own.headers);
    expect(mine.data.map((r) => r.patient.name)).toEqual(['Ada Zubair', 'Bola Ogun', 'Ada Zubair']);
    expect(mine.data.every((r) => r.mine)).toBe(true);
    expect(mine.data[0]?.medicines).toBe('Paracetamol 500 mg, Vitamin C 1000 mg');
    const all = await list(own.headers, 'scope=all&q=ogun');
    expect(all.data.map((r) => [r.patient.name, r.doctor.name, r.mine])).toEqual([
      ['Bola Ogun', 'Dr Yusuf Danjuma', false],
      ['Bola Ogun', 'Dr Kemi Lawal', true],
    ]);
  });

  it('searches patient name, e-mail and doctor name on the server, sorts and pages', async () => {
    expect((await list(own.headers, 'q=ada.zubair@')).pagination.total).toBe(2);
    expect((await list(own.headers, 'q=Ada Zub')).pagination.total).toBe(2);
    expect((await list(own.headers, 'scope=all&q=Danjuma')).pagination.total).toBe(1);
    const byPatient = await list(own.headers, 'sort=patient&order=asc');
    expect(byPatient.data.map((r) => r.patient.name)).toEqual(['Bola Ogun', 'Ada Zubair', 'Ada Zubair']);
    const paged = await list(own.headers, 'limit=2&page=2');
    expect(paged.data).toHaveLength(1);
    expect(paged.pagination).toMatchObject({ page: 2, totalPages: 2, prevPage: 1, nextPage: null });
    const bad = await send(own.headers, 'GET', '/api/doctor/prescriptions?sort=password');
    expect(bad.statusCode).toBe(400);
  });

  it('audits each page read with the prescriptions and patients shown', async () => {
    await list(other.headers);
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'prescription.list'), eq(auditEvents.actorId, other.user.id)));
    expect(rows.at(-1)?.details).toMatchObject({ scope: 'mine', patientIds: [bola.id] });
  });
});

describe('the patient’s own prescriptions', () => {
  it('lists only their own, counts the active ones on the dashboard, and serves their PDFs', async () => {
    const solo = await signedIn(t, 'patient', { firstName: 'Ifeoma', lastName: 'Chukwu' });
    const first = await create(doctor.headers, input(solo.user.id));
    const second = await create(
      colleague.headers,
      input(solo.user.id, { medicines: [medicine('Zinc 20 mg')] }),
    );
    await send(colleague.headers, 'PATCH', `/api/doctor/prescriptions/${second.id}/status`, {
      status: false,
    });
    await create(doctor.headers, input(grace.id));

    const res = await send(solo.headers, 'GET', '/api/patient/prescriptions');
    expect(res.statusCode).toBe(200);
    const page = res.json<PrescriptionPage>();
    expect(page.data.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(page.data.every((r) => !r.mine)).toBe(true);
    expect((await auditRows('prescription.list')).some((r) => r.patientId === solo.user.id)).toBe(true);

    const summary = await send(solo.headers, 'GET', '/api/patient/summary');
    expect(summary.json().prescriptions).toBe(1);

    const pdf = await send(solo.headers, 'GET', `/api/patient/prescriptions/${first.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="prescription-2030-01-07-ifeoma-chukwu\.pdf"/,
    );
    expect(pdf.headers['cache-control']).toBe('no-store');
    const inline = await send(
      solo.headers,
      'GET',
      `/api/patient/prescriptions/${first.id}/pdf?disposition=inline`,
    );
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect((await auditRows('prescription.pdf', first.id)).map((r) => r.actorId)).toEqual([
      solo.user.id,
      solo.user.id,
    ]);
    expect((await send(doctor.headers, 'GET', '/api/patient/prescriptions')).statusCode).toBe(403);
  });
});

describe('the PDF', () => {
  it('opens and holds the facility, doctor, patient, medicines, advice and next visit', async () => {
    const p = await create(doctor.headers, input(grace.id, { medicines: [medicine('Coartem 80/480')] }));
    const res = await send(doctor.headers, 'GET', `/api/doctor/prescriptions/${p.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const part of [
      'Sunrise Clinic Ikeja',
      'Prescription',
      'Grace Nwosu',
      'Dr Daniel Adeyemi',
      '7 Jan 2030',
      'Coartem 80/480',
      '2 tablets',
      'Rest and drink plenty of fluids',
      'Malaria parasite test',
      'In 2 Weeks',
      '120/80 mmHg',
      'Signature',
    ]) {
      expect(text).toContain(part);
    }
  });
});

describe('demo data', () => {
  it('gives the demo doctor and the demo patient prescriptions, and the demo patient an allergy', async () => {
    const demo = await createTestApp({ clock: testClock(NOW) });
    try {
      await seedDemoData(serviceContext(demo));
      const [doc] = await demo.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'doctor@carepoint.example'));
      const [pat] = await demo.database.db
        .select()
        .from(users)
        .where(eq(users.email, 'patient@carepoint.example'));
      const ofDoctor = await demo.database.db
        .select()
        .from(prescriptions)
        .where(eq(prescriptions.doctorId, doc?.id ?? ''));
      const ofPatient = await demo.database.db
        .select()
        .from(prescriptions)
        .where(eq(prescriptions.patientId, pat?.id ?? ''));
      expect(ofDoctor.length).toBeGreaterThan(3);
      expect(ofPatient.length).toBeGreaterThan(1);
      const [details] = await demo.database.db
        .select()
        .from(patientMedicalDetails)
        .where(eq(patientMedicalDetails.patientId, pat?.id ?? ''));
      expect(details?.allergies).toContain('Penicillin');
    } finally {
      await demo.close();
    }
  });
});

describe('the visit’s coded diagnosis', () => {
  it('stores the ICD-10-CM code with the classification’s title beside the doctor’s wording', async () => {
    const p = await create(doctor.headers, input(grace.id, { diagnosisCode: 'e11.9' }));
    expect(p.diagnosis).toEqual({ code: 'E11.9', title: 'Type 2 diabetes mellitus without complications' });
    expect(p.physicalInfo.problemDescription).toBe('Fever for two days');
    const [row] = await t.database.db.select().from(prescriptions).where(eq(prescriptions.id, p.id));
    expect(row).toMatchObject({
      diagnosisCode: 'E11.9',
      diagnosisTitle: 'Type 2 diabetes mellitus without complications',
    });
    // Read back, printed, and in FHIR: the coding with the title, the wording as the text.
    const read = await send(doctor.headers, 'GET', `/api/doctor/prescriptions/${p.id}`);
    expect(read.json<{ prescription: Prescription }>().prescription.diagnosis?.code).toBe('E11.9');
    const pdf = await send(doctor.headers, 'GET', `/api/doctor/prescriptions/${p.id}/pdf`);
    expect(await pdfText(pdf.rawPayload)).toContain(
      'E11.9 Type 2 diabetes mellitus without complications (ICD-10-CM)',
    );
    const [line] = await t.database.db
      .select({ id: prescriptionMedicines.id })
      .from(prescriptionMedicines)
      .where(eq(prescriptionMedicines.prescriptionId, p.id))
      .orderBy(asc(prescriptionMedicines.position));
    const admin = await signedIn(t, 'admin');
    const fhir = await t.app.inject({
      method: 'GET',
      url: `/fhir/R4/MedicationRequest/${line?.id}`,
      headers: admin.headers,
    });
    expect(fhir.statusCode, fhir.body).toBe(200);
    expect(fhir.json().reasonCode).toEqual([
      {
        coding: [
          {
            system: 'http://hl7.org/fhir/sid/icd-10-cm',
            code: 'E11.9',
            display: 'Type 2 diabetes mellitus without complications',
          },
        ],
        text: 'Fever for two days',
      },
    ]);
  });

  it('is optional, changes on an edit, and is cleared by an empty choice', async () => {
    const p = await create(doctor.headers, input(grace.id));
    expect(p.diagnosis).toBeNull();
    const coded = await send(
      doctor.headers,
      'PUT',
      `/api/doctor/prescriptions/${p.id}`,
      input(grace.id, { diagnosisCode: 'G51.0' }),
    );
    expect(coded.statusCode, coded.body).toBe(200);
    expect(coded.json<{ prescription: Prescription }>().prescription.diagnosis).toEqual({
      code: 'G51.0',
      title: "Bell's palsy",
    });
    const cleared = await send(
      doctor.headers,
      'PUT',
      `/api/doctor/prescriptions/${p.id}`,
      input(grace.id, { diagnosisCode: '' }),
    );
    expect(cleared.json<{ prescription: Prescription }>().prescription.diagnosis).toBeNull();
  });

  it('keeps the saved title of a code an edit leaves unchanged, even when the table no longer has it', async () => {
    const p = await create(doctor.headers, input(grace.id, { diagnosisCode: 'G47.00' }));
    // As if a later edition had reworded the title: the saved one stays the record's.
    await t.database.db
      .update(prescriptions)
      .set({ diagnosisTitle: 'Insomnia, unspecified (as saved)' })
      .where(eq(prescriptions.id, p.id));
    const edited = await send(
      doctor.headers,
      'PUT',
      `/api/doctor/prescriptions/${p.id}`,
      input(grace.id, { diagnosisCode: 'G47.00', advice: 'Sleep hygiene' }),
    );
    expect(edited.json<{ prescription: Prescription }>().prescription.diagnosis?.title).toBe(
      'Insomnia, unspecified (as saved)',
    );
  });

  it('refuses a code not in the classification, or not shaped like one, on the field', async () => {
    const unknown = await send(
      doctor.headers,
      'POST',
      '/api/doctor/prescriptions',
      input(grace.id, { diagnosisCode: 'Z99.999' }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors.diagnosisCode).toEqual([DIAGNOSIS_CODE_MESSAGES.unknownCode]);
    const malformed = await send(
      doctor.headers,
      'POST',
      '/api/doctor/prescriptions',
      input(grace.id, { diagnosisCode: 'diabetes' }),
    );
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors.diagnosisCode).toEqual([DIAGNOSIS_CODE_MESSAGES.invalidCode]);
    const nul = await send(
      doctor.headers,
      'POST',
      '/api/doctor/prescriptions',
      input(grace.id, { diagnosisCode: 'E11\u0000' }),
    );
    expect(nul.statusCode).toBe(400);
  });
});
