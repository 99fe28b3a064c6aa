import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, serviceContext, type TestApp } from '../../../test/helpers';
import { latestNews2 } from '../../modules/observations';
import { observationAlerts, observationSets, stays, users } from '../schema';
import { seedDemoData } from '.';

/* The demo ward observations: every admitted stay has sets, and the demo doctor has a deteriorating patient with an open alert. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  expect(await seedDemoData(serviceContext(t))).toBe(true);
});
afterAll(() => t.close());

describe('the demo observations', () => {
  it('give every admitted stay a NEWS2, and the demo doctor a high one with an open alert', async () => {
    const admitted = await t.database.db
      .select({ id: stays.id, doctorEmail: users.email })
      .from(stays)
      .innerJoin(users, eq(users.id, stays.doctorId))
      .where(eq(stays.status, 'Admitted'));
    const latest = await latestNews2(
      serviceContext(t),
      admitted.map((s) => s.id),
    );
    expect(latest.size).toBe(admitted.length);
    const alerts = await t.database.db
      .select({
        score: observationAlerts.score,
        acknowledgedAt: observationAlerts.acknowledgedAt,
        email: users.email,
      })
      .from(observationAlerts)
      .innerJoin(stays, eq(stays.id, observationAlerts.stayId))
      .innerJoin(users, eq(users.id, stays.doctorId));
    const open = alerts.filter((a) => a.acknowledgedAt === null);
    expect(open).toEqual([{ score: 8, acknowledgedAt: null, email: 'doctor@carepoint.example' }]);
    expect(alerts.some((a) => a.acknowledgedAt !== null)).toBe(true);
    const scores = await t.database.db.select({ score: observationSets.score }).from(observationSets);
    expect(Math.max(...scores.map((s) => s.score))).toBe(8);
  });
});
