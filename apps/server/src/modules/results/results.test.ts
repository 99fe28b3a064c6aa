import type { DiagnosisTest, PatientResultPage, Report, ReportAttachment, Share } from '@carepoint/contract';
import type { Bundle, DiagnosticReport } from '@medplum/fhirtypes';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../../../test/admin';
import { entries, fhirGet } from '../../../test/fhir';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { auditEvents, diagnosisCategories } from '../../db/schema';

/*
 * My Results: a patient reads only their own diagnosis tests and reports that the author shared,
 * and the files of those reports; the author alone shares or stops sharing.
 */

type Signed = Client & { id: string; headers: Record<string, string> };

let t: TestApp;
let doctor: Signed;
let colleague: Signed;
let ada: Signed;
let bayo: Signed;
let category: string;

const as = async (role: 'doctor' | 'patient', names?: { firstName: string; lastName: string }) => {
  const signed = await signedIn(t, role, names);
  return Object.assign(client(t, signed.headers), { id: signed.user.id, headers: signed.headers });
};

beforeAll(async () => {
  t = await createTestApp();
  doctor = await as('doctor', { firstName: 'Daniel', lastName: 'Adeyemi' });
  colleague = await as('doctor');
  ada = await as('patient', { firstName: 'Ada', lastName: 'Okafor' });
  bayo = await as('patient');
  const [row] = await t.database.db
    .select()
    .from(diagnosisCategories)
    .where(eq(diagnosisCategories.name, 'Clinical Chemistry'));
  category = row?.id ?? '';
});
afterAll(() => t.close());

async function test(patientId: string, name: string, fields: object = {}) {
  const res = await doctor.post('/api/doctor/diagnosis-tests', {
    patientId,
    name,
    categoryId: category,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<DiagnosisTest>();
}

async function investigation(patientId: string, title: string, date: string) {
  const res = await doctor.post('/api/doctor/reports', {
    kind: 'investigation',
    patientId,
    title,
    date,
    status: 'Completed',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Report>();
}

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function attach(reportId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/doctor/reports/${reportId}/attachments?name=result.pdf`,
    headers: { ...doctor.headers, 'content-type': 'application/pdf' },
    payload: PDF,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReportAttachment>();
}

const share = (who: Client, url: string, shared: boolean) =>
  who.put(`${url}/share`, { shared } satisfies Share);

const results = async (who: Client, query = '') => {
  const res = await who.get(`/api/patient/results${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PatientResultPage>();
};

const auditRows = (action: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.id));

describe('sharing a result', () => {
  it('starts unshared; only the author shares or stops sharing (another doctor gets 404), audited', async () => {
    const glucose = await test(ada.id, 'Fasting glucose', { bloodSugar: 96 });
    expect(glucose.sharedWithPatient).toBe(false);
    const url = `/api/doctor/diagnosis-tests/${glucose.id}`;
    expect((await share(colleague, url, true)).statusCode).toBe(404);
    expect((await share(ada, url, true)).statusCode).toBe(403);
    const res = await share(doctor, url, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ shared: true });
    expect((await doctor.get(url)).json<DiagnosisTest>().sharedWithPatient).toBe(true);
    const [row] = await auditRows('diagnosis.share', glucose.id);
    expect(row).toMatchObject({ actorId: doctor.id, patientId: ada.id });

    const report = await investigation(ada.id, 'Chest X-ray', '2030-01-03');
    const reportUrl = `/api/doctor/reports/${report.id}`;
    expect((await share(colleague, reportUrl, true)).statusCode).toBe(404);
    expect((await share(doctor, reportUrl, true)).json()).toEqual({ shared: true });
    expect((await share(doctor, reportUrl, false)).json()).toEqual({ shared: false });
    expect((await doctor.get(reportUrl)).json<Report>().sharedWithPatient).toBe(false);
    expect(await auditRows('report.unshare', report.id)).toHaveLength(1);
    expect((await doctor.put(`${reportUrl}/share`, { shared: 'yes' })).statusCode).toBe(400);
  });
});

describe('My Results', () => {
  it("lists the patient's own shared tests and reports, newest first, with their lines and files; audited", async () => {
    const patient = await as('patient');
    const lipids = await test(patient.id, 'Lipid profile', {
      cholesterol: 190,
      systolic: 128,
      diastolic: 84,
      properties: [{ name: 'HDL', value: '1.2 mmol/L' }],
    });
    const hidden = await test(patient.id, 'Not yet reviewed', { bloodSugar: 240 });
    const xray = await investigation(patient.id, 'Chest X-ray', '2020-05-01');
    const file = await attach(xray.id);
    const draft = await investigation(patient.id, 'Draft ultrasound', '2020-05-02');
    await share(doctor, `/api/doctor/diagnosis-tests/${lipids.id}`, true);
    await share(doctor, `/api/doctor/reports/${xray.id}`, true);

    const page = await results(patient);
    expect(page.data.map((r) => r.id)).toEqual([lipids.id, xray.id]);
    const ids = page.data.map((r) => r.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(draft.id);
    expect(page.data[0]).toMatchObject({
      kind: 'test',
      title: 'Lipid profile',
      reference: lipids.reportNumber,
      category: 'Clinical Chemistry',
      doctor: 'Dr Daniel Adeyemi',
      lines: [
        { label: 'Blood pressure', value: '128/84 mmHg' },
        { label: 'Total cholesterol', value: '190 mg/dL' },
        { label: 'HDL', value: '1.2 mmol/L' },
      ],
      files: [],
    });
    expect(page.data[1]).toMatchObject({
      kind: 'investigation',
      title: 'Chest X-ray',
      reference: xray.caseId,
      category: 'Investigation report',
      lines: [{ label: 'Status', value: 'Completed' }],
      files: [{ id: file.id, name: 'result.pdf', url: `/api/patient/results/attachments/${file.id}` }],
    });
    const [audited] = await auditRows('results.list', patient.id);
    expect(audited).toMatchObject({ patientId: patient.id, details: { page: 1, resultIds: ids } });

    // Another patient sees none of it.
    expect((await results(bayo)).data.map((r) => r.id)).not.toContain(lipids.id);
  });

  it("serves a shared report's file to its patient only; unshared, another's or a wrong id is 404", async () => {
    const report = await investigation(ada.id, 'Abdominal ultrasound', '2029-12-01');
    const file = await attach(report.id);
    const url = `/api/patient/results/attachments/${file.id}`;
    expect((await ada.get(url)).statusCode).toBe(404); // not shared yet
    await share(doctor, `/api/doctor/reports/${report.id}`, true);
    const res = await ada.get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.rawPayload.equals(PDF)).toBe(true);
    const view = await ada.get(`${url}/view`);
    expect(view.headers['content-security-policy']).toContain('sandbox');
    expect((await bayo.get(url)).statusCode).toBe(404);
    expect((await doctor.get(url)).statusCode).toBe(403);
    expect(
      (await ada.get('/api/patient/results/attachments/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const downloads = await auditRows('report.attachment.download', report.id);
    expect(downloads.at(-1)).toMatchObject({ actorId: ada.id, patientId: ada.id });
  });

  it("keeps the patient's FHIR record to the same shared tests (staff still read every test)", async () => {
    const patient = await as('patient');
    const shared = await test(patient.id, 'HbA1c', { averageGlucose: 140 });
    const unshared = await test(patient.id, 'Repeat HbA1c', { averageGlucose: 150 });
    await share(doctor, `/api/doctor/diagnosis-tests/${shared.id}`, true);
    const bundle = await fhirGet<Bundle>(t, `/DiagnosticReport?patient=${patient.id}`, patient.headers);
    expect(entries<DiagnosticReport>(bundle.body).map((r) => r.id)).toEqual([shared.id]);
    expect((await fhirGet(t, `/DiagnosticReport/${unshared.id}`, patient.headers)).status).toBe(404);
    const everything = await fhirGet<Bundle>(t, `/Patient/${patient.id}/$everything`, patient.headers);
    const observationIds = entries(everything.body)
      .filter((r) => r.resourceType === 'Observation')
      .map((r) => r.id ?? '');
    expect(observationIds.some((id) => id.startsWith(shared.id))).toBe(true);
    expect(observationIds.some((id) => id.startsWith(unshared.id))).toBe(false);
    const staff = await fhirGet<Bundle>(t, `/DiagnosticReport?patient=${patient.id}`, doctor.headers);
    expect(
      entries<DiagnosticReport>(staff.body)
        .map((r) => r.id)
        .sort(),
    ).toEqual([shared.id, unshared.id].sort());
  });
});
