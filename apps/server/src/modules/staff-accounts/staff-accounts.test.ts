import { MESSAGES, STAFF_ACCOUNT_MESSAGES, type StaffAccount } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, client, expectInvalid } from '../../../test/admin';
import { createTestApp, createUser, signedIn, signIn, type TestApp } from '../../../test/helpers';
import { users } from '../../db/schema';

/** Manage Staff: lab scientists' accounts, added with a welcome link, edited and deactivated by an admin. */

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const scientist = (email: string, fields: object = {}) => ({
  firstName: 'Bola',
  lastName: 'Adewale',
  email,
  phone: '+234 802 555 0101',
  role: 'lab',
  ...fields,
});

/** Adds a lab scientist as an admin, chooses their password from the welcome mail and signs them in. */
async function invitedScientist(email: string) {
  const res = await admin.post('/api/admin/staff', scientist(email));
  expect(res.statusCode, res.body).toBe(201);
  const mail = t.mail.at(-1);
  expect(mail).toMatchObject({ to: email, subject: 'Welcome to CarePoint: set your password' });
  expect(mail?.body).toContain('An administrator added you as Laboratory staff at CarePoint');
  const token = /reset-password\?token=([\w-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password: 'scientist-chosen-pass', confirmPassword: 'scientist-chosen-pass' },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  return { account: res.json<StaffAccount>(), headers: await signIn(t, { email }, 'scientist-chosen-pass') };
}

describe('adding a staff account', () => {
  it('makes an account with the role, mails a link to set the password, and the scientist reaches the lab', async () => {
    const { account, headers } = await invitedScientist('bola.adewale@test.example');
    expect(account).toMatchObject({
      firstName: 'Bola',
      lastName: 'Adewale',
      email: 'bola.adewale@test.example',
      phone: '+234 802 555 0101',
      role: 'lab',
      status: 'Active',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ role: 'lab', mustChangePassword: false, recordNumber: null });
    expect((await client(t, headers).get('/api/auth/me')).json().user).toMatchObject({ role: 'lab' });
    expect((await client(t, headers).get('/api/lab/worklist')).statusCode).toBe(200);
    const trail = (await admin.get('/api/admin/audit?action=staff.create&limit=1')).json();
    expect(trail.data[0]).toMatchObject({
      actorId: admin.user.id,
      entityId: account.id,
      details: { role: 'lab' },
    });
  });

  it('has no password anyone knows before the link is used', async () => {
    await admin.post('/api/admin/staff', scientist('not.yet@test.example'));
    await expect(signIn(t, { email: 'not.yet@test.example' }, '!no-password-yet')).rejects.toThrow(/401/);
  });

  it("answers 409 on the e-mail field with the patients' message, for any other account's address, and mails nothing", async () => {
    const doctor = await signedIn(t, 'doctor');
    const sent = t.mail.length;
    const res = await admin.post('/api/admin/staff', scientist(doctor.user.email.toUpperCase()));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'EMAIL_TAKEN',
      error: MESSAGES.emailTaken,
      fieldErrors: { email: [MESSAGES.emailTaken] },
    });
    expect(t.mail.length).toBe(sent);
  });

  it('makes one account of two adds of one address at once: one 201, one 409', async () => {
    const email = 'twice.at.once@test.example';
    const answers = await Promise.all([
      admin.post('/api/admin/staff', scientist(email, { firstName: 'First' })),
      admin.post('/api/admin/staff', scientist(email, { firstName: 'Second' })),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(t.mail.filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it('answers each field with its message; a role Manage Staff does not keep, NUL or huge text is 400', async () => {
    const valid = scientist('valid.fields@test.example');
    expectInvalid(
      await admin.post('/api/admin/staff', { ...valid, firstName: ' ' }),
      STAFF_ACCOUNT_MESSAGES.firstNameRequired,
      'firstName',
    );
    expectInvalid(
      await admin.post('/api/admin/staff', { ...valid, lastName: '' }),
      STAFF_ACCOUNT_MESSAGES.lastNameRequired,
      'lastName',
    );
    expectInvalid(
      await admin.post('/api/admin/staff', { ...valid, phone: '' }),
      STAFF_ACCOUNT_MESSAGES.phoneRequired,
      'phone',
    );
    expectInvalid(
      await admin.post('/api/admin/staff', { ...valid, email: 'nope' }),
      MESSAGES.emailInvalid,
      'email',
    );
    for (const role of ['doctor', 'admin', 'nurse', 'patient', 'surgeon'])
      expectInvalid(
        await admin.post('/api/admin/staff', { ...valid, role }),
        'Role must be one of: Laboratory, Pharmacy, Billing',
        'role',
      );
    expectInvalid(
      await admin.post('/api/admin/staff', { ...valid, firstName: 'Bo\u0000la' }),
      /NUL/,
      'firstName',
    );
    expectInvalid(
      await admin.post('/api/admin/staff', { ...valid, lastName: 'A'.repeat(100_000) }),
      'Must be at most 100 characters',
      'lastName',
    );
    expectInvalid(
      await admin.post('/api/admin/staff', { ...valid, phone: '1'.repeat(41) }),
      /at most 40/,
      'phone',
    );
    expect((await admin.get('/api/admin/staff?q=valid.fields')).json().data).toEqual([]);
  });
});

describe('listing staff accounts', () => {
  it('lists only the roles it keeps, paged, searched by name or e-mail, filtered by role and status, sorted', async () => {
    for (let i = 0; i < 21; i++)
      await createUser(t, 'lab', {
        firstName: 'Paged',
        lastName: `Scientist${String(i).padStart(2, '0')}`,
        email: `paged.scientist${i}@test.example`,
        status: i === 3 ? 'Inactive' : 'Active',
      });
    // Other roles of the same name are never listed.
    await createUser(t, 'doctor', { firstName: 'Paged', lastName: 'Doctor' });
    await createUser(t, 'nurse', { firstName: 'Paged', lastName: 'Nurse' });

    const one = (await admin.get('/api/admin/staff?q=paged')).json();
    expect(one.data).toHaveLength(20);
    expect(one.pagination).toMatchObject({ total: 21, totalPages: 2, nextPage: 2 });
    expect(one.data.every((a: StaffAccount) => a.role === 'lab')).toBe(true);
    const two = (await admin.get('/api/admin/staff?q=paged&page=2')).json();
    expect(two.data.map((a: StaffAccount) => a.lastName)).toEqual(['Scientist20']);
    expect((await admin.get('/api/admin/staff?q=scientist7@')).json().data).toEqual([
      expect.objectContaining({ lastName: 'Scientist07' }),
    ]);
    expect((await admin.get('/api/admin/staff?q=paged%20scientist1')).json().pagination.total).toBe(10);
    const inactive = (await admin.get('/api/admin/staff?q=paged&status=Inactive')).json();
    expect(inactive.data.map((a: StaffAccount) => a.lastName)).toEqual(['Scientist03']);
    expect((await admin.get('/api/admin/staff?q=paged&role=lab')).json().pagination.total).toBe(21);
    const desc = (await admin.get('/api/admin/staff?q=paged&sort=name&order=desc&limit=1')).json();
    expect(desc.data[0].lastName).toBe('Scientist20');
    expectInvalid(
      await admin.get('/api/admin/staff?role=doctor'),
      'Role must be one of: Laboratory, Pharmacy, Billing',
    );
    expectInvalid(await admin.get('/api/admin/staff?sort=password'), /sort/i);
  });

  it('is closed to every role but the admin', async () => {
    for (const role of ['doctor', 'nurse', 'lab', 'pharmacist', 'cashier', 'patient'] as const) {
      const { headers } = await signedIn(t, role);
      const them = client(t, headers);
      expect((await them.get('/api/admin/staff')).statusCode, role).toBe(403);
      expect((await them.post('/api/admin/staff', scientist(`${role}.tries@test.example`))).statusCode).toBe(
        403,
      );
    }
    expect((await client(t).get('/api/admin/staff')).statusCode).toBe(401);
  });
});

describe('editing and deactivating a staff account', () => {
  it('changes names and phone, and audits the fields changed', async () => {
    const { id } = (
      await admin.post('/api/admin/staff', scientist('renamed@test.example'))
    ).json<StaffAccount>();
    const res = await admin.patch(`/api/admin/staff/${id}`, {
      firstName: 'Bolanle',
      phone: '+234 809 000 0000',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Bolanle',
      lastName: 'Adewale',
      phone: '+234 809 000 0000',
    });
    const trail = (await admin.get('/api/admin/audit?action=staff.update&limit=1')).json();
    expect(trail.data[0]).toMatchObject({ entityId: id, details: { fields: ['firstName', 'phone'] } });
    expectInvalid(await admin.patch(`/api/admin/staff/${id}`, { lastName: 'x\u0000' }), /NUL/, 'lastName');
    expectInvalid(await admin.patch(`/api/admin/staff/${id}`, { status: 'Asleep' }), /Active/, 'status');
    // The e-mail and the role are not edited here: unknown keys are dropped, nothing else changes.
    const kept = await admin.patch(`/api/admin/staff/${id}`, { email: 'other@test.example', role: 'admin' });
    expect(kept.json()).toMatchObject({ email: 'renamed@test.example', role: 'lab' });
  });

  it("answers 404 for an id that is not a staff account (a doctor's, a patient's, an admin's, none)", async () => {
    const doctor = await createUser(t, 'doctor');
    const patient = await createUser(t, 'patient');
    for (const id of [doctor.id, patient.id, admin.user.id, '00000000-0000-4000-8000-000000000009']) {
      const res = await admin.patch(`/api/admin/staff/${id}`, { firstName: 'Hijacked', status: 'Inactive' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe(STAFF_ACCOUNT_MESSAGES.notFound);
    }
    const [still] = await t.database.db.select().from(users).where(eq(users.id, doctor.id));
    expect(still).toMatchObject({ firstName: doctor.firstName, status: 'Active' });
  });

  it('Inactive ends their sessions and refuses their sign-in; Active lets them sign in again', async () => {
    const { account, headers } = await invitedScientist('leaving.lab@test.example');
    const off = await admin.patch(`/api/admin/staff/${account.id}`, { status: 'Inactive' });
    expect(off.json()).toMatchObject({ status: 'Inactive' });
    expect((await client(t, headers).get('/api/lab/worklist')).statusCode).toBe(401);
    await expect(signIn(t, { email: 'leaving.lab@test.example' }, 'scientist-chosen-pass')).rejects.toThrow(
      /sign-in failed/,
    );
    await admin.patch(`/api/admin/staff/${account.id}`, { status: 'Active' });
    await signIn(t, { email: 'leaving.lab@test.example' }, 'scientist-chosen-pass');
  });
});
