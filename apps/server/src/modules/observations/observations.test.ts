import {
  DOCTOR_EVENTS_PATH,
  type DoctorAlert,
  type DoctorAlertList,
  OBSERVATION_MESSAGES,
  type ObservationPage,
  type ObservationSet,
  type RecordObservationsInput,
  type VitalsSeries,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, serviceContext, signedIn, signIn, type TestApp } from '../../../test/helpers';
import { admittedStay } from '../../../test/inpatient';
import { auditEvents, observationAlerts, stays, vitalSigns } from '../../db/schema';
import { latestNews2 } from '.';

/*
 * Ward observations (docs/areas/observations-news2.md): recording a set on an admitted stay, its
 * NEWS2, the list, the alert of the doctor in charge (one open per stay, acknowledged once), the
 * live event and the latest score the ward board reads. The clock reads 2030-01-07 09:00 UTC.
 */

type Headers = { cookie: string };

let t: TestApp;
let nurse: Headers;

beforeAll(async () => {
  t = await createTestApp();
  nurse = (await signedIn(t, 'nurse')).headers;
});
afterAll(() => t.close());

/** Scores 0 on every parameter. */
const calm: RecordObservationsInput = {
  respiratoryRate: 16,
  oxygenSaturation: 97,
  spo2Scale: 1,
  airOrOxygen: 'Air',
  systolic: 122,
  pulse: 72,
  consciousness: 'Alert',
  temperature: 36.8,
};
/** RR 26 (3), SpO2 93 (2), pulse 115 (2): 7, high risk. */
const deteriorating: RecordObservationsInput = {
  ...calm,
  respiratoryRate: 26,
  oxygenSaturation: 93,
  pulse: 115,
};
/** New confusion alone: 3, a single red score. */
const confused: RecordObservationsInput = { ...calm, consciousness: 'New confusion' };

const record = (stayId: string, payload: unknown, headers: Headers = nurse) =>
  t.app.inject({
    method: 'POST',
    url: `/api/stays/${stayId}/observations`,
    headers,
    payload: payload as object,
  });
const list = (stayId: string, headers: Headers = nurse, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/stays/${stayId}/observations${query}`, headers });
const alertsOf = async (headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/doctor/alerts', headers });
  expect(res.statusCode).toBe(200);
  return res.json<DoctorAlertList>().data;
};
const acknowledge = (id: string, headers: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/doctor/alerts/${id}/acknowledge`, headers });

/** An admitted stay under a doctor who is signed in. */
async function stayWithDoctor() {
  const stay = await admittedStay(t);
  return { ...stay, doctorHeaders: await signIn(t, stay.doctor) };
}

describe('recording a set', () => {
  it('stores the values and the NEWS2, answers the set and audits the write', async () => {
    const stay = await admittedStay(t);
    const res = await record(stay.stayId, { ...calm, temperature: '38.46' });
    expect(res.statusCode).toBe(201);
    const set = res.json<ObservationSet>();
    expect(set).toMatchObject({
      stayId: stay.stayId,
      patientId: stay.patient.id,
      takenAt: t.clock.now().toISOString(),
      respiratoryRate: 16,
      oxygenSaturation: 97,
      spo2Scale: 1,
      airOrOxygen: 'Air',
      systolic: 122,
      pulse: 72,
      consciousness: 'Alert',
      temperature: 38.5,
      score: 1,
      risk: 'Low',
      alertsDoctor: false,
      parameters: { temperature: 1, respiratoryRate: 0 },
      recordedBy: { role: 'nurse' },
    });
    const [vital] = await t.database.db
      .select()
      .from(vitalSigns)
      .where(and(eq(vitalSigns.patientId, stay.patient.id), eq(vitalSigns.source, 'ward')));
    expect(vital).toMatchObject({ heartRate: 72, systolic: 122, temperature: 38.5, respiratoryRate: 16 });
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'observations.record'), eq(auditEvents.entityId, stay.stayId)));
    expect(entry).toMatchObject({ actorRole: 'nurse', patientId: stay.patient.id });
    expect(entry?.details).toMatchObject({ observationSetId: set.id, score: 1, risk: 'Low' });
  });

  it('refuses what is out of range with the field and the message the form shows', async () => {
    const stay = await admittedStay(t);
    const res = await record(stay.stayId, {
      ...calm,
      respiratoryRate: 120,
      spo2Scale: 3,
      airOrOxygen: 'Mask',
      consciousness: 'Drowsy',
      temperature: 'abc',
    });
    expect(res.statusCode).toBe(400);
    const { fieldErrors } = res.json<{ fieldErrors: Record<string, string[]> }>();
    expect(fieldErrors).toMatchObject({
      respiratoryRate: ['Respiration rate must be between 2 and 80 breaths/min'],
      spo2Scale: [OBSERVATION_MESSAGES.spo2ScaleRequired],
      airOrOxygen: [OBSERVATION_MESSAGES.airOrOxygenRequired],
      consciousness: [OBSERVATION_MESSAGES.consciousnessRequired],
      temperature: ['Temperature is required'],
    });
  });

  it('refuses a time in the future or before the admission', async () => {
    const stay = await admittedStay(t);
    const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const future = await record(stay.stayId, { ...calm, takenAt: later });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      error: OBSERVATION_MESSAGES.takenAtFuture,
      fieldErrors: { takenAt: [OBSERVATION_MESSAGES.takenAtFuture] },
    });
    const before = new Date(t.clock.now().getTime() - 3_600_000).toISOString();
    const early = await record(stay.stayId, { ...calm, takenAt: before });
    expect(early.json()).toMatchObject({ error: OBSERVATION_MESSAGES.takenAtBeforeAdmission });
  });

  it('refuses a stay that is not admitted (409) and one that does not exist (404)', async () => {
    const stay = await admittedStay(t);
    await t.database.db
      .update(stays)
      .set({ status: 'Discharged', dischargedAt: t.clock.now(), dischargeDisposition: 'Home' })
      .where(eq(stays.id, stay.stayId));
    const res = await record(stay.stayId, calm);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'STAY_NOT_ADMITTED',
      error: OBSERVATION_MESSAGES.stayNotAdmitted,
    });
    const missing = await record('00000000-0000-4000-8000-000000000000', calm);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: OBSERVATION_MESSAGES.stayNotFound });
  });

  it('is for nurses and doctors: a patient or an admin is refused, and a patient reads nothing', async () => {
    const stay = await admittedStay(t);
    const patient = await signIn(t, stay.patient);
    const admin = (await signedIn(t, 'admin')).headers;
    expect((await record(stay.stayId, calm, patient)).statusCode).toBe(403);
    expect((await record(stay.stayId, calm, admin)).statusCode).toBe(403);
    expect((await list(stay.stayId, patient)).statusCode).toBe(403);
    expect((await list(stay.stayId, admin)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/doctor/alerts', headers: patient })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/doctor/alerts', headers: nurse })).statusCode,
    ).toBe(403);
    const doctor = (await signedIn(t, 'doctor')).headers;
    expect((await record(stay.stayId, calm, doctor)).statusCode).toBe(201);
  });
});

describe("a stay's sets", () => {
  it('are listed newest first, a page at a time, and the read is audited', async () => {
    const stay = await admittedStay(t);
    for (const respiratoryRate of [14, 18, 22]) {
      t.clock.advance(60_000);
      expect((await record(stay.stayId, { ...calm, respiratoryRate })).statusCode).toBe(201);
    }
    const res = await list(stay.stayId, nurse, '?limit=2');
    expect(res.statusCode).toBe(200);
    const page = res.json<ObservationPage>();
    expect(page.data.map((s) => s.respiratoryRate)).toEqual([22, 18]);
    expect(page.data[0]).toMatchObject({ score: 2, risk: 'Low' });
    expect(page.pagination).toMatchObject({ total: 3, nextPage: 2 });
    const next = (await list(stay.stayId, nurse, '?limit=2&page=2')).json<ObservationPage>();
    expect(next.data.map((s) => s.respiratoryRate)).toEqual([14]);
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'observations.list'), eq(auditEvents.entityId, stay.stayId)));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads[0]?.patientId).toBe(stay.patient.id);
    expect((await list('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it("feed the chart's vital trends, respiration rate and SpO2 included", async () => {
    const stay = await admittedStay(t);
    const doctor = await signIn(t, stay.doctor);
    await record(stay.stayId, { ...calm, respiratoryRate: 21, oxygenSaturation: 94 });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/doctor/patients/${stay.patient.id}/vitals`,
      headers: doctor,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<VitalsSeries>().points.at(-1)).toMatchObject({
      source: 'ward',
      respiratoryRate: 21,
      oxygenSaturation: 94,
      heartRate: 72,
      systolic: 122,
      diastolic: null,
    });
  });

  it("answer each stay's latest score for the ward board, in one call", async () => {
    const [a, b, none] = [await admittedStay(t), await admittedStay(t), await admittedStay(t)];
    await record(a.stayId, calm);
    t.clock.advance(60_000);
    await record(a.stayId, deteriorating);
    await record(b.stayId, confused);
    const latest = await latestNews2(serviceContext(t), [a.stayId, b.stayId, none.stayId]);
    expect(latest.get(a.stayId)).toEqual({ score: 7, risk: 'High', takenAt: t.clock.now().toISOString() });
    expect(latest.get(b.stayId)).toMatchObject({ score: 3, risk: 'Low-medium' });
    expect(latest.has(none.stayId)).toBe(false);
    expect((await latestNews2(serviceContext(t), [])).size).toBe(0);
  });
});

describe("the doctor in charge's alerts", () => {
  it('a set of 5 or more, or a single 3, alerts the doctor in charge only, until acknowledged', async () => {
    const stay = await stayWithDoctor();
    const other = (await signedIn(t, 'doctor')).headers;
    await record(stay.stayId, { ...calm, respiratoryRate: 22 });
    expect(await alertsOf(stay.doctorHeaders)).toEqual([]);

    const first = (await record(stay.stayId, confused)).json<ObservationSet>();
    expect(first.alertsDoctor).toBe(true);
    const [alert] = await alertsOf(stay.doctorHeaders);
    expect(alert).toMatchObject({
      stayId: stay.stayId,
      score: 3,
      risk: 'Low-medium',
      observationSetId: first.id,
      patient: { id: stay.patient.id, recordNumber: stay.patient.recordNumber },
      acknowledgedAt: null,
    });
    expect(await alertsOf(other)).toEqual([]);

    // A later alerting set moves the one open alert; a calm one leaves it open.
    t.clock.advance(60_000);
    const second = (await record(stay.stayId, deteriorating)).json<ObservationSet>();
    await record(stay.stayId, calm);
    const open = await alertsOf(stay.doctorHeaders);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ id: alert?.id, score: 7, risk: 'High', observationSetId: second.id });
    expect(open[0]?.raisedAt).toBe(alert?.raisedAt);

    // Only the doctor in charge may acknowledge it.
    expect((await acknowledge(alert?.id ?? '', other)).statusCode).toBe(404);
    const done = await acknowledge(alert?.id ?? '', stay.doctorHeaders);
    expect(done.statusCode).toBe(200);
    expect(done.json<DoctorAlert>()).toMatchObject({
      acknowledgedAt: t.clock.now().toISOString(),
      acknowledgedBy: { id: stay.doctor.id },
    });
    expect(await alertsOf(stay.doctorHeaders)).toEqual([]);
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'observations.alert.acknowledge'), eq(auditEvents.entityId, stay.stayId)),
      );
    expect(entry).toMatchObject({ actorId: stay.doctor.id, patientId: stay.patient.id });

    // The next alerting set raises a new alert.
    await record(stay.stayId, deteriorating);
    const [again] = await alertsOf(stay.doctorHeaders);
    expect(again?.id).not.toBe(alert?.id);
  });

  it('parallel alerting sets keep one open alert; parallel acknowledgements acknowledge it once', async () => {
    const stay = await stayWithDoctor();
    const results = await Promise.all(Array.from({ length: 4 }, () => record(stay.stayId, deteriorating)));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const rows = await t.database.db
      .select()
      .from(observationAlerts)
      .where(eq(observationAlerts.stayId, stay.stayId));
    expect(rows).toHaveLength(1);
    const id = rows[0]?.id ?? '';
    const answers = await Promise.all([
      acknowledge(id, stay.doctorHeaders),
      acknowledge(id, stay.doctorHeaders),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      code: 'ALERT_ACKNOWLEDGED',
      error: OBSERVATION_MESSAGES.alertAcknowledged,
    });
    const acks = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'observations.alert.acknowledge'), eq(auditEvents.entityId, stay.stayId)),
      );
    expect(acks).toHaveLength(1);
  });

  it('follow the doctor in charge, and leave with the discharge', async () => {
    const stay = await stayWithDoctor();
    await record(stay.stayId, deteriorating);
    const next = await signedIn(t, 'doctor');
    await t.database.db.update(stays).set({ doctorId: next.user.id }).where(eq(stays.id, stay.stayId));
    expect(await alertsOf(stay.doctorHeaders)).toEqual([]);
    expect(await alertsOf(next.headers)).toHaveLength(1);
    await t.database.db
      .update(stays)
      .set({ status: 'Discharged', dischargedAt: t.clock.now(), dischargeDisposition: 'Home' })
      .where(eq(stays.id, stay.stayId));
    expect(await alertsOf(next.headers)).toEqual([]);
  });

  it("nudge the doctor in charge's live stream; the alert itself is theirs alone", async () => {
    const live = await createTestApp();
    try {
      await live.app.listen({ port: 0, host: '127.0.0.1' });
      const address = live.app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      const stay = await admittedStay(live);
      const mine = await signIn(live, stay.doctor);
      const theirs = (await signedIn(live, 'doctor')).headers;
      const liveNurse = (await signedIn(live, 'nurse')).headers;
      const stream = async (headers: Headers) => {
        const controller = new AbortController();
        const res = await fetch(`http://127.0.0.1:${address.port}${DOCTOR_EVENTS_PATH}`, {
          headers,
          signal: controller.signal,
        });
        let text = '';
        const reader = res.body?.getReader();
        const pump = (async () => {
          try {
            for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
              text += new TextDecoder().decode(chunk.value);
          } catch {
            // Aborted by the test.
          }
        })();
        return {
          text: () => text,
          close: async () => {
            controller.abort();
            await pump;
          },
        };
      };
      const [mineStream, theirStream] = [await stream(mine), await stream(theirs)];
      await vi.waitFor(() => expect(mineStream.text()).toContain('event: ready'));
      await vi.waitFor(() => expect(theirStream.text()).toContain('event: ready'));
      const res = await live.app.inject({
        method: 'POST',
        url: `/api/stays/${stay.stayId}/observations`,
        headers: liveNurse,
        payload: deteriorating,
      });
      expect(res.statusCode).toBe(201);
      await vi.waitFor(() => expect(mineStream.text()).toContain('data: {"topic":"wards"}'));
      // Every doctor's stream hears ward changes (any doctor may open any ward's board); the
      // event names no one, and only the doctor in charge reads the alert it announces.
      await vi.waitFor(() => expect(theirStream.text()).toContain('data: {"topic":"wards"}'));
      const alertsOf = async (headers: Headers) =>
        (await live.app.inject({ method: 'GET', url: '/api/doctor/alerts', headers })).json<DoctorAlertList>()
          .data;
      expect(await alertsOf(mine)).toHaveLength(1);
      expect(await alertsOf(theirs)).toEqual([]);
      await Promise.all([mineStream.close(), theirStream.close()]);
    } finally {
      await live.close();
    }
  });
});
