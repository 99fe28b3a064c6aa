import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';

/*
 * "Who opened my record": a patient sees the staff reads and changes of their own record, newest
 * first and paged, never their own reads, never another patient's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (headers: { cookie: string }, url: string) => t.app.inject({ method: 'GET', url, headers });

describe('who opened my record', () => {
  it("shows a doctor's chart read and an admin's read, newest first, without the patient's own reads", async () => {
    const patient = await signedIn(t, 'patient');
    const other = await signedIn(t, 'patient');
    const doctor = await signedIn(t, 'doctor', { firstName: 'Daniel', lastName: 'Adeyemi' });
    const admin = await signedIn(t, 'admin', { firstName: 'Amaka', lastName: 'Obi' });

    expect((await get(doctor.headers, `/api/doctor/patients/${patient.user.id}`)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await get(admin.headers, `/api/admin/patients/${patient.user.id}`)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await get(doctor.headers, `/api/doctor/patients/${other.user.id}`)).statusCode).toBe(200);
    // The patient's own reads are left out.
    expect((await get(patient.headers, '/api/patient/prescriptions')).statusCode).toBe(200);
    expect((await get(patient.headers, '/api/user/profile')).statusCode).toBe(200);

    const res = await get(patient.headers, '/api/patient/record-access');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.data).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        who: 'Amaka Obi',
        role: 'Front desk / admin',
        what: 'Opened your patient record',
        where: 'Patients (front desk)',
      },
      {
        id: expect.any(Number),
        at: expect.any(String),
        who: 'Daniel Adeyemi',
        role: 'Doctor',
        what: 'Opened your chart',
        where: 'Patient chart (doctor)',
      },
    ]);
    expect(page.pagination).toMatchObject({ page: 1, total: 2 });
    expect(Date.parse(page.data[0].at)).toBeGreaterThan(Date.parse(page.data[1].at));

    const paged = (await get(patient.headers, '/api/patient/record-access?limit=1&page=2')).json();
    expect(paged.data.map((r: { who: string }) => r.who)).toEqual(['Daniel Adeyemi']);

    const theirs = (await get(other.headers, '/api/patient/record-access')).json();
    expect(theirs.data.map((r: { who: string }) => r.who)).toEqual(['Daniel Adeyemi']);
  });

  it('is for patients only', async () => {
    const doctor = await signedIn(t, 'doctor');
    expect((await get(doctor.headers, '/api/patient/record-access')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/patient/record-access' })).statusCode).toBe(401);
  });
});
