import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

it('stores a Schedule Demo request at the clock the rules read, and lists it for admins', async () => {
  t.clock.set('2030-03-04T10:15:00Z');
  const sent = await t.app.inject({
    method: 'POST',
    url: '/api/public/demo-requests',
    payload: {
      name: 'Ada Obi',
      email: 'ada@clinic.example',
      organisation: 'Obi Clinic',
      message: 'A demo, please',
    },
  });
  expect(sent.statusCode, sent.body).toBe(201);

  const { headers } = await signedIn(t, 'admin');
  const list = await t.app.inject({ url: '/api/admin/demo-requests', headers });
  expect(list.json().data).toEqual([
    expect.objectContaining({ id: sent.json().id, name: 'Ada Obi', createdAt: '2030-03-04T10:15:00.000Z' }),
  ]);
});
