import {
  INPATIENT_PERIOD_MESSAGE,
  type LabPriority,
  type SpecimenRejectionReason,
} from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, client, expectInvalid } from '../../../test/admin';
import { createTestApp, signedIn, type TestApp, testClock } from '../../../test/helpers';
import { type CollectedSpecimen, collectedSpecimen, labTest } from '../../../test/lab';
import { labCriticalAlerts, labPanelMembers, labResults, labSpecimens } from '../../db/schema';

/*
 * Laboratory figures on a small known data set written straight into the tables. The facility
 * is in Lagos (UTC+1) and the clock reads 2030-01-07 09:00 UTC = 10:00 local: the last 7
 * facility days run from 2030-01-01 00:00 local (2029-12-31 23:00 UTC) to 2030-01-08 00:00
 * local (2030-01-07 23:00 UTC). Every order here is collected when it is ordered (the fixture's
 * one time), so its specimen falls in the period its order does.
 */
const NOW = new Date('2030-01-07T09:00:00Z');
const clock = testClock(NOW);
const at = (iso: string) => new Date(iso);
const plus = (iso: string, minutes: number) => new Date(at(iso).getTime() + minutes * 60_000);

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TIME_ZONE: 'Africa/Lagos' } });
  admin = await adminClient(t);
});
afterAll(() => t.close());

const lab = async (query = '') => {
  const res = await admin.get(`/api/admin/analytics/lab${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const NONE = { count: 0, medianMinutes: null, p90Minutes: null, withinTarget: 0, percentWithinTarget: null };

describe('before any laboratory work', () => {
  it('answers zeros, every priority and reason listed, and no percentile of nothing', async () => {
    expect(await lab('?days=7')).toEqual({
      days: 7,
      from: '2030-01-01',
      to: '2030-01-07',
      turnaround: {
        all: NONE,
        byPriority: [
          { priority: 'STAT', ...NONE },
          { priority: 'Urgent', ...NONE },
          { priority: 'Routine', ...NONE },
        ],
        byTest: [],
      },
      rejections: {
        specimens: 0,
        rejected: 0,
        percentRejected: null,
        byReason: ['Haemolysed', 'Clotted', 'Insufficient', 'Unlabelled'].map((reason) => ({
          reason,
          rejected: 0,
          percentRejected: null,
        })),
        byTest: [],
      },
      critical: {
        raised: 0,
        acknowledged: 0,
        medianAckMinutes: null,
        p90AckMinutes: null,
        escalated: 0,
        open: 0,
      },
    });
  });
});

describe('with orders, specimens, results and alerts', () => {
  let potassium = '';
  let glucose = '';
  let electrolytes = '';
  beforeAll(async () => {
    const { db } = t.database;
    // LOINC: potassium 2823-3 (the fixture's), glucose 14749-6 and sodium 2951-2 (mmol/L in serum
    // or plasma), the electrolytes panel 24326-1.
    potassium = (await labTest(t)).id;
    glucose = (await labTest(t, { name: 'Glucose', loincCode: '14749-6', turnaroundMinutes: 60 }, [])).id;
    const sodium = (await labTest(t, { name: 'Sodium', loincCode: '2951-2', unit: 'mmol/L' }, [])).id;
    const panel = await labTest(
      t,
      {
        name: 'Electrolytes',
        loincCode: '24326-1',
        kind: 'panel',
        resultType: null,
        unit: null,
        decimals: null,
        turnaroundMinutes: 90,
      },
      [],
    );
    electrolytes = panel.id;
    await db.insert(labPanelMembers).values([
      { panelId: electrolytes, testId: potassium, position: 1 },
      { panelId: electrolytes, testId: sodium, position: 2 },
    ]);

    const order = (testId: string, priority: LabPriority, orderedAt: string) =>
      collectedSpecimen(t, [testId], { priority, collectedAt: at(orderedAt) });
    /** One version of a result; verified when verifiedAt is given. */
    const result = async (
      s: CollectedSpecimen,
      testId: string,
      enteredAt: Date,
      verifiedAt: Date | null,
      version: Partial<typeof labResults.$inferInsert> = {},
    ) => {
      const [row] = await db
        .insert(labResults)
        .values({
          orderId: s.orderId,
          specimenId: s.specimenId,
          testId,
          patientId: s.patient.id,
          valueQuantity: 4.2,
          unit: 'mmol/L',
          source: 'manual',
          enteredBy: s.collector.id,
          enteredAt,
          verifiedAt,
          verifiedBy: verifiedAt ? s.collector.id : null,
          status: verifiedAt ? 'final' : 'preliminary',
          ...version,
        })
        .returning({ id: labResults.id });
      return row?.id ?? '';
    };
    /** A single test's order verified `minutes` after it was placed. */
    const verified = async (testId: string, priority: LabPriority, orderedAt: string, minutes: number) => {
      const s = await order(testId, priority, orderedAt);
      const id = await result(s, testId, plus(orderedAt, minutes - 5), plus(orderedAt, minutes));
      return { s, id };
    };
    const reject = async (testId: string, collectedAt: string, reason: SpecimenRejectionReason) => {
      const s = await order(testId, 'Routine', collectedAt);
      await db
        .update(labSpecimens)
        .set({ rejectedAt: plus(collectedAt, 20), rejectedBy: s.collector.id, rejectionReason: reason })
        .where(eq(labSpecimens.id, s.specimenId));
    };
    const alert = async (
      { s, id }: { s: CollectedSpecimen; id: string },
      raisedAt: string,
      ackAfter: number | null,
      escalateAfter: number | null = null,
    ) =>
      db.insert(labCriticalAlerts).values({
        resultId: id,
        patientId: s.patient.id,
        doctorId: s.doctor.id,
        raisedAt: at(raisedAt),
        acknowledgedAt: ackAfter === null ? null : plus(raisedAt, ackAfter),
        acknowledgedBy: ackAfter === null ? null : s.doctor.id,
        escalatedAt: escalateAfter === null ? null : plus(raisedAt, escalateAfter),
      });

    // Potassium (target 120 min): 30 (STAT), 90, 150 (Routine), 60 (Urgent).
    const k1 = await verified(potassium, 'STAT', '2030-01-03T08:00:00Z', 30);
    await verified(potassium, 'Routine', '2030-01-04T08:00:00Z', 90);
    const k3 = await verified(potassium, 'Routine', '2030-01-05T08:00:00Z', 150);
    // Verified after 60 minutes, corrected and verified again after 300: the first verification counts.
    const k4s = await order(potassium, 'Urgent', '2030-01-06T08:00:00Z');
    const k4 = await result(
      k4s,
      potassium,
      plus('2030-01-06T08:00:00Z', 50),
      plus('2030-01-06T08:00:00Z', 60),
      { supersededAt: plus('2030-01-06T08:00:00Z', 290) },
    );
    await result(k4s, potassium, plus('2030-01-06T08:00:00Z', 290), plus('2030-01-06T08:00:00Z', 300), {
      version: 2,
      status: 'corrected',
      correctionReason: 'Wrong patient sample',
    });
    // Filed, not verified: no turnaround yet, but a critical alert still open.
    const k5s = await order(potassium, 'Routine', '2030-01-06T10:00:00Z');
    const k5 = await result(k5s, potassium, plus('2030-01-06T10:00:00Z', 30), null);

    // Glucose (target 60 min): 45 (STAT); 70 (Routine), ordered 23:00 local on 6 January,
    // verified 00:10 local on the 7th.
    await verified(glucose, 'STAT', '2030-01-02T10:00:00Z', 45);
    await verified(glucose, 'Routine', '2030-01-06T22:00:00Z', 70);
    // Verified at 23:50 local on 31 December: the 14 days, not the 7.
    const g3 = await verified(glucose, 'Routine', '2029-12-31T22:00:00Z', 50);
    // Ordered at 23:30 local on 31 December, verified 00:10 local on 1 January: in the 7 days.
    await verified(glucose, 'Routine', '2029-12-31T22:30:00Z', 40);

    // Electrolytes panel (target 90 min), Urgent: potassium after 40, sodium after 100 minutes,
    // so the panel took 100. Another with sodium not yet verified does not count.
    const p1 = await order(electrolytes, 'Urgent', '2030-01-05T12:00:00Z');
    await result(p1, potassium, plus('2030-01-05T12:00:00Z', 35), plus('2030-01-05T12:00:00Z', 40));
    await result(p1, sodium, plus('2030-01-05T12:00:00Z', 95), plus('2030-01-05T12:00:00Z', 100));
    const p2 = await order(electrolytes, 'Routine', '2030-01-06T12:00:00Z');
    await result(p2, potassium, plus('2030-01-06T12:00:00Z', 15), plus('2030-01-06T12:00:00Z', 20));
    await result(p2, sodium, plus('2030-01-06T12:00:00Z', 25), null);

    // Rejected specimens: two potassium (one at 00:30 local on 7 January), one glucose in the
    // 7 days; one potassium at 23:59 local on 31 December, in the 14 only.
    await reject(potassium, '2030-01-03T09:00:00Z', 'Haemolysed');
    await reject(glucose, '2030-01-04T09:00:00Z', 'Haemolysed');
    await reject(potassium, '2030-01-06T23:30:00Z', 'Insufficient');
    await reject(potassium, '2029-12-31T22:59:00Z', 'Haemolysed');

    // Critical alerts: acknowledged after 10, 45 (escalated at 30) and 5 minutes; one open and
    // escalated, raised 23:30 local on 6 January; one at 23:55 local on 31 December (14 days only).
    await alert(k1, '2030-01-03T08:30:00Z', 10);
    await alert(k3, '2030-01-05T10:30:00Z', 45, 30);
    await alert({ s: k4s, id: k4 }, '2030-01-06T09:00:00Z', 5);
    await alert({ s: k5s, id: k5 }, '2030-01-06T22:30:00Z', null, 30);
    await alert(g3, '2029-12-31T22:55:00Z', 20);
  });

  it('computes turnaround by test and priority: medians, 90th percentiles and the share within target', async () => {
    const { turnaround } = await lab('?days=7');
    // All eight: 30, 40, 45, 60, 70, 90, 100, 150; 5 within their test's target.
    expect(turnaround.all).toEqual({
      count: 8,
      medianMinutes: 65,
      p90Minutes: 115,
      withinTarget: 5,
      percentWithinTarget: 62.5,
    });
    expect(turnaround.byPriority).toEqual([
      // 30 and 45.
      {
        priority: 'STAT',
        count: 2,
        medianMinutes: 37.5,
        p90Minutes: 43.5,
        withinTarget: 2,
        percentWithinTarget: 100,
      },
      // 60 and the panel's 100 (over its 90).
      {
        priority: 'Urgent',
        count: 2,
        medianMinutes: 80,
        p90Minutes: 96,
        withinTarget: 1,
        percentWithinTarget: 50,
      },
      // 40, 70 (glucose, over 60), 90, 150 (potassium, over 120).
      {
        priority: 'Routine',
        count: 4,
        medianMinutes: 80,
        p90Minutes: 132,
        withinTarget: 2,
        percentWithinTarget: 50,
      },
    ]);
    expect(turnaround.byTest).toEqual([
      {
        testId: electrolytes,
        code: expect.any(String),
        name: 'Electrolytes',
        targetMinutes: 90,
        count: 1,
        medianMinutes: 100,
        p90Minutes: 100,
        withinTarget: 0,
        percentWithinTarget: 0,
      },
      {
        testId: glucose,
        code: expect.any(String),
        name: 'Glucose',
        targetMinutes: 60,
        // 40, 45, 70.
        count: 3,
        medianMinutes: 45,
        p90Minutes: 65,
        withinTarget: 2,
        percentWithinTarget: 66.7,
      },
      {
        testId: potassium,
        code: expect.any(String),
        name: 'Potassium',
        targetMinutes: 120,
        // 30, 60, 90, 150: the panels' potassium counts under the panel only.
        count: 4,
        medianMinutes: 75,
        p90Minutes: 132,
        withinTarget: 3,
        percentWithinTarget: 75,
      },
    ]);
  });

  it('counts rejected specimens by reason and by test among the specimens collected in the period', async () => {
    const { rejections } = await lab('?days=7');
    // 12 specimens: 7 potassium (5 with results, 2 rejected), 3 glucose, 2 panels.
    expect(rejections).toMatchObject({ specimens: 12, rejected: 3, percentRejected: 25 });
    expect(rejections.byReason).toEqual([
      { reason: 'Haemolysed', rejected: 2, percentRejected: 16.7 },
      { reason: 'Clotted', rejected: 0, percentRejected: 0 },
      { reason: 'Insufficient', rejected: 1, percentRejected: 8.3 },
      { reason: 'Unlabelled', rejected: 0, percentRejected: 0 },
    ]);
    expect(rejections.byTest).toEqual([
      {
        testId: potassium,
        code: expect.any(String),
        name: 'Potassium',
        specimens: 7,
        rejected: 2,
        percentRejected: 28.6,
      },
      {
        testId: glucose,
        code: expect.any(String),
        name: 'Glucose',
        specimens: 3,
        rejected: 1,
        percentRejected: 33.3,
      },
      {
        testId: electrolytes,
        code: expect.any(String),
        name: 'Electrolytes',
        specimens: 2,
        rejected: 0,
        percentRejected: 0,
      },
    ]);
  });

  it('counts critical alerts and how fast they were acknowledged', async () => {
    const { critical } = await lab('?days=7');
    // Acknowledged after 5, 10 and 45 minutes.
    expect(critical).toEqual({
      raised: 4,
      acknowledged: 3,
      medianAckMinutes: 10,
      p90AckMinutes: 38,
      escalated: 2,
      open: 1,
    });
  });

  it('reaches back 14 facility days, and 14 is the default', async () => {
    const figures = await lab('?days=14');
    expect(figures).toMatchObject({ days: 14, from: '2029-12-25', to: '2030-01-07' });
    // The glucose verified at 23:50 local on 31 December joins: 30, 40, 45, 50, 60, 70, 90, 100, 150.
    expect(figures.turnaround.all).toEqual({
      count: 9,
      medianMinutes: 60,
      p90Minutes: 110,
      withinTarget: 6,
      percentWithinTarget: 66.7,
    });
    expect(figures.rejections).toMatchObject({ specimens: 15, rejected: 4, percentRejected: 26.7 });
    expect(figures.rejections.byReason[0]).toEqual({
      reason: 'Haemolysed',
      rejected: 3,
      percentRejected: 20,
    });
    // Acknowledged after 5, 10, 20 and 45 minutes.
    expect(figures.critical).toEqual({
      raised: 5,
      acknowledged: 4,
      medianAckMinutes: 15,
      p90AckMinutes: 37.5,
      escalated: 2,
      open: 1,
    });
    expect(await lab()).toEqual(figures);
  });

  it('moves with the facility day: at 00:30 local on 8 January the 7 days start on 2 January', async () => {
    clock.set(at('2030-01-07T23:30:00Z'));
    try {
      const later = await adminClient(t);
      const res = await later.get('/api/admin/analytics/lab?days=7');
      expect(res.statusCode, res.body).toBe(200);
      const figures = res.json();
      expect(figures).toMatchObject({ from: '2030-01-02', to: '2030-01-08' });
      // The glucose of 00:10 local on 1 January is out: 30, 45, 60, 70, 90, 100, 150.
      expect(figures.turnaround.all).toMatchObject({ count: 7, medianMinutes: 70 });
    } finally {
      clock.set(NOW);
    }
  });

  it('refuses a period other than 7, 14 or 30 days', async () => {
    for (const days of ['10', '0', 'abc', '7.5', '-7'])
      expectInvalid(await admin.get(`/api/admin/analytics/lab?days=${days}`), INPATIENT_PERIOD_MESSAGE);
    // A NUL byte meets the app's own refusal of unreadable text, a 400 all the same.
    expect((await admin.get('/api/admin/analytics/lab?days=7%00')).statusCode).toBe(400);
    expect((await lab('?days=30')).days).toBe(30);
  });

  it('is for admins only', async () => {
    expect((await client(t).get('/api/admin/analytics/lab')).statusCode).toBe(401);
    for (const role of ['doctor', 'nurse', 'patient', 'lab'] as const) {
      const { headers } = await signedIn(t, role);
      const res = await client(t, headers).get('/api/admin/analytics/lab');
      expect(res.statusCode, role).toBe(403);
    }
  });
});
