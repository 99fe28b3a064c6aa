import { AMBULANCE_MESSAGES, NURSE_MESSAGES } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, expectInvalid } from '../../../test/admin';
import { createNurses, createTestApp, createUser, type TestApp, testClock } from '../../../test/helpers';
import { auditEvents, beds, demoRequests, outbox } from '../../db/schema';

/** Nurses, ambulances, the admin patients table, demo requests, the audit trail and the outbox. */

// 10:00 in Lagos (UTC+1): "today" for ages is 2030-01-07.
const clock = testClock(new Date('2030-01-07T09:00:00Z'));
let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { TIME_ZONE: 'Africa/Lagos' } });
  admin = await adminClient(t);
});
afterAll(() => t.close());

describe('nurses', () => {
  it('creates Active nurses and answers each required field with its message', async () => {
    const res = await admin.post('/api/admin/nurses', {
      fullName: 'Ada Nurse',
      email: 'Ada.Nurse@Test.example',
      department: 'ICU',
      status: 'On Leave',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      fullName: 'Ada Nurse',
      email: 'ada.nurse@test.example',
      department: 'ICU',
      status: 'Active',
    });

    const valid = { fullName: 'B Nurse', email: 'b.nurse@test.example', department: 'ER' };
    expectInvalid(
      await admin.post('/api/admin/nurses', { ...valid, fullName: ' ' }),
      NURSE_MESSAGES.fullNameRequired,
    );
    expectInvalid(
      await admin.post('/api/admin/nurses', { ...valid, department: '' }),
      NURSE_MESSAGES.departmentRequired,
    );
    expectInvalid(await admin.post('/api/admin/nurses', { ...valid, email: '' }), 'Email is required');
    expectInvalid(
      await admin.post('/api/admin/nurses', { ...valid, email: 'nope' }),
      'Enter a valid email address',
    );
    const dup = await admin.post('/api/admin/nurses', { ...valid, email: 'ADA.NURSE@test.example' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(NURSE_MESSAGES.emailTaken);
  });

  it('PUT replaces the whole nurse, PATCH changes some fields', async () => {
    const { id } = (
      await admin.post('/api/admin/nurses', {
        fullName: 'C Nurse',
        email: 'c@test.example',
        department: 'ER',
      })
    ).json();
    expectInvalid(
      await admin.put(`/api/admin/nurses/${id}`, {
        fullName: 'C',
        email: 'c@test.example',
        department: 'ER',
      }),
      'Status must be one of: Active, On Leave, On Duty',
    );
    const put = await admin.put(`/api/admin/nurses/${id}`, {
      fullName: 'C Nurse',
      email: 'c@test.example',
      department: 'Pediatrics',
      status: 'On Duty',
    });
    expect(put.json()).toMatchObject({ department: 'Pediatrics', status: 'On Duty' });
    const patch = await admin.patch(`/api/admin/nurses/${id}`, { status: 'On Leave' });
    expect(patch.json()).toMatchObject({ department: 'Pediatrics', status: 'On Leave' });
    expectInvalid(
      await admin.patch(`/api/admin/nurses/${id}`, { status: 'Asleep' }),
      'Status must be one of: Active, On Leave, On Duty',
    );
    const missing = await admin.patch('/api/admin/nurses/00000000-0000-4000-8000-000000000009', {
      status: 'Active',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(NURSE_MESSAGES.notFound);
  });

  it('pages 21+ nurses into 2 pages, searches and sorts', async () => {
    await createNurses(
      t,
      Array.from({ length: 21 }, (_, i) => ({
        fullName: `Paged Nurse ${String(i).padStart(2, '0')}`,
        email: `pn${i}@test.example`,
        department: i < 5 ? 'Maternity' : 'Surgery',
      })),
    );
    const one = (await admin.get('/api/admin/nurses?q=paged')).json();
    expect(one.data).toHaveLength(20);
    expect(one.pagination).toMatchObject({ total: 21, totalPages: 2, nextPage: 2 });
    const two = (await admin.get('/api/admin/nurses?q=paged&page=2')).json();
    expect(two.data.map((n: { fullName: string }) => n.fullName)).toEqual(['Paged Nurse 20']);
    expect((await admin.get('/api/admin/nurses?q=maternity')).json().pagination.total).toBe(5);
    const desc = (await admin.get('/api/admin/nurses?q=paged&sort=fullName&order=desc&limit=1')).json();
    expect(desc.data[0].fullName).toBe('Paged Nurse 20');
    expect(
      (await admin.get('/api/admin/nurses?status=On%20Leave'))
        .json()
        .data.map((n: { fullName: string }) => n.fullName),
    ).toEqual(['C Nurse']);
  });
});

describe('ambulances', () => {
  it('creates Available units with unique upper-case codes', async () => {
    const res = await admin.post('/api/admin/ambulances', { code: ' amb-9 ', driverName: 'Sunday Okon' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 'AMB-9', driverName: 'Sunday Okon', status: 'Available' });
    const dup = await admin.post('/api/admin/ambulances', { code: 'Amb-9', driverName: 'X' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe(AMBULANCE_MESSAGES.codeTaken);
    expectInvalid(
      await admin.post('/api/admin/ambulances', { driverName: 'X' }),
      AMBULANCE_MESSAGES.codeRequired,
    );
    expectInvalid(
      await admin.post('/api/admin/ambulances', { code: 'AMB-10', driverName: '  ' }),
      AMBULANCE_MESSAGES.driverRequired,
    );
  });

  it('edits by PUT and PATCH, keeps codes unique and lists by code', async () => {
    const { id } = (await admin.post('/api/admin/ambulances', { code: 'AMB-1', driverName: 'A' })).json();
    const put = await admin.put(`/api/admin/ambulances/${id}`, {
      code: 'AMB-2',
      driverName: 'B',
      status: 'Maintenance',
    });
    expect(put.json()).toMatchObject({ code: 'AMB-2', driverName: 'B', status: 'Maintenance' });
    expect((await admin.patch(`/api/admin/ambulances/${id}`, { status: 'On Duty' })).json().status).toBe(
      'On Duty',
    );
    expect((await admin.patch(`/api/admin/ambulances/${id}`, { code: 'amb-9' })).statusCode).toBe(409);
    expectInvalid(
      await admin.patch(`/api/admin/ambulances/${id}`, { status: 'Flying' }),
      'Status must be one of: Available, On Duty, Maintenance',
    );
    const list = (await admin.get('/api/admin/ambulances')).json();
    expect(list.data.map((a: { code: string }) => a.code)).toEqual(['AMB-2', 'AMB-9']);
    expect(
      (await admin.get('/api/admin/ambulances?sort=driverName&order=desc')).json().data[0].driverName,
    ).toBe('Sunday Okon');
  });
});

describe('patients table', () => {
  it('shows age from the date of birth (facility today) and Inpatient while in a bed', async () => {
    const birthdayToday = await createUser(t, 'patient', {
      firstName: 'Birthday',
      lastName: 'Today',
      dateOfBirth: '2000-01-07',
    });
    await createUser(t, 'patient', {
      firstName: 'Birthday',
      lastName: 'Tomorrow',
      dateOfBirth: '2000-01-08',
    });
    await createUser(t, 'patient', { firstName: 'Birthday', lastName: 'Unknown' });
    await t.database.db
      .insert(beds)
      .values({ label: 'P-1', status: 'Occupied', patientId: birthdayToday.id });

    const res = await admin.get('/api/admin/patients?q=birthday&sort=age&order=asc');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((p: { fullName: string; age: number | null; status: string; bed: string | null }) => [
          p.fullName,
          p.age,
          p.status,
          p.bed,
        ]),
    ).toEqual([
      ['Birthday Tomorrow', 29, 'Outpatient', null],
      ['Birthday Today', 30, 'Inpatient', 'P-1'],
      ['Birthday Unknown', null, 'Outpatient', null],
    ]);
    const inpatients = (await admin.get('/api/admin/patients?status=Inpatient')).json();
    expect(inpatients.data.map((p: { id: string }) => p.id)).toEqual([birthdayToday.id]);
    expect(
      (await admin.get('/api/admin/patients?status=Outpatient&q=birthday')).json().pagination.total,
    ).toBe(2);
    expectInvalid(
      await admin.get('/api/admin/patients?status=Admitted'),
      'Status must be Inpatient or Outpatient',
    );
  });

  it('pages 21+ patients and records each read in the audit trail', async () => {
    for (let i = 0; i < 21; i++)
      await createUser(t, 'patient', { firstName: 'Many', lastName: `Pat${String(i).padStart(2, '0')}` });
    const page2 = (await admin.get('/api/admin/patients?q=many&page=2')).json();
    expect(page2.data.map((p: { fullName: string }) => p.fullName)).toEqual(['Many Pat20']);
    expect(page2.pagination).toMatchObject({ total: 21, totalPages: 2, prevPage: 1, nextPage: null });
    const trail = (await admin.get('/api/admin/audit?action=patients.list&limit=1')).json();
    expect(trail.data[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'patients.list',
      entityType: 'patient',
    });
    expect(trail.data[0].details.patientIds).toEqual(page2.data.map((p: { id: string }) => p.id));
  });
});

describe('demo requests, audit trail and outbox', () => {
  it('lists demo requests newest first, paged and searchable', async () => {
    const base = new Date('2030-01-01T00:00:00Z').getTime();
    await t.database.db.insert(demoRequests).values(
      Array.from({ length: 22 }, (_, i) => ({
        name: `Requester ${i}`,
        email: `r${i}@org.example`,
        organisation: i === 3 ? 'Special Clinic' : 'Some Hospital',
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const first = (await admin.get('/api/admin/demo-requests')).json();
    expect(first.data[0].name).toBe('Requester 21');
    expect(first.pagination).toMatchObject({ total: 22, totalPages: 2 });
    expect(
      (await admin.get('/api/admin/demo-requests?page=2')).json().data.map((r: { name: string }) => r.name),
    ).toEqual(['Requester 1', 'Requester 0']);
    expect((await admin.get('/api/admin/demo-requests?order=asc&limit=1')).json().data[0].name).toBe(
      'Requester 0',
    );
    expect(
      (await admin.get('/api/admin/demo-requests?q=special'))
        .json()
        .data.map((r: { name: string }) => r.name),
    ).toEqual(['Requester 3']);
  });

  it('filters the audit trail by action, actor, patient, entity type and time, newest first', async () => {
    const patient = await createUser(t, 'patient');
    const at = (iso: string) => new Date(iso);
    await t.database.db.insert(auditEvents).values([
      {
        at: at('2030-01-02T10:00:00Z'),
        action: 'test.read',
        entityType: 'thing',
        patientId: patient.id,
        actorId: admin.user.id,
      },
      { at: at('2030-01-03T10:00:00Z'), action: 'test.read', entityType: 'thing', patientId: patient.id },
      { at: at('2030-01-04T10:00:00Z'), action: 'test.change', entityType: 'other', patientId: patient.id },
    ]);
    const ofPatient = (await admin.get(`/api/admin/audit?patientId=${patient.id}`)).json();
    expect(ofPatient.data.map((e: { action: string }) => e.action)).toEqual([
      'test.change',
      'test.read',
      'test.read',
    ]);
    expect(
      (await admin.get(`/api/admin/audit?patientId=${patient.id}&action=test.read`)).json().pagination.total,
    ).toBe(2);
    expect(
      (await admin.get(`/api/admin/audit?patientId=${patient.id}&entityType=other`)).json().pagination.total,
    ).toBe(1);
    expect(
      (await admin.get(`/api/admin/audit?patientId=${patient.id}&actorId=${admin.user.id}`)).json().pagination
        .total,
    ).toBe(1);
    const window = (
      await admin.get(
        `/api/admin/audit?patientId=${patient.id}&from=2030-01-03T00:00:00Z&to=2030-01-04T10:00:00Z`,
      )
    ).json();
    expect(window.data.map((e: { at: string }) => e.at)).toEqual(['2030-01-03T10:00:00.000Z']);
    expectInvalid(await admin.get('/api/admin/audit?from=yesterday'), 'Enter a valid date and time');
    expectInvalid(await admin.get('/api/admin/audit?patientId=42'), 'Invalid patient id');
  });

  it('lists the outbox newest first and records that it was read', async () => {
    await t.database.db.insert(outbox).values([
      {
        to: 'a@test.example',
        subject: 'Older',
        delivery: 'Sent',
        createdAt: new Date('2030-01-01T00:00:00Z'),
      },
      {
        to: 'b@test.example',
        subject: 'Newer',
        delivery: 'Server log',
        createdAt: new Date('2030-01-02T00:00:00Z'),
      },
    ]);
    const mail = (await admin.get('/api/admin/outbox')).json();
    expect(mail.data.map((m: { subject: string }) => m.subject)).toEqual(['Newer', 'Older']);
    expect(mail.data[0]).toMatchObject({ to: 'b@test.example', delivery: 'Server log', sentAt: null });
    const trail = (await admin.get('/api/admin/audit?action=outbox.read')).json();
    expect(trail.pagination.total).toBe(1);
  });
});
