import {
  type LiveTopic,
  TRIAGE_MESSAGES,
  type TriageAssessment,
  type TriageIntakeInput,
} from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminClient, type Client, client, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, serviceContext, signedIn, type TestApp } from '../../../test/helpers';
import { auditEvents, erEntries, queueEntries, triageAssessments, users, vitalSigns } from '../../db/schema';
import { seedDemoData } from '../../db/seed';

let t: TestApp;
let doctor: Client & { id: string };
beforeAll(async () => {
  t = await createTestApp();
  const signed = await signedIn(t, 'doctor');
  doctor = Object.assign(client(t, signed.headers), { id: signed.user.id });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const NORMAL = { heartRate: 80, systolic: 120, temperature: 37 };
const intake = (fields: Partial<TriageIntakeInput> = {}): TriageIntakeInput => ({
  patientName: 'Walk In',
  ...NORMAL,
  ...fields,
});
const record = async (fields: Partial<TriageIntakeInput> = {}, as: Client = doctor) => {
  const res = await as.post('/api/doctor/triage', intake(fields));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<TriageAssessment>();
};

/**
 * Records what the app announces to live boards, and whether the placement was already
 * committed at that moment (read outside the request's transaction).
 */
function watchAnnouncements() {
  const seen: Array<{ topic: LiveTopic; erRows: number; queueRows: number }> = [];
  const publish = t.app.events.publish.bind(t.app.events);
  vi.spyOn(t.app.events, 'publish').mockImplementation(async (topic) => {
    const [er, queue] = await Promise.all([
      t.database.db.select({ id: erEntries.id }).from(erEntries),
      t.database.db.select({ id: queueEntries.id }).from(queueEntries),
    ]);
    seen.push({ topic, erRows: er.length, queueRows: queue.length });
    await publish(topic);
  });
  return seen;
}

describe('a triage intake', () => {
  it('sends a High walk-in to the emergency room, stores vitals and result, and tells the boards after commit', async () => {
    const announced = watchAnnouncements();
    const erBefore = (await t.database.db.select().from(erEntries)).length;
    const saved = await record({
      patientName: 'Emeka Critical',
      heartRate: 130,
      systolic: 200,
      temperature: 37,
      diastolic: 110,
      respiratoryRate: 28,
      oxygenSaturation: 91,
      complaint: 'Chest pain',
    });
    expect(saved).toMatchObject({
      patientId: null,
      patientName: 'Emeka Critical',
      score: 4,
      priority: 'High',
      suggestedDepartment: 'ER',
      department: 'ER',
      routingReason: null,
      heartRate: 130,
      diastolic: 110,
      oxygenSaturation: 91,
      placement: { kind: 'emergency-room' },
    });

    const [entry] = await t.database.db
      .select()
      .from(erEntries)
      .where(eq(erEntries.id, saved.placement?.entryId ?? ''));
    expect(entry).toMatchObject({
      patientName: 'Emeka Critical',
      triageLevel: 'High',
      status: 'Waiting',
      complaint: 'Chest pain',
    });
    const [vitals] = await t.database.db
      .select()
      .from(vitalSigns)
      .innerJoin(triageAssessments, eq(triageAssessments.vitalSignsId, vitalSigns.id))
      .where(eq(triageAssessments.id, saved.id));
    expect(vitals?.vital_signs).toMatchObject({
      patientId: null,
      source: 'triage',
      recordedBy: doctor.id,
      heartRate: 130,
      systolic: 200,
      temperature: 37,
      respiratoryRate: 28,
    });
    expect(announced).toEqual([{ topic: 'emergency', erRows: erBefore + 1, queueRows: expect.any(Number) }]);

    // The admin's emergency-room board lists the patient.
    const admin = await adminClient(t);
    const board = (await admin.get('/api/admin/emergency-room?q=emeka')).json<{ data: unknown[] }>();
    expect(board.data).toEqual([
      expect.objectContaining({ patientName: 'Emeka Critical', triageLevel: 'High' }),
    ]);
  });

  it('puts a registered Medium patient in the General queue and audits with the patient', async () => {
    const announced = watchAnnouncements();
    const patient = await createUser(t, 'patient', { firstName: 'Ada', lastName: 'Queued' });
    const saved = await record({ patientName: '', patientId: patient.id, heartRate: 45 });
    expect(saved).toMatchObject({
      patientId: patient.id,
      patientName: 'Ada Queued',
      score: 2,
      priority: 'Medium',
      suggestedDepartment: 'General',
      department: 'General',
      placement: { kind: 'queue' },
    });
    const [entry] = await t.database.db
      .select()
      .from(queueEntries)
      .where(eq(queueEntries.id, saved.placement?.entryId ?? ''));
    expect(entry).toMatchObject({
      patientId: patient.id,
      department: 'General',
      triage: 'Medium',
      etaMinutes: 15,
      status: 'Waiting',
    });
    expect(announced.map((a) => a.topic)).toEqual(['queues']);
    expect(announced[0]?.queueRows).toBeGreaterThan(0);

    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patient.id), eq(auditEvents.action, 'triage.create')));
    expect(trail).toEqual([
      expect.objectContaining({
        actorId: doctor.id,
        entityId: saved.id,
        details: {
          score: 2,
          priority: 'Medium',
          suggestedDepartment: 'General',
          department: 'General',
          routed: false,
        },
      }),
    ]);
    const [vitals] = await t.database.db
      .select()
      .from(vitalSigns)
      .where(eq(vitalSigns.patientId, patient.id));
    expect(vitals).toMatchObject({ heartRate: 45, source: 'triage' });
  });

  // The triage score (docs/areas/triage-schedule-profile.md) at every boundary, through the API:
  // each case isolates one reading.
  it.each([
    ['heartRate', 49, 2],
    ['heartRate', 50, 0],
    ['heartRate', 120, 0],
    ['heartRate', 121, 2],
    ['systolic', 89, 2],
    ['systolic', 90, 0],
    ['systolic', 180, 0],
    ['systolic', 181, 2],
    ['temperature', 34.9, 1],
    ['temperature', 35, 0],
    ['temperature', 38.5, 0],
    ['temperature', 38.6, 1],
  ] as const)('%s %s scores %s', async (field, value, score) => {
    const saved = await record({ [field]: value });
    expect(saved.score).toBe(score);
    expect(saved.priority).toBe(score === 2 ? 'Medium' : 'Low');
    expect(saved.department).toBe('General');
  });

  it('scores 3 as High (ER) and 1 as Low (General)', async () => {
    expect(await record({ heartRate: 45, temperature: 39 })).toMatchObject({
      score: 3,
      priority: 'High',
      department: 'ER',
    });
    expect(await record({ temperature: 39 })).toMatchObject({
      score: 1,
      priority: 'Low',
      department: 'General',
    });
  });
});

describe('routing elsewhere', () => {
  it('needs a stated reason, which is recorded', async () => {
    const high = { heartRate: 130, systolic: 200 };
    expectInvalid(
      await doctor.post('/api/doctor/triage', intake({ ...high, department: 'Cardiology' })),
      TRIAGE_MESSAGES.reasonRequired,
      'routingReason',
    );
    const routed = await record({
      ...high,
      department: 'Cardiology',
      routingReason: 'Known cardiac patient',
    });
    expect(routed).toMatchObject({
      priority: 'High',
      suggestedDepartment: 'ER',
      department: 'Cardiology',
      routingReason: 'Known cardiac patient',
      placement: { kind: 'queue' },
    });
    const [entry] = await t.database.db
      .select()
      .from(queueEntries)
      .where(eq(queueEntries.id, routed.placement?.entryId ?? ''));
    expect(entry).toMatchObject({ department: 'Cardiology', triage: 'High', etaMinutes: 0 });

    // A Low patient sent to the ER keeps their priority on the board.
    const toEr = await record({ department: 'ER', routingReason: 'Fall, head wound' });
    expect(toEr).toMatchObject({ priority: 'Low', suggestedDepartment: 'General', department: 'ER' });
    const [erEntry] = await t.database.db
      .select()
      .from(erEntries)
      .where(eq(erEntries.id, toEr.placement?.entryId ?? ''));
    expect(erEntry?.triageLevel).toBe('Low');
    const [row] = await t.database.db
      .select()
      .from(triageAssessments)
      .where(eq(triageAssessments.id, toEr.id));
    expect(row?.routingReason).toBe('Fall, head wound');
  });

  it('keeps no reason when the patient goes where the rule suggests', async () => {
    const saved = await record({ department: 'General', routingReason: 'Not needed' });
    expect(saved).toMatchObject({ department: 'General', routingReason: null });
  });
});

describe('validation and access', () => {
  it('answers each field with its message and stores nothing', async () => {
    const before = (await t.database.db.select().from(triageAssessments)).length;
    const cases: Array<[Partial<TriageIntakeInput>, string, string | RegExp]> = [
      [{ patientName: '' }, 'patientName', TRIAGE_MESSAGES.patientRequired],
      [{ heartRate: '' }, 'heartRate', 'Heart rate is required'],
      [{ heartRate: 400 }, 'heartRate', 'Heart rate must be between 10 and 300 bpm'],
      [{ systolic: undefined }, 'systolic', 'Systolic blood pressure is required'],
      [{ temperature: 50 }, 'temperature', 'Temperature must be between 25 and 45 °C'],
      [{ diastolic: 130 }, 'diastolic', TRIAGE_MESSAGES.diastolicAboveSystolic],
      [{ department: 'Dentistry' as 'ER' }, 'department', /^Choose a department/],
    ];
    for (const [fields, field, message] of cases) {
      expectInvalid(await doctor.post('/api/doctor/triage', intake(fields)), message, field);
    }
    const notAPatient = await createUser(t, 'doctor');
    expectInvalid(
      await doctor.post('/api/doctor/triage', intake({ patientId: notAPatient.id })),
      TRIAGE_MESSAGES.patientNotFound,
      'patientId',
    );
    expect(await t.database.db.select().from(triageAssessments)).toHaveLength(before);
  });

  it('is for doctors only', async () => {
    const patient = await signedIn(t, 'patient');
    const admin = await adminClient(t);
    for (const as of [client(t, patient.headers), admin]) {
      expect((await as.post('/api/doctor/triage', intake())).statusCode).toBe(403);
      expect((await as.get('/api/doctor/triage')).statusCode).toBe(403);
    }
    expect((await client(t).post('/api/doctor/triage', intake())).statusCode).toBe(401);
  });
});

describe("today's intakes", () => {
  it("lists the doctor's own intakes of today, newest first, and audits the read", async () => {
    const me = await signedIn(t, 'doctor');
    const other = await signedIn(t, 'doctor');
    const mine = client(t, me.headers);
    const post = async (as: Client, name: string) =>
      expect((await as.post('/api/doctor/triage', intake({ patientName: name }))).statusCode).toBe(201);
    const today = t.clock.now();
    try {
      // 23:00 UTC the day before (the facility's time zone in these tests is UTC).
      t.clock.set(new Date(today.getTime() - 10 * 60 * 60_000));
      await post(mine, 'Yesterday Patient');
      t.clock.set(today);
      await post(mine, 'First Today');
      t.clock.advance(60_000);
      await post(mine, 'Second Today');
      await post(client(t, other.headers), 'Not Mine');
    } finally {
      t.clock.set(today);
    }

    const list = (await mine.get('/api/doctor/triage')).json<{ data: TriageAssessment[] }>();
    expect(list.data.map((i) => i.patientName)).toEqual(['Second Today', 'First Today']);
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, me.user.id), eq(auditEvents.action, 'triage.list')));
    expect(reads).toHaveLength(1);
  });

  it('finds registered patients for the picker', async () => {
    await createUser(t, 'patient', { firstName: 'Zainab', lastName: 'Findable' });
    const found = (await doctor.get('/api/doctor/triage/patients?q=findable')).json<{
      data: Array<{ fullName: string }>;
    }>();
    expect(found.data.map((p) => p.fullName)).toEqual(['Zainab Findable']);
    expect((await doctor.get('/api/doctor/triage/patients')).json()).toEqual({ data: [] });
  });
});

describe('demo data', () => {
  it("gives the demo doctor this morning's intakes, placed like any other", async () => {
    const local = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
    try {
      await seedDemoData(serviceContext(local, { now: () => new Date('2030-01-09T11:00:00Z') }));
      const rows = await local.database.db
        .select({ assessment: triageAssessments, doctor: users.email })
        .from(triageAssessments)
        .innerJoin(users, eq(users.id, triageAssessments.recordedBy))
        .orderBy(asc(triageAssessments.recordedAt));
      expect(rows.map((r) => r.doctor)).toEqual(Array(4).fill('doctor@carepoint.example'));
      const summary = rows.map(({ assessment: a }) => [a.priority, a.department, Boolean(a.erEntryId)]);
      expect(summary).toEqual([
        ['High', 'ER', true],
        ['Medium', 'General', false],
        ['Low', 'General', false],
        ['Low', 'Pediatrics', false],
      ]);
      expect(rows[3]?.assessment.routingReason).toMatch(/paediatric/);
    } finally {
      await local.close();
    }
  });
});
