import {
  LAB_RESULT_MESSAGES,
  type LabCriticalAlert,
  type LabCriticalAlertList,
  type LabResultNoticeList,
  type LabResultSheet,
  type PatientLabReport,
  type PatientLabReportList,
  type PatientLabResults,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signedIn,
  signIn,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { collectedSpecimen, labTest } from '../../../test/lab';
import { auditEvents, labCriticalAlerts, labPanelMembers, labResults } from '../../db/schema';

/*
 * Laboratory results through the API (docs/areas/lab-results.md): entry on the sheet, the
 * second-scientist rule, critical alerts for the ordering doctor and their escalation, corrections
 * that keep the old version and tell its readers, the chart's trends, and what the patient sees.
 * The clock reads 2030-01-07 09:00 UTC.
 */

type Headers = { cookie: string };

let t: TestApp;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
});
afterAll(() => t.close());

const sheetOf = (orderId: string, headers: Headers) =>
  t.app.inject({ method: 'GET', url: `/api/lab/orders/${orderId}/results`, headers });
const enter = (orderId: string, values: unknown, headers: Headers) =>
  t.app.inject({ method: 'PUT', url: `/api/lab/orders/${orderId}/results`, headers, payload: { values } });
const verify = (orderId: string, headers: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/lab/orders/${orderId}/verify`, headers });
const correct = (resultId: string, payload: unknown, headers: Headers) =>
  t.app.inject({
    method: 'POST',
    url: `/api/lab/results/${resultId}/correct`,
    headers,
    payload: payload as object,
  });
const doctorAlerts = async (headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/doctor/lab-alerts', headers });
  expect(res.statusCode).toBe(200);
  return res.json<LabCriticalAlertList>().data;
};
const acknowledge = (id: string, headers: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/doctor/lab-alerts/${id}/acknowledge`, headers });
const chartOf = async (patientId: string, headers: Headers) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/doctor/patients/${patientId}/lab-results`,
    headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<PatientLabResults>();
};
const share = (orderId: string, shared: boolean, headers: Headers) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/doctor/lab-orders/${orderId}/share`,
    headers,
    payload: { shared },
  });
const setLabSettings = (payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/facility/lab', headers: admin, payload: payload as object });

async function scientists() {
  const [first, second] = [await signedIn(t, 'lab'), await signedIn(t, 'lab')];
  return { first: first.headers, second: second.headers, firstUser: first.user };
}

/** A potassium order for a patient of a doctor who is signed in. */
async function potassiumOrder(options: { patient?: TestUser; collectedAt?: Date } = {}) {
  const potassium = await labTest(t);
  const doctor = await createUser(t, 'doctor');
  const specimen = await collectedSpecimen(t, [potassium.id], { doctor, ...options });
  return { ...specimen, potassium, doctorHeaders: await signIn(t, doctor) };
}

/** Entered by one scientist and verified by another: the order Verified. */
async function verifiedOrder(value: number, options: { patient?: TestUser; collectedAt?: Date } = {}) {
  const order = await potassiumOrder(options);
  const lab = await scientists();
  expect((await enter(order.orderId, [{ testId: order.potassium.id, value }], lab.first)).statusCode).toBe(
    200,
  );
  const verified = await verify(order.orderId, lab.second);
  expect(verified.statusCode).toBe(200);
  return { ...order, lab, sheet: verified.json<LabResultSheet>() };
}

describe('the entry sheet', () => {
  it('shows each test of a panel with its unit and the range for the patient, and saves all values at once', async () => {
    const sodium = await labTest(t, { name: 'Sodium', loincCode: '2951-2' }, [
      { low: 135, high: 145, criticalLow: 120, criticalHigh: 160 },
    ]);
    const potassium = await labTest(t);
    const panel = await labTest(t, { name: 'Electrolytes', kind: 'panel', resultType: null, unit: null }, []);
    await t.database.db.insert(labPanelMembers).values([
      { panelId: panel.id, testId: sodium.id, position: 1 },
      { panelId: panel.id, testId: potassium.id, position: 2 },
    ]);
    const order = await collectedSpecimen(t, [panel.id]);
    const lab = await scientists();

    const sheet = await sheetOf(order.orderId, lab.first);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.json<LabResultSheet>()).toMatchObject({
      state: 'Collected',
      canVerify: false,
      verification: 'second-scientist',
      lines: [
        {
          test: { name: 'Sodium', unit: 'mmol/L' },
          panel: { name: 'Electrolytes' },
          range: { low: 135, high: 145 },
          current: null,
        },
        { test: { name: 'Potassium' }, range: { low: 3.5, high: 5.1, criticalLow: 2.8, criticalHigh: 6.2 } },
      ],
    });

    const saved = await enter(
      order.orderId,
      [
        { testId: sodium.id, value: 131 },
        { testId: potassium.id, value: 4.4 },
      ],
      lab.first,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json<LabResultSheet>()).toMatchObject({
      state: 'Resulted',
      canVerify: false,
      verifyBlockedBy: LAB_RESULT_MESSAGES.secondScientistRequired,
      lines: [
        { current: { value: 131, interpretation: 'L', status: 'preliminary' } },
        { current: { value: 4.4, interpretation: 'N', status: 'preliminary' } },
      ],
    });
    const [read] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'lab.results.read'), eq(auditEvents.entityId, order.orderId)));
    expect(read).toMatchObject({ actorRole: 'lab', patientId: order.patient.id });
  });

  it('saves nothing when one value is refused, and names its field', async () => {
    const order = await potassiumOrder();
    const lab = await scientists();
    const other = await labTest(t);
    const res = await enter(
      order.orderId,
      [
        { testId: order.potassium.id, value: 4 },
        { testId: other.id, value: 4 },
      ],
      lab.first,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: LAB_RESULT_MESSAGES.testNotOrdered,
      fieldErrors: { 'values.1.testId': [LAB_RESULT_MESSAGES.testNotOrdered] },
    });
    expect(
      await t.database.db.select().from(labResults).where(eq(labResults.orderId, order.orderId)),
    ).toEqual([]);
  });

  it('refuses NUL bytes and huge text with 400, never 500', async () => {
    const order = await potassiumOrder();
    const lab = await scientists();
    const nul = await enter(order.orderId, [{ testId: order.potassium.id, value: 'a\u0000b' }], lab.first);
    expect(nul.statusCode).toBe(400);
    const huge = await enter(
      order.orderId,
      [{ testId: order.potassium.id, value: 'x'.repeat(100_000) }],
      lab.first,
    );
    expect(huge.statusCode).toBe(400);
    const reason = await correct(crypto.randomUUID(), { value: 4, reason: 'x'.repeat(5000) }, lab.first);
    expect(reason.statusCode).toBe(400);
  });

  it('keeps one value when two scientists save the same test at once', async () => {
    const order = await potassiumOrder();
    const lab = await scientists();
    const [a, b] = await Promise.all([
      enter(order.orderId, [{ testId: order.potassium.id, value: 4.1 }], lab.first),
      enter(order.orderId, [{ testId: order.potassium.id, value: 4.6 }], lab.second),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({ code: 'RESULT_EXISTS' });
    expect(
      await t.database.db.select().from(labResults).where(eq(labResults.orderId, order.orderId)),
    ).toHaveLength(1);
  });

  it('is for the lab: a doctor or patient is refused, an unknown order is 404', async () => {
    const order = await potassiumOrder();
    expect((await sheetOf(order.orderId, order.doctorHeaders)).statusCode).toBe(403);
    const patient = await signIn(t, order.patient);
    expect((await enter(order.orderId, [{ testId: order.potassium.id, value: 4 }], patient)).statusCode).toBe(
      403,
    );
    const lab = await scientists();
    expect((await sheetOf(crypto.randomUUID(), lab.first)).statusCode).toBe(404);
  });
});

describe('verification', () => {
  it('needs a second scientist by default, and releases the values as final', async () => {
    const order = await potassiumOrder();
    const lab = await scientists();
    await enter(order.orderId, [{ testId: order.potassium.id, value: 4.2 }], lab.first);
    const own = await verify(order.orderId, lab.first);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ error: LAB_RESULT_MESSAGES.secondScientistRequired });

    const res = await verify(order.orderId, lab.second);
    expect(res.statusCode).toBe(200);
    const sheet = res.json<LabResultSheet>();
    expect(sheet).toMatchObject({ state: 'Verified', lines: [{ current: { status: 'final', value: 4.2 } }] });
    expect(sheet.lines[0]?.current?.verifiedBy).not.toBeNull();
    expect((await verify(order.orderId, lab.second)).statusCode).toBe(409);
  });

  it('lets the same scientist verify in a separate step when the lab allows it', async () => {
    expect((await setLabSettings({ verification: 'same-scientist', escalationMinutes: 30 })).statusCode).toBe(
      200,
    );
    try {
      const order = await potassiumOrder();
      const lab = await scientists();
      await enter(order.orderId, [{ testId: order.potassium.id, value: 4.2 }], lab.first);
      const res = await verify(order.orderId, lab.first);
      expect(res.statusCode).toBe(200);
    } finally {
      await setLabSettings({ verification: 'second-scientist', escalationMinutes: 30 });
    }
  });

  it('refuses an order with a test still without a value', async () => {
    const potassium = await labTest(t);
    const sodium = await labTest(t, { name: 'Sodium' }, [{ low: 135, high: 145 }]);
    const order = await collectedSpecimen(t, [potassium.id, sodium.id]);
    const lab = await scientists();
    await enter(order.orderId, [{ testId: potassium.id, value: 4 }], lab.first);
    const res = await verify(order.orderId, lab.second);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: LAB_RESULT_MESSAGES.nothingToVerify });
  });

  it('refuses settings out of range', async () => {
    const res = await setLabSettings({ verification: 'second-scientist', escalationMinutes: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      fieldErrors: { escalationMinutes: [LAB_RESULT_MESSAGES.escalationMinutes] },
    });
  });
});

describe('critical results', () => {
  it('alert the ordering doctor on verification until acknowledged, once', async () => {
    const order = await verifiedOrder(6.8);
    const alerts = await doctorAlerts(order.doctorHeaders);
    expect(alerts).toHaveLength(1);
    const alert = alerts[0] as LabCriticalAlert;
    expect(alert).toMatchObject({
      orderId: order.orderId,
      patient: { id: order.patient.id },
      test: { name: 'Potassium', unit: 'mmol/L' },
      value: 6.8,
      interpretation: 'HH',
      acknowledgedAt: null,
    });
    // Another doctor neither sees it nor may acknowledge it.
    const other = (await signedIn(t, 'doctor')).headers;
    expect(await doctorAlerts(other)).toEqual([]);
    expect((await acknowledge(alert.id, other)).statusCode).toBe(404);

    const [a, b] = await Promise.all([
      acknowledge(alert.id, order.doctorHeaders),
      acknowledge(alert.id, order.doctorHeaders),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json()).toMatchObject({
      error: LAB_RESULT_MESSAGES.alertAcknowledged,
    });
    expect(await doctorAlerts(order.doctorHeaders)).toEqual([]);
  });

  it('do not alert while only preliminary', async () => {
    const order = await potassiumOrder();
    const lab = await scientists();
    await enter(order.orderId, [{ testId: order.potassium.id, value: 2.1 }], lab.first);
    expect(await doctorAlerts(order.doctorHeaders)).toEqual([]);
  });

  it('escalate to the administrators after the lab’s time without acknowledgement', async () => {
    const order = await verifiedOrder(2.2);
    const escalated = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/lab-alerts', headers: admin });
      expect(res.statusCode).toBe(200);
      return res.json<LabCriticalAlertList>().data.filter((a) => a.orderId === order.orderId);
    };
    t.clock.advance(29 * 60_000);
    await t.app.labEscalation.runOnce();
    expect(await escalated()).toEqual([]);
    t.clock.advance(2 * 60_000);
    expect(await t.app.labEscalation.runOnce()).toBeGreaterThanOrEqual(1);
    const [alert] = await escalated();
    expect(alert).toMatchObject({ interpretation: 'LL', escalatedAt: t.clock.now().toISOString() });
    // Still the doctor's to acknowledge; then it leaves the administrators' list.
    expect((await acknowledge(alert?.id ?? '', order.doctorHeaders)).statusCode).toBe(200);
    expect(await escalated()).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(labCriticalAlerts)
      .where(eq(labCriticalAlerts.id, alert?.id ?? ''));
    expect(row?.escalatedAt).not.toBeNull();
  });
});

describe('corrections', () => {
  it('keep the old version as corrected and tell everyone who read it', async () => {
    const order = await verifiedOrder(4.2);
    const resultId = order.sheet.lines[0]?.current?.id ?? '';
    // The doctor reads the value; a nurse never did.
    await chartOf(order.patient.id, order.doctorHeaders);

    const refused = await correct(resultId, { value: 4.2, reason: 'Same' }, order.lab.second);
    expect(refused.statusCode).toBe(400);
    const res = await correct(
      resultId,
      { value: 5.9, reason: 'Transcription error: 5.9 on the analyser' },
      order.lab.second,
    );
    expect(res.statusCode).toBe(200);
    const line = res.json<LabResultSheet>().lines[0];
    expect(line?.current).toMatchObject({
      value: 5.9,
      interpretation: 'H',
      status: 'corrected',
      version: 2,
      correctionReason: 'Transcription error: 5.9 on the analyser',
    });
    expect(line?.previous).toMatchObject([{ value: 4.2, status: 'final', version: 1 }]);
    expect(line?.previous[0]?.supersededAt).not.toBeNull();

    const notices = await t.app.inject({
      method: 'GET',
      url: '/api/lab-notices',
      headers: order.doctorHeaders,
    });
    expect(notices.json<LabResultNoticeList>().data).toMatchObject([
      {
        orderId: order.orderId,
        test: 'Potassium',
        oldValue: 4.2,
        newValue: 5.9,
        reason: 'Transcription error: 5.9 on the analyser',
      },
    ]);
    const noticeId = notices.json<LabResultNoticeList>().data[0]?.id ?? '';
    // The scientist who entered the value is told too; the corrector is not told of their own change.
    const firstNotices = await t.app.inject({
      method: 'GET',
      url: '/api/lab-notices',
      headers: order.lab.first,
    });
    expect(firstNotices.json<LabResultNoticeList>().data).toHaveLength(1);
    const correctorNotices = await t.app.inject({
      method: 'GET',
      url: '/api/lab-notices',
      headers: order.lab.second,
    });
    expect(correctorNotices.json<LabResultNoticeList>().data).toEqual([]);
    const other = (await signedIn(t, 'doctor')).headers;
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/lab-notices/${noticeId}/seen`, headers: other }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/lab-notices/${noticeId}/seen`,
          headers: order.doctorHeaders,
        })
      ).statusCode,
    ).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/lab-notices',
      headers: order.doctorHeaders,
    });
    expect(after.json<LabResultNoticeList>().data).toEqual([]);

    // The old version cannot be corrected again, and a preliminary one not at all.
    expect((await correct(resultId, { value: 5, reason: 'Again' }, order.lab.second)).statusCode).toBe(409);
  });

  it('to a critical value raise an alert for the new version', async () => {
    const order = await verifiedOrder(5.0);
    const resultId = order.sheet.lines[0]?.current?.id ?? '';
    await correct(resultId, { value: 6.9, reason: 'Wrong sample run' }, order.lab.second);
    expect(await doctorAlerts(order.doctorHeaders)).toMatchObject([{ value: 6.9, interpretation: 'HH' }]);
  });

  it('are refused for a preliminary value', async () => {
    const order = await potassiumOrder();
    const lab = await scientists();
    const saved = await enter(order.orderId, [{ testId: order.potassium.id, value: 4 }], lab.first);
    const resultId = saved.json<LabResultSheet>().lines[0]?.current?.id ?? '';
    const res = await correct(resultId, { value: 5, reason: 'Typo' }, lab.second);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: LAB_RESULT_MESSAGES.correctOnlyVerified });
  });
});

describe('the doctor’s chart and the patient', () => {
  it('shows the orders with flags and ranges and a year’s trend per test', async () => {
    const patient = await createUser(t, 'patient', { gender: 'female', dateOfBirth: '1980-05-01' });
    const monthsAgo = new Date(t.clock.now().getTime() - 90 * 24 * 60 * 60_000);
    const first = await verifiedOrder(3.2, { patient, collectedAt: monthsAgo });
    await verifiedOrder(4.0, { patient });
    const chart = await chartOf(patient.id, first.doctorHeaders);
    expect(chart.orders).toHaveLength(2);
    expect(chart.orders[1]).toMatchObject({
      id: first.orderId,
      state: 'Verified',
      canShare: true,
      shared: false,
      lines: [{ current: { value: 3.2, interpretation: 'L', rangeLow: 3.5, rangeHigh: 5.1 } }],
    });
    // Each order's test is a catalogue entry of its own here; every trend has its points in time order.
    expect(chart.trends.flatMap((trend) => trend.points.map((p) => p.value)).sort()).toEqual([3.2, 4]);
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'lab.patient-results.read'), eq(auditEvents.patientId, patient.id)));
    expect(audited?.details).toMatchObject({ orderIds: expect.arrayContaining([first.orderId]) });
  });

  it('gives the patient only verified orders their doctor shared; anything else is 404', async () => {
    const patient = await createUser(t, 'patient');
    const patientHeaders = await signIn(t, patient);
    const order = await verifiedOrder(4.4, { patient });
    const pending = await potassiumOrder({ patient });
    const lab = await scientists();
    await enter(pending.orderId, [{ testId: pending.potassium.id, value: 4.9 }], lab.first);

    const mine = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/patient/lab-results', headers: patientHeaders })
      ).json<PatientLabReportList>().data;
    const one = (id: string, headers: Headers = patientHeaders) =>
      t.app.inject({ method: 'GET', url: `/api/patient/lab-results/${id}`, headers });
    expect(await mine()).toEqual([]);
    expect((await one(order.orderId)).statusCode).toBe(404);

    // Only the ordering doctor shares, and only a verified order.
    const other = (await signedIn(t, 'doctor')).headers;
    expect((await share(order.orderId, true, other)).statusCode).toBe(404);
    expect((await share(pending.orderId, true, pending.doctorHeaders)).statusCode).toBe(409);
    expect((await share(order.orderId, true, order.doctorHeaders)).statusCode).toBe(200);

    expect(await mine()).toMatchObject([
      {
        id: order.orderId,
        lines: [{ test: 'Potassium', value: 4.4, unit: 'mmol/L', interpretation: 'N', corrected: false }],
      },
    ]);
    expect((await one(order.orderId)).json<PatientLabReport>()).toMatchObject({ id: order.orderId });
    expect((await one(pending.orderId)).statusCode).toBe(404);
    // Another patient: 404.
    const stranger = (await signedIn(t, 'patient')).headers;
    expect((await one(order.orderId, stranger)).statusCode).toBe(404);

    expect((await share(order.orderId, false, order.doctorHeaders)).statusCode).toBe(200);
    expect(await mine()).toEqual([]);
  });
});
