import {
  LAB_PRIORITIES,
  LAB_WORKLIST_FILTERS,
  type LabCriticalAlertList,
  type LabOrderList,
  type LabWorklistPage,
  type PatientLabReportList,
  type PatientLabResults,
} from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed/accounts';
import { signIn, type TestApp } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
/** The patient whose reviews the demo laboratory holds (db/seed/lab.ts). */
const REVIEWED = 'segun.alabi@carepoint.example';

/**
 * What a demo user finds in the laboratory right after the seed (db/seed/lab.ts), read through the
 * API as each of them would: the worklist, the doctor's alerts and recollections, the chart's
 * trends and the patient's My Results. Registered by both demo-data tests (PGlite and PostgreSQL),
 * after the demo data is loaded; the last check moves the app's clock.
 */
export function demoLaboratoryChecks(testApp: () => TestApp) {
  const sessions = new Map<string, Promise<{ cookie: string }>>();
  const as = (email: string) => {
    const session = sessions.get(email) ?? signIn(testApp(), { email }, DEMO_PASSWORD);
    sessions.set(email, session);
    return session;
  };
  const get = async <T>(email: string, url: string): Promise<T> => {
    const res = await testApp().app.inject({ method: 'GET', url, headers: await as(email) });
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };
  const worklist = (query: string) =>
    get<LabWorklistPage>('lab@carepoint.example', `/api/lab/worklist?${query}`).then((p) => p.data);

  it('puts an order in every state on the worklist, STAT, Urgent and Routine mixed', async () => {
    for (const state of LAB_WORKLIST_FILTERS)
      expect((await worklist(`state=${encodeURIComponent(state)}`)).length, state).toBeGreaterThan(0);
    const open = await worklist('state=open');
    expect(new Set(open.map((o) => o.priority))).toEqual(new Set(LAB_PRIORITIES));
    // Collected specimens waiting for their results: a glucose, a creatinine and a haemoglobin.
    const collected = (await worklist('state=Collected')).flatMap((o) => o.tests.map((t) => t.code));
    expect(collected).toEqual(expect.arrayContaining(['RBS', 'CREAT', 'HB']));
  });

  it('has a haemolysed specimen rejected, its order back for a new one and the doctor told', async () => {
    const waiting = await get<LabOrderList>('doctor@carepoint.example', '/api/lab/recollections');
    expect(waiting.data).toEqual([
      expect.objectContaining({
        state: 'Ordered',
        lastRejection: expect.objectContaining({ reason: 'Haemolysed' }),
      }),
    ]);
  });

  it('gives one patient verified, shared panels with abnormal values over nine months', async () => {
    const [patient] = await testApp()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, REVIEWED));
    const chart = await get<PatientLabResults>(
      'doctor@carepoint.example',
      `/api/doctor/patients/${patient?.id}/lab-results`,
    );
    const trend = (name: string) => chart.trends.find((t) => t.test.name === name)?.points ?? [];
    const hba1c = trend('HbA1c (glycated haemoglobin)');
    expect(hba1c.length).toBeGreaterThanOrEqual(6);
    const first = Date.parse(hba1c[0]?.at ?? '');
    const last = Date.parse(hba1c.at(-1)?.at ?? '');
    expect(last - first).toBeGreaterThan(240 * DAY);
    expect(hba1c.every((p) => p.interpretation === 'H')).toBe(true);
    // Kidney function worsening, the anaemia that comes with it: flagged, each with a trend.
    expect(trend('Creatinine').at(-1)?.interpretation).toBe('H');
    expect(trend('Haemoglobin').at(-1)?.interpretation).toBe('L');
    expect(trend('Potassium').length).toBe(hba1c.length);
    expect(chart.orders.every((o) => o.shared)).toBe(true);

    const mine = await get<PatientLabReportList>(REVIEWED, '/api/patient/lab-results');
    expect(mine.data).toHaveLength(chart.orders.length);
    expect(mine.data.flatMap((r) => r.lines).filter((l) => l.test.startsWith('HbA1c'))).toHaveLength(
      hba1c.length,
    );
  });

  it('alerts the demo doctor to a critical potassium, escalated only after the lab’s time', async () => {
    const alerts = await get<LabCriticalAlertList>('doctor@carepoint.example', '/api/doctor/lab-alerts');
    expect(alerts.data).toEqual([
      expect.objectContaining({
        test: expect.objectContaining({ name: 'Potassium' }),
        interpretation: 'HH',
        acknowledgedAt: null,
        escalatedAt: null,
      }),
    ]);
    // Not escalated when the demo starts; left unacknowledged for the default 30 minutes, it is.
    expect(await testApp().app.labEscalation.runOnce()).toBe(0);
    testApp().clock.advance(30 * 60_000);
    expect(await testApp().app.labEscalation.runOnce()).toBe(1);
    const escalated = await get<LabCriticalAlertList>('admin@carepoint.example', '/api/admin/lab-alerts');
    expect(escalated.data.map((a) => a.id)).toEqual(alerts.data.map((a) => a.id));
  });
}
