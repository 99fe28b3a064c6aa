import { FACILITY_MESSAGES, INVALID_TEXT_MESSAGE, MESSAGES } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, type Client, client, expectInvalid } from '../../../test/admin';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { auditEvents } from '../../db/schema';
import { storeFacilityDefaults } from './service';

/* The facility's details: the FACILITY_* settings until an admin saves them; public to read. */

const ENV = {
  FACILITY_NAME: 'Sunrise Clinic Ikeja',
  FACILITY_ADDRESS: '12 Allen Avenue, Ikeja, Lagos State',
  FACILITY_PHONE: '+234 1 555 0100',
  FACILITY_EMAIL: 'Front.Desk@sunrise.example',
};
const SAVED = {
  name: 'Harbour Family Clinic',
  address: '3 Marina Road, Lagos Island, Lagos State',
  phone: '+234 809 000 1234',
  email: 'hello@harbour.example',
};

let t: TestApp;
let admin: AdminClient;
let anyone: Client;
beforeAll(async () => {
  t = await createTestApp({ env: ENV });
  admin = await adminClient(t);
  anyone = client(t);
});
afterAll(() => t.close());

const publicDetails = async () => {
  const res = await anyone.get('/api/public/facility');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('the facility details', () => {
  it('are the FACILITY_* settings until an admin saves them, for anyone to read', async () => {
    expect(await publicDetails()).toEqual({
      name: ENV.FACILITY_NAME,
      address: ENV.FACILITY_ADDRESS,
      phone: ENV.FACILITY_PHONE,
      email: 'front.desk@sunrise.example',
    });
    // The first start stores them; a later start leaves what is stored alone.
    await storeFacilityDefaults(t.database.db, t.app.config);
    await storeFacilityDefaults(t.database.db, { ...t.app.config, FACILITY_NAME: 'Another name' });
    expect((await publicDetails()).name).toBe(ENV.FACILITY_NAME);
  });

  it('are changed by an admin only: others get 403, anonymous callers 401', async () => {
    for (const role of ['doctor', 'patient'] as const) {
      const { headers } = await signedIn(t, role);
      const res = await client(t, headers).put('/api/admin/facility', SAVED);
      expect(res.statusCode, role).toBe(403);
    }
    expect((await anyone.put('/api/admin/facility', SAVED)).statusCode).toBe(401);
    expect((await publicDetails()).name).toBe(ENV.FACILITY_NAME);
  });

  it("an admin's change is what the public read answers next, and it is audited", async () => {
    const res = await admin.put('/api/admin/facility', { ...SAVED, email: 'Hello@Harbour.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(SAVED);
    expect(await publicDetails()).toEqual(SAVED);

    const [row] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'facility.update'), eq(auditEvents.actorId, admin.user.id)));
    expect(row).toMatchObject({ entityType: 'setting', entityId: 'facility' });
    expect(row?.details).toMatchObject({
      changed: ['name', 'address', 'phone', 'email'],
      before: { phone: ENV.FACILITY_PHONE },
      after: { phone: SAVED.phone },
    });
  });

  it('an empty detail is cleared (null), except the name, which is required', async () => {
    const res = await admin.put('/api/admin/facility', { ...SAVED, phone: '  ', email: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await publicDetails()).toEqual({ ...SAVED, phone: null, email: null });
    expectInvalid(
      await admin.put('/api/admin/facility', { ...SAVED, name: ' ' }),
      FACILITY_MESSAGES.nameRequired,
      'name',
    );
    expectInvalid(
      await admin.put('/api/admin/facility', { ...SAVED, email: 'no-at-sign' }),
      MESSAGES.emailInvalid,
      'email',
    );
    expectInvalid(
      await admin.put('/api/admin/facility', { ...SAVED, phone: '0803\u0000' }),
      INVALID_TEXT_MESSAGE,
      'phone',
    );
    expectInvalid(
      await admin.put('/api/admin/facility', { ...SAVED, address: 'x'.repeat(100_000) }),
      /at most 200/,
      'address',
    );
    expect((await publicDetails()).name).toBe(SAVED.name);
  });
});
