import type { AdminPatient } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, signedIn, type TestApp, testClock } from '../../test/helpers';

/*
 * Two app instances on one PostgreSQL database, as behind a load balancer. Each keeps the
 * patients pages it served in its read cache; a change made on the other instance reaches it
 * through the tables' NOTIFY within a second.
 */

let a: TestApp;
let b: TestApp;
const clock = testClock();
// Letters only: a search term with digits is taken for an e-mail or phone fragment.
const surname = `Twoinstances${Date.now()
  .toString(36)
  .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`;
beforeAll(async () => {
  a = await createTestApp({ clock });
  b = await createTestApp({ clock, database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const page = async (t: TestApp, headers: Record<string, string>) => {
  const res = await t.app.inject({ url: `/api/admin/patients?q=${surname}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: AdminPatient[] }>().data;
};

describe('read cache across instances', () => {
  it("a patient's change made on one instance is in the other's list within a second", async () => {
    const { headers } = await signedIn(a, 'admin');
    const patient = await createUser(a, 'patient', { firstName: 'Emeka', lastName: surname });
    expect((await page(b, headers)).map((p) => p.fullName)).toEqual([`Emeka ${surname}`]);
    const detail = await a.app.inject({ url: `/api/admin/patients/${patient.id}`, headers });
    expect(detail.statusCode).toBe(200);
    const { patient: record } = detail.json<{ patient: Record<string, unknown> }>();
    const edit = await a.app.inject({
      method: 'PUT',
      url: `/api/admin/patients/${patient.id}`,
      headers,
      payload: {
        firstName: 'Emmanuel',
        lastName: surname,
        email: record.email,
        phone: '0803 555 0142',
        address: '3 Broad Street, Lagos',
        dateOfBirth: '1985-06-15',
        gender: 'male',
      },
    });
    expect(edit.statusCode).toBe(200);
    await vi.waitFor(
      async () => expect((await page(b, headers)).map((p) => p.fullName)).toEqual([`Emmanuel ${surname}`]),
      { timeout: 1000, interval: 20 },
    );
  });
});
