import {
  type AppointmentStatus,
  CHART_MESSAGES,
  type MedicalReportPage,
  PATIENT_CSV_COLUMNS,
  type PatientCard,
  type PatientChart,
  type UpdateMedicalDetailsInput,
  VITALS_SERIES_MAX_POINTS,
  type VitalsSeries,
} from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  type TestApp,
  type TestUser,
  testClock,
} from '../../../test/helpers';
import {
  appointments,
  auditEvents,
  patientMedicalDetails,
  userImages,
  users,
  vitalSigns,
} from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { csvCell } from '../../lib/csv';
import { EXPORT_BATCH } from './patient-csv';
import { bornBefore } from './queries';

type Headers = { cookie: string };
type CardPage = {
  data: PatientCard[];
  pagination: {
    page: number;
    totalPages: number;
    total: number;
    prevPage: number | null;
    nextPage: number | null;
  };
};

/*
 * The facility is in Lagos (UTC+1) and the clock reads 23:30 UTC on Monday 7 January 2030:
 * it is already Tuesday 8 January at the facility, so ages and the export's date follow that day.
 */
const NOW = new Date('2030-01-07T23:30:00Z');
const FACILITY_TODAY = '2030-01-08';
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY);

let t: TestApp;
let doctor: { user: TestUser; headers: Headers };

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(NOW), env: { TIME_ZONE: 'Africa/Lagos' } });
  doctor = await signedIn(t, 'doctor', { firstName: 'Daniel', lastName: 'Adeyemi' });
});
afterAll(() => t.close());

const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const put = (headers: Headers, url: string, payload: UpdateMedicalDetailsInput) =>
  t.app.inject({ method: 'PUT', url, headers, payload });
const cards = async (headers: Headers, query: string) => {
  const res = await get(headers, `/api/doctor/patients?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CardPage>();
};

async function visit(
  patientId: string,
  doctorId: string,
  startsAt: Date,
  status: AppointmentStatus,
  fields: Partial<typeof appointments.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      patientId,
      doctorId,
      title: 'Check-up',
      priority: 'Medium',
      date: startsAt.toISOString().slice(0, 10),
      time: startsAt.toISOString().slice(11, 19),
      startsAt,
      durationMinutes: 45,
      status,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('appointment not created');
  return row;
}

const vitals = (patientId: string, recordedAt: Date, values: Partial<typeof vitalSigns.$inferInsert>) =>
  t.database.db.insert(vitalSigns).values({ patientId, recordedAt, source: 'triage', ...values });

/** A doctor of their own with `n` patients booked with them: "My patients" isolates each test. */
async function practice(names: Array<[string, string, Partial<typeof users.$inferInsert>?]>) {
  const own = await signedIn(t, 'doctor');
  const patients: TestUser[] = [];
  for (const [i, [firstName, lastName, fields]] of names.entries()) {
    const p = await createUser(t, 'patient', { firstName, lastName, ...fields });
    await visit(p.id, own.user.id, new Date(daysAgo(40).getTime() + i * HOUR), 'Pending');
    patients.push(p);
  }
  return { ...own, patients };
}

const auditRows = (action: string, actorId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.actorId, actorId)))
    .orderBy(asc(auditEvents.id));

describe('who may use the doctor patient routes', () => {
  it('answers 401 without a session and 403 to patients and admins, on every route', async () => {
    const patient = await signedIn(t, 'patient');
    const admin = await signedIn(t, 'admin');
    const id = patient.user.id;
    const routes: Array<['GET' | 'PUT', string]> = [
      ['GET', '/api/doctor/patients'],
      ['GET', '/api/doctor/patients/export'],
      ['GET', `/api/doctor/patients/${id}`],
      ['GET', `/api/doctor/patients/${id}/reports`],
      ['GET', `/api/doctor/patients/${id}/vitals`],
      ['PUT', `/api/doctor/patients/${id}/medical-details`],
    ];
    for (const [method, url] of routes) {
      const anonymous = await t.app.inject({ method, url, payload: method === 'PUT' ? {} : undefined });
      expect({ url, status: anonymous.statusCode }).toEqual({ url, status: 401 });
      for (const who of [patient, admin]) {
        const res = await t.app.inject({
          method,
          url,
          headers: who.headers,
          payload: method === 'PUT' ? {} : undefined,
        });
        expect({ url, role: who.user.role, status: res.statusCode }).toEqual({
          url,
          role: who.user.role,
          status: 403,
        });
      }
    }
  });
});

describe('the Patient List', () => {
  it('shows my patients by default: anyone with an appointment with me, whatever its status', async () => {
    const mine = await practice([['Ada', 'Mine']]);
    const cancelledOnly = await createUser(t, 'patient', { firstName: 'Bola', lastName: 'Cancelled' });
    await visit(cancelledOnly.id, mine.user.id, daysAgo(3), 'Cancelled');
    const someoneElses = await createUser(t, 'patient', { firstName: 'Chidi', lastName: 'Elsewhere' });
    await visit(someoneElses.id, doctor.user.id, daysAgo(3), 'Completed');

    const byDefault = await cards(mine.headers, '');
    expect(byDefault.data.map((p) => p.fullName)).toEqual(['Bola Cancelled', 'Ada Mine']);

    const all = await cards(mine.headers, 'scope=all&q=Elsewhere');
    expect(all.data.map((p) => p.fullName)).toEqual(['Chidi Elsewhere']);
  });

  it('pages by ?page with 10 by default, Previous and Next from the server, and the Count sizes', async () => {
    const names = Array.from({ length: 12 }, (_, i): [string, string] => [
      `P${String(i).padStart(2, '0')}`,
      'Paged',
    ]);
    const own = await practice(names);
    const first = await cards(own.headers, '');
    expect(first.data).toHaveLength(10);
    expect(first.pagination).toMatchObject({
      page: 1,
      total: 12,
      totalPages: 2,
      prevPage: null,
      nextPage: 2,
    });
    const second = await cards(own.headers, 'page=2');
    expect(second.data.map((p) => p.fullName)).toEqual(['P10 Paged', 'P11 Paged']);
    expect(second.pagination).toMatchObject({ page: 2, prevPage: 1, nextPage: null });
    const twenty = await cards(own.headers, 'limit=20');
    expect(twenty.data).toHaveLength(12);
    expect(twenty.pagination.nextPage).toBeNull();
  });

  it('searches every patient on the server by name, "first last" and e-mail', async () => {
    const own = await practice([
      ['Ngozi', 'Searchable', { email: 'ngozi.s@clinic.example' }],
      ['Tunde', 'Findme'],
    ]);
    const names = async (q: string) =>
      (await cards(own.headers, `q=${encodeURIComponent(q)}`)).data.map((p) => p.fullName);
    expect(await names('searchab')).toEqual(['Ngozi Searchable']);
    expect(await names('tunde findme')).toEqual(['Tunde Findme']);
    expect(await names('ngozi.s@clinic')).toEqual(['Ngozi Searchable']);
    expect(await names('nobody-like-this')).toEqual([]);
  });

  it('shows on each card the latest recorded weight, blood pressure and glucose, each its newest value', async () => {
    const own = await practice([
      ['Vera', 'Vitals', { dateOfBirth: '1990-01-08', address: '4 Awolowo Road, Ikoyi, Lagos' }],
    ]);
    const [p] = own.patients;
    if (!p) throw new Error('no patient');
    await vitals(p.id, daysAgo(20), { weight: 70.5, systolic: 118, diastolic: 76, bloodGlucose: 92 });
    await vitals(p.id, daysAgo(10), { systolic: 131, diastolic: 85 });
    // The newest row has only a weight: it does not hide the older blood pressure and glucose.
    await vitals(p.id, daysAgo(1), { weight: 72.3, heartRate: 80 });
    await t.database.db.insert(patientMedicalDetails).values({ patientId: p.id, bloodGroup: 'O+' });

    const [card] = (await cards(own.headers, '')).data;
    expect(p.recordNumber).toMatch(/^CP-\d{6}$/);
    expect(card).toEqual({
      id: p.id,
      recordNumber: p.recordNumber ?? '',
      fullName: 'Vera Vitals',
      imageUrl: null,
      dateOfBirth: '1990-01-08',
      // 40 at the facility (already 8 January there), still 39 by the UTC date.
      age: 40,
      address: '4 Awolowo Road, Ikoyi, Lagos',
      bloodGroup: 'O+',
      lastVisitedAt: null,
      weight: { value: 72.3, recordedAt: daysAgo(1).toISOString() },
      bloodPressure: { systolic: 131, diastolic: 85, recordedAt: daysAgo(10).toISOString() },
      bloodGlucose: { value: 92, recordedAt: daysAgo(20).toISOString() },
    } satisfies PatientCard);
  });

  it('dates the last visit from the latest Completed appointment, with any doctor', async () => {
    const own = await practice([['Lara', 'Visited']]);
    const [p] = own.patients;
    if (!p) throw new Error('no patient');
    const other = await createUser(t, 'doctor');
    await visit(p.id, own.user.id, daysAgo(50), 'Completed');
    await visit(p.id, other.id, daysAgo(12), 'Completed');
    await visit(p.id, own.user.id, daysAgo(5), 'Cancelled');
    await visit(p.id, own.user.id, daysAgo(2), 'Confirmed');
    const [card] = (await cards(own.headers, '')).data;
    expect(card?.lastVisitedAt).toBe(daysAgo(12).toISOString());
  });

  it('carries the avatar as an image URL', async () => {
    const own = await practice([['Ife', 'Pictured']]);
    const [p] = own.patients;
    if (!p) throw new Error('no patient');
    const uploaded = new Date('2030-01-02T10:00:00Z');
    await t.database.db
      .insert(userImages)
      .values({ userId: p.id, contentType: 'image/png', data: 'iVBORw0KGgo=', size: 8, updatedAt: uploaded });
    const [card] = (await cards(own.headers, '')).data;
    expect(card?.imageUrl).toBe(`/api/users/${p.id}/image?v=${uploaded.getTime()}`);
  });

  it('writes one audit row per page read, naming the patients shown', async () => {
    const own = await practice([['Audra', 'Listed']]);
    await cards(own.headers, '');
    const rows = await auditRows('patients.list', own.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({ patientIds: [own.patients[0]?.id] });
  });
});

describe('the Filter', () => {
  it('filters by blood group', async () => {
    const own = await practice([
      ['Ann', 'Apos'],
      ['Bob', 'Oneg'],
      ['Cy', 'Unknown'],
    ]);
    const [a, b] = own.patients;
    if (!a || !b) throw new Error('no patients');
    await t.database.db.insert(patientMedicalDetails).values([
      { patientId: a.id, bloodGroup: 'A+' },
      { patientId: b.id, bloodGroup: 'O-' },
    ]);
    const names = async (q: string) => (await cards(own.headers, q)).data.map((p) => p.fullName);
    expect(await names('bloodGroup=A%2B')).toEqual(['Ann Apos']);
    expect(await names('bloodGroup=O-')).toEqual(['Bob Oneg']);
    expect(await names('bloodGroup=')).toHaveLength(3);
  });

  it('filters by age in whole years at the facility, both bounds included', async () => {
    const own = await practice([
      // 30 today at the facility (8 January), though the UTC date is still the 7th.
      ['Thirty', 'Today', { dateOfBirth: '2000-01-08' }],
      ['Thirty', 'Tomorrow', { dateOfBirth: '2000-01-09' }],
      ['Fortyone', 'Old', { dateOfBirth: '1988-06-01' }],
      ['No', 'Birthdate'],
    ]);
    const names = async (q: string) => (await cards(own.headers, q)).data.map((p) => p.fullName);
    expect(await names('ageMin=30')).toEqual(['Fortyone Old', 'Thirty Today']);
    expect(await names('ageMax=29')).toEqual(['Thirty Tomorrow']);
    expect(await names('ageMin=30&ageMax=30')).toEqual(['Thirty Today']);
    expect(await names('ageMin=41&ageMax=41')).toEqual(['Fortyone Old']);
  });

  it('filters by last visit: a Completed visit within 30, 90 or 365 days, or never', async () => {
    const own = await practice([
      ['Recent', 'Visit'],
      ['Older', 'Visit'],
      ['Never', 'Completed'],
    ]);
    const [recent, older, never] = own.patients;
    if (!recent || !older || !never) throw new Error('no patients');
    await visit(recent.id, own.user.id, daysAgo(29), 'Completed');
    await visit(older.id, own.user.id, daysAgo(31), 'Completed');
    // Booked, cancelled: none of these is a visit.
    await visit(never.id, own.user.id, daysAgo(3), 'Cancelled');
    await visit(never.id, own.user.id, daysAgo(1), 'Confirmed');
    const names = async (q: string) => (await cards(own.headers, q)).data.map((p) => p.fullName);
    expect(await names('lastVisit=30')).toEqual(['Recent Visit']);
    expect(await names('lastVisit=90')).toEqual(['Older Visit', 'Recent Visit']);
    expect(await names('lastVisit=never')).toEqual(['Never Completed']);
  });

  it('refuses bad filters with their messages', async () => {
    const cases: Array<[string, string, string]> = [
      ['ageMin=40&ageMax=30', 'ageMax', CHART_MESSAGES.ageRange],
      ['ageMin=-1', 'ageMin', CHART_MESSAGES.ageBound],
      ['ageMax=abc', 'ageMax', CHART_MESSAGES.ageBound],
      ['bloodGroup=C%2B', 'bloodGroup', 'Choose a blood group, for example O+'],
      ['lastVisit=7', 'lastVisit', 'Last visit must be 30, 90, 365 or never'],
      ['scope=everyone', 'scope', 'Scope must be mine or all'],
      ['limit=500', 'limit', 'Limit must be at most 100'],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(doctor.headers, `/api/doctor/patients?${query}`);
      expect({ query, status: res.statusCode, field: res.json().fieldErrors?.[field] }).toEqual({
        query,
        status: 400,
        field: [message],
      });
    }
  });

  it('computes the age bounds as whole years, a 29 February birthday counting on 1 March', () => {
    expect(bornBefore('2030-01-08', 30)).toBe('2000-01-09');
    expect(bornBefore('2028-02-29', 1)).toBe('2027-03-01');
    expect(bornBefore('2028-02-29', 4)).toBe('2024-03-01');
  });
});

describe('Download Report (CSV)', () => {
  const exportOf = (headers: Headers, query: string) => get(headers, `/api/doctor/patients/export?${query}`);
  const parseCsv = (body: string) => {
    expect(body.startsWith('\uFEFF')).toBe(true);
    expect(body.endsWith('\r\n')).toBe(true);
    return body.slice(1, -2).split('\r\n');
  };

  it('streams every matching row, past many batches and ties of the same name, in name order', async () => {
    const firstNames = ['Ada', 'Bayo', 'Ada'];
    const count = EXPORT_BATCH * 2 + 37;
    const rows = Array.from({ length: count }, (_, i) => ({
      role: 'patient' as const,
      firstName: firstNames[i % firstNames.length] ?? 'Ada',
      lastName: `Bulkexport${String(i % 5)}`,
      email: `bulk-${i}@export.example`,
      passwordHash: 'x',
    }));
    await t.database.db.insert(users).values(rows);
    const res = await exportOf(doctor.headers, 'scope=all&q=bulkexport');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="patients-${FACILITY_TODAY}.csv"; filename*=UTF-8''patients-${FACILITY_TODAY}.csv`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toBe(PATIENT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(count);
    const emails = lines.map((l) => l.split(',')[1]);
    expect(new Set(emails).size).toBe(count);
    const names = lines.map((l) => l.split(',')[0] ?? '');
    const byLastThenFirst = (n: string) => n.split(' ').reverse().join(' ');
    expect(names.map(byLastThenFirst)).toEqual([...names.map(byLastThenFirst)].sort());
  });

  it('holds what the filter shows, with the latest vitals and last visit in facility time', async () => {
    const own = await practice([
      ['Exp', 'Orted', { dateOfBirth: '1990-01-08', phone: '080 1234', address: 'Lagos' }],
      ['Left', 'Out'],
    ]);
    const [p] = own.patients;
    if (!p) throw new Error('no patient');
    await t.database.db.insert(patientMedicalDetails).values({ patientId: p.id, bloodGroup: 'B+' });
    await vitals(p.id, daysAgo(2), { weight: 64, systolic: 120, diastolic: 80, bloodGlucose: 101 });
    await visit(p.id, own.user.id, new Date('2030-01-03T14:00:00Z'), 'Completed');
    const res = await exportOf(own.headers, 'bloodGroup=B%2B');
    const [, ...lines] = parseCsv(res.body);
    expect(lines).toEqual([
      `Exp Orted,${p.email},080 1234,1990-01-08,40,Lagos,B+,64,120/80 mmHg,101,2030-01-03 15:00`,
    ]);
  });

  it('escapes CSV and neutralises spreadsheet formulas', async () => {
    const own = await practice([
      [
        '=HYPERLINK("http://evil.example")',
        'Formula',
        { address: '1 "Quoted" Street, Ikeja\nLagos', phone: '+234 801 000' },
      ],
    ]);
    const res = await exportOf(own.headers, '');
    const body = res.body;
    expect(body).toContain(`"'=HYPERLINK(""http://evil.example"") Formula"`);
    expect(body).toContain(`"1 ""Quoted"" Street, Ikeja\nLagos"`);
    expect(body).toContain(`,'+234 801 000,`);
    expect(
      ['=1', '+1', '-1', '@SUM(A1)', '\tx', 'plain', 'a,b', 'line\r\nbreak', null, 7].map(csvCell),
    ).toEqual(["'=1", "'+1", "'-1", "'@SUM(A1)", "'\tx", 'plain', '"a,b"', '"line\r\nbreak"', '', '7']);
  });

  it('is audited once per export, with its filter', async () => {
    const own = await practice([['Audit', 'Export']]);
    await exportOf(own.headers, 'lastVisit=never&ageMin=1');
    const rows = await auditRows('patients.export', own.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toEqual({ filter: { scope: 'mine', lastVisit: 'never', ageMin: 1 } });
  });

  it('refuses a bad filter before writing anything', async () => {
    const res = await exportOf(doctor.headers, 'ageMin=9&ageMax=3');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(CHART_MESSAGES.ageRange);
  });
});

describe('the chart (View Details)', () => {
  it("gives any doctor the patient's real data, and audits the view with the patient's id", async () => {
    const p = await createUser(t, 'patient', {
      firstName: 'Grace',
      lastName: 'Okonkwo',
      phone: '+234 801 000 0003',
      dateOfBirth: '1990-04-12',
      address: '4 Awolowo Road, Ikoyi, Lagos',
      gender: 'female',
    });
    const cardiologist = await createUser(t, 'doctor', { firstName: 'Adaeze', lastName: 'Okafor' });
    await visit(p.id, cardiologist.id, daysAgo(30), 'Completed', { title: 'Chest pain', type: 'surgery' });
    await visit(p.id, cardiologist.id, daysAgo(3), 'Confirmed', { title: 'Follow-up' });
    await vitals(p.id, daysAgo(30), { heartRate: 88, temperature: 37.2, height: 168, oxygenSaturation: 97 });
    await vitals(p.id, daysAgo(30), { systolic: 140, diastolic: 90, respiratoryRate: 16 });

    // The signed-in doctor has never seen this patient: All patients lets them open the chart.
    const res = await get(doctor.headers, `/api/doctor/patients/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const chart = res.json<PatientChart>();
    expect(chart.patient).toEqual({
      id: p.id,
      recordNumber: p.recordNumber,
      firstName: 'Grace',
      lastName: 'Okonkwo',
      fullName: 'Grace Okonkwo',
      email: p.email,
      phone: '+234 801 000 0003',
      dateOfBirth: '1990-04-12',
      age: 39,
      address: '4 Awolowo Road, Ikoyi, Lagos',
      gender: 'female',
      imageUrl: null,
    });
    expect(chart.medical).toEqual({
      bloodGroup: null,
      treatment: null,
      ongoingSurgeries: null,
      allergies: [],
      updatedAt: null,
      updatedBy: null,
    });
    expect(chart.lastVisitedAt).toBe(daysAgo(30).toISOString());
    expect(chart.vitals).toMatchObject({
      heartRate: { value: 88 },
      temperature: { value: 37.2 },
      height: { value: 168 },
      oxygenSaturation: { value: 97 },
      respiratoryRate: { value: 16 },
      bloodPressure: { systolic: 140, diastolic: 90 },
      weight: null,
      bloodGlucose: null,
    });
    expect(chart.reports.data).toEqual([
      expect.objectContaining({
        kind: 'visit',
        title: 'Follow-up',
        surgery: 'Checkup',
        status: 'Confirmed',
        generatedBy: 'Dr Adaeze Okafor',
        attachements: [],
      }),
      expect.objectContaining({
        title: 'Chest pain',
        surgery: 'Surgery',
        status: 'Completed',
        date: daysAgo(30).toISOString(),
      }),
    ]);
    const audits = await auditRows('chart.read', doctor.user.id);
    expect(audits.at(-1)).toMatchObject({ patientId: p.id, entityId: p.id, actorRole: 'doctor' });
  });

  it('answers 404 for an unknown id and for an account that is not a patient, 400 for a malformed id', async () => {
    const other = await createUser(t, 'doctor');
    const admin = await createUser(t, 'admin');
    for (const id of ['00000000-0000-4000-8000-000000000000', other.id, admin.id]) {
      for (const url of [
        `/api/doctor/patients/${id}`,
        `/api/doctor/patients/${id}/reports`,
        `/api/doctor/patients/${id}/vitals`,
      ]) {
        const res = await get(doctor.headers, url);
        expect({ url, status: res.statusCode, error: res.json().error }).toEqual({
          url,
          status: 404,
          error: 'Patient not found',
        });
      }
      const res = await put(doctor.headers, `/api/doctor/patients/${id}/medical-details`, { allergies: [] });
      expect(res.statusCode).toBe(404);
    }
    expect((await get(doctor.headers, '/api/doctor/patients/not-a-uuid')).statusCode).toBe(400);
  });

  it('pages the Medical reports, newest first, and audits each page read', async () => {
    const p = await createUser(t, 'patient');
    for (let i = 1; i <= 7; i += 1)
      await visit(p.id, doctor.user.id, daysAgo(i * 10), 'Completed', { title: `Visit ${i}` });
    const chart = (await get(doctor.headers, `/api/doctor/patients/${p.id}`)).json<PatientChart>();
    expect(chart.reports.data.map((r) => r.title)).toEqual([
      'Visit 1',
      'Visit 2',
      'Visit 3',
      'Visit 4',
      'Visit 5',
    ]);
    expect(chart.reports.pagination).toMatchObject({ total: 7, nextPage: 2 });
    const res = await get(doctor.headers, `/api/doctor/patients/${p.id}/reports?page=2`);
    const second = res.json<MedicalReportPage>();
    expect(second.data.map((r) => r.title)).toEqual(['Visit 6', 'Visit 7']);
    const audits = await auditRows('chart.reports.read', doctor.user.id);
    expect(audits.at(-1)).toMatchObject({
      patientId: p.id,
      details: { page: 2, reportIds: second.data.map((r) => r.id) },
    });
  });
});

describe('editing the medical details', () => {
  const url = (id: string) => `/api/doctor/patients/${id}/medical-details`;

  it('saves the details and records new measurements as a chart entry, keeping the history', async () => {
    const p = await createUser(t, 'patient');
    await vitals(p.id, daysAgo(5), { weight: 80, systolic: 150, diastolic: 95 });
    const res = await put(doctor.headers, url(p.id), {
      bloodGroup: 'AB-',
      treatment: '  Metformin 500 mg twice daily ',
      ongoingSurgeries: '',
      allergies: ['Penicillin', ' penicillin ', '', 'Peanuts'],
      weight: '78.46',
      systolic: '128',
      diastolic: '82',
      bloodGlucose: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const chart = res.json<PatientChart>();
    expect(chart.medical).toEqual({
      bloodGroup: 'AB-',
      treatment: 'Metformin 500 mg twice daily',
      ongoingSurgeries: null,
      allergies: ['Penicillin', 'Peanuts'],
      updatedAt: NOW.toISOString(),
      updatedBy: 'Dr Daniel Adeyemi',
    });
    expect(chart.vitals.weight).toEqual({ value: 78.5, recordedAt: NOW.toISOString() });
    expect(chart.vitals.bloodPressure).toEqual({
      systolic: 128,
      diastolic: 82,
      recordedAt: NOW.toISOString(),
    });

    const history = await t.database.db
      .select()
      .from(vitalSigns)
      .where(eq(vitalSigns.patientId, p.id))
      .orderBy(asc(vitalSigns.recordedAt));
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ weight: 80, systolic: 150 });
    expect(history[1]).toMatchObject({
      source: 'chart',
      recordedBy: doctor.user.id,
      weight: 78.5,
      systolic: 128,
      diastolic: 82,
      bloodGlucose: null,
    });

    const audits = await auditRows('chart.update', doctor.user.id);
    expect(audits.at(-1)).toMatchObject({
      patientId: p.id,
      details: {
        changed: ['bloodGroup', 'treatment', 'allergies'],
        recorded: ['weight', 'systolic', 'diastolic'],
      },
    });
  });

  it('adds no measurement when none is given, and lets another doctor update the same record', async () => {
    const p = await createUser(t, 'patient');
    await put(doctor.headers, url(p.id), { bloodGroup: 'O+', allergies: ['Latex'] });
    const colleague = await signedIn(t, 'doctor', { firstName: 'Kelechi', lastName: 'Obi' });
    const res = await put(colleague.headers, url(p.id), {
      bloodGroup: 'O+',
      treatment: 'Rest',
      allergies: [],
    });
    expect(res.json<PatientChart>().medical).toMatchObject({
      treatment: 'Rest',
      allergies: [],
      updatedBy: 'Dr Kelechi Obi',
    });
    const measured = await t.database.db.select().from(vitalSigns).where(eq(vitalSigns.patientId, p.id));
    expect(measured).toEqual([]);
    const [audit] = await auditRows('chart.update', colleague.user.id);
    expect(audit?.details).toEqual({ changed: ['treatment', 'allergies'], recorded: [] });
  });

  it('refuses implausible or incomplete measurements with the unit and range, saving nothing', async () => {
    const p = await createUser(t, 'patient');
    const cases: Array<[UpdateMedicalDetailsInput, string, string]> = [
      [{ weight: '1000' }, 'weight', 'Weight must be between 0.3 and 400 kg'],
      [{ bloodGlucose: '5' }, 'bloodGlucose', 'Blood glucose must be between 10 and 1000 mg/dL'],
      [{ systolic: '120' }, 'diastolic', CHART_MESSAGES.bothPressures],
      [{ diastolic: '80' }, 'systolic', CHART_MESSAGES.bothPressures],
      [{ systolic: '80', diastolic: '90' }, 'diastolic', CHART_MESSAGES.diastolicBelowSystolic],
      [
        { systolic: '400', diastolic: '90' },
        'systolic',
        'Systolic blood pressure must be between 30 and 300 mmHg',
      ],
      [{ bloodGroup: 'Z' as never }, 'bloodGroup', 'Choose a blood group, for example O+'],
      [{ allergies: ['x'.repeat(61)] }, 'allergies.0', CHART_MESSAGES.allergyTooLong],
      [
        { allergies: Array.from({ length: 31 }, (_, i) => `A${i}`) },
        'allergies',
        CHART_MESSAGES.tooManyAllergies,
      ],
      [{ treatment: 'x'.repeat(501) }, 'treatment', CHART_MESSAGES.textTooLong],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(doctor.headers, url(p.id), payload);
      expect({ payload, status: res.statusCode, field: res.json().fieldErrors?.[field] }).toEqual({
        payload,
        status: 400,
        field: [message],
      });
    }
    const saved = await t.database.db
      .select()
      .from(patientMedicalDetails)
      .where(eq(patientMedicalDetails.patientId, p.id));
    expect(saved).toEqual([]);
  });

  it('shows the new values on the patient card', async () => {
    const own = await practice([['Card', 'Refresh']]);
    const [p] = own.patients;
    if (!p) throw new Error('no patient');
    await put(own.headers, url(p.id), { bloodGroup: 'A-', allergies: [], bloodGlucose: '140' });
    const [card] = (await cards(own.headers, '')).data;
    expect(card).toMatchObject({
      bloodGroup: 'A-',
      bloodGlucose: { value: 140 },
      weight: null,
      bloodPressure: null,
    });
  });
});

describe('demo data', () => {
  it('gives the demo doctor patients whose cards and charts show real values', async () => {
    const demo = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
    try {
      await seedDemoData(serviceContext(demo));
      const login = await demo.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'doctor@carepoint.example', password: 'carepoint-demo' },
      });
      const headers = { cookie: `token=${login.json<{ token: string }>().token}` };
      const mine = (await demo.app.inject({ url: '/api/doctor/patients', headers })).json<CardPage>();
      expect(mine.data.length).toBeGreaterThan(0);
      const all = (
        await demo.app.inject({ url: '/api/doctor/patients?scope=all&limit=100', headers })
      ).json<CardPage>();
      expect(all.pagination.total).toBeGreaterThan(10);
      // Every demo patient has a record number of their own (the database gave them as it seeded).
      const numbers = await demo.database.db
        .select({ recordNumber: users.recordNumber })
        .from(users)
        .where(eq(users.role, 'patient'));
      expect(numbers.length).toBe(all.pagination.total);
      for (const { recordNumber } of numbers) expect(recordNumber).toMatch(/^CP-\d{6}$/);
      expect(new Set(numbers.map((n) => n.recordNumber)).size).toBe(numbers.length);
      const recorded = all.data.filter((p) => p.weight && p.bloodPressure && p.bloodGlucose && p.bloodGroup);
      expect(recorded.length).toBeGreaterThan(all.data.length / 2);
      const [first] = recorded;
      if (!first) throw new Error('no patient with values');
      const chart = (
        await demo.app.inject({ url: `/api/doctor/patients/${first.id}`, headers })
      ).json<PatientChart>();
      expect(chart.medical.updatedBy).toBe('Dr Daniel Adeyemi');
      expect(chart.vitals.heartRate).not.toBeNull();
      expect(chart.reports.data.length).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  });
});

describe('vitals over time (the chart trends)', () => {
  const series = async (patientId: string) => {
    const res = await get(doctor.headers, `/api/doctor/patients/${patientId}/vitals`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VitalsSeries>();
  };

  it("answers the last 12 months' measurements oldest first, with triage and chart entries, and audits the read", async () => {
    const p = await createUser(t, 'patient');
    const other = await createUser(t, 'patient');
    await vitals(p.id, daysAgo(400), { heartRate: 90 }); // older than 12 months: left out
    await vitals(p.id, daysAgo(30), { heartRate: 72, systolic: 128, diastolic: 84, temperature: 36.8 });
    await vitals(p.id, daysAgo(200), { heartRate: 80, systolic: 135, diastolic: 88 });
    await vitals(p.id, daysAgo(10), { height: 172 }); // no trend measure: left out
    await vitals(p.id, daysAgo(5), { source: 'chart', weight: 71.5, bloodGlucose: 96 });
    await vitals(other.id, daysAgo(3), { heartRate: 110 });

    const answer = await series(p.id);
    expect(answer.since).toBe('2029-01-07T23:30:00.000Z');
    expect(answer.points).toEqual([
      {
        recordedAt: daysAgo(200).toISOString(),
        source: 'triage',
        heartRate: 80,
        systolic: 135,
        diastolic: 88,
        temperature: null,
        respiratoryRate: null,
        oxygenSaturation: null,
        weight: null,
        bloodGlucose: null,
      },
      {
        recordedAt: daysAgo(30).toISOString(),
        source: 'triage',
        heartRate: 72,
        systolic: 128,
        diastolic: 84,
        temperature: 36.8,
        respiratoryRate: null,
        oxygenSaturation: null,
        weight: null,
        bloodGlucose: null,
      },
      {
        recordedAt: daysAgo(5).toISOString(),
        source: 'chart',
        heartRate: null,
        systolic: null,
        diastolic: null,
        temperature: null,
        respiratoryRate: null,
        oxygenSaturation: null,
        weight: 71.5,
        bloodGlucose: 96,
      },
    ]);

    const audits = await auditRows('chart.vitals.read', doctor.user.id);
    const anyId = expect.any(String);
    expect(audits.at(-1)).toMatchObject({
      patientId: p.id,
      entityId: p.id,
      actorRole: 'doctor',
      details: { since: answer.since, vitalSignIds: [anyId, anyId, anyId] },
    });
  });

  it('keeps the newest measurements when there are more than it holds, still oldest first', async () => {
    const p = await createUser(t, 'patient');
    const total = VITALS_SERIES_MAX_POINTS + 5;
    await t.database.db.insert(vitalSigns).values(
      Array.from({ length: total }, (_, i) => ({
        patientId: p.id,
        recordedAt: daysAgo(total - i),
        source: 'triage' as const,
        heartRate: 60 + i,
      })),
    );
    const { points } = await series(p.id);
    expect(points).toHaveLength(VITALS_SERIES_MAX_POINTS);
    expect(points[0]?.heartRate).toBe(65);
    expect(points.at(-1)).toMatchObject({ heartRate: 60 + total - 1, recordedAt: daysAgo(1).toISOString() });
  });

  it('answers an empty series for a patient without measurements', async () => {
    const p = await createUser(t, 'patient');
    expect((await series(p.id)).points).toEqual([]);
  });
});
