import {
  fileTypeOf,
  type MedicalReportPage,
  type PatientChart,
  REPORT_ATTACHMENT_MAX_BYTES,
  REPORT_MESSAGES,
  type Report,
  type ReportAttachment,
  type ReportFormInput,
  type ReportPage,
} from '@carepoint/contract';
import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { appointments, auditEvents, erEntries, reportAttachments, reports } from '../../db/schema';
import { seedDemoData } from '../../db/seed';
import { PdfBuilder } from '../../lib/pdf';

let t: TestApp;
let author: Client & { id: string; headers: Record<string, string> };
let colleague: Client & { id: string; headers: Record<string, string> };
let mother: TestUser;
let patient: TestUser;

const asDoctor = async () => {
  const signed = await signedIn(t, 'doctor');
  return Object.assign(client(t, signed.headers), { id: signed.user.id, headers: signed.headers });
};

beforeAll(async () => {
  // The clock: 2030-01-07 10:00 in Lagos.
  t = await createTestApp();
  author = await asDoctor();
  colleague = await asDoctor();
  mother = await createUser(t, 'patient', { firstName: 'Ngozi', lastName: 'Eze' });
  patient = await createUser(t, 'patient', { firstName: 'Tunde', lastName: 'Bakare' });
});
afterAll(() => t.close());

const birth = (fields: Partial<ReportFormInput> = {}): ReportFormInput =>
  ({
    kind: 'birth',
    patientId: mother.id,
    childName: 'Chidera Eze',
    date: '2030-01-06',
    time: '23:40',
    sex: 'Female',
    weightKg: 3.25,
    delivery: 'Spontaneous vaginal',
    ...fields,
  }) as ReportFormInput;
const investigation = (fields: Partial<ReportFormInput> = {}): ReportFormInput =>
  ({
    kind: 'investigation',
    patientId: patient.id,
    title: 'Chest X-ray',
    date: '2030-01-07',
    status: 'Pending',
    ...fields,
  }) as ReportFormInput;

async function create(input: ReportFormInput, as: Client = author) {
  const res = await as.post('/api/doctor/reports', input);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Report>();
}

const upload = (
  as: { headers: Record<string, string> },
  reportId: string,
  body: Buffer,
  type: string,
  name = 'file',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/doctor/reports/${reportId}/attachments?name=${encodeURIComponent(name)}`,
    headers: { ...as.headers, 'content-type': type },
    payload: body,
  });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0a7e40000000049454e44ae426082',
    'hex',
  ),
]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('JFIF tiny jpeg body'),
  Buffer.from([0xff, 0xd9]),
]);
/** A polyglot: PDF by its first bytes, a web page after them. */
const PDF_BYTES = Buffer.from('%PDF-1.7\n<html><script>alert(1)</script></html>\n%%EOF');

describe('reports', () => {
  it('stores each kind with a generated case ID, lists it on its tab and searches it by name', async () => {
    const b = await create(birth());
    expect(b).toMatchObject({
      kind: 'birth',
      caseId: 'BR-2030-000001',
      date: '2030-01-06',
      time: '23:40',
      patient: { id: mother.id, name: 'Ngozi Eze' },
      doctor: { id: author.id },
      childName: 'Chidera Eze',
      weightKg: 3.25,
      canEdit: true,
      attachments: [],
    });
    const d = await create({
      kind: 'death',
      patientId: patient.id,
      date: '2030-01-07',
      time: '08:15',
      cause: 'Cardiac arrest',
      doctorId: colleague.id,
    });
    expect(d).toMatchObject({
      caseId: 'DR-2030-000001',
      doctor: { id: colleague.id },
      author: { id: author.id },
    });
    const i = await create(investigation());
    expect(i.caseId).toBe('IR-2030-000001');
    const o = await create({
      kind: 'operation',
      patientId: patient.id,
      title: 'Appendicectomy',
      doctorId: colleague.id,
      date: '2030-01-05',
      outcome: 'Successful',
      notes: 'Uneventful recovery',
    });
    expect(o).toMatchObject({ caseId: 'OR-2030-000001', title: 'Appendicectomy', outcome: 'Successful' });

    const tab = await author.get('/api/doctor/reports?kind=birth');
    expect(tab.statusCode).toBe(200);
    expect(tab.headers['cache-control']).toBe('no-store');
    expect(tab.json<ReportPage>().data.map((r) => r.id)).toEqual([b.id]);

    const byName = (kind: string, q: string) =>
      author
        .get(`/api/doctor/reports?kind=${kind}&q=${encodeURIComponent(q)}`)
        .then((r) => r.json<ReportPage>());
    expect((await byName('birth', 'ngozi')).data.map((r) => r.id)).toEqual([b.id]);
    expect((await byName('birth', 'Chidera')).data.map((r) => r.id)).toEqual([b.id]);
    expect((await byName('birth', 'BR-2030-0000')).data.map((r) => r.id)).toEqual([b.id]);
    expect((await byName('birth', 'Bakare')).data).toEqual([]);
    expect((await byName('operation', 'appendic')).data.map((r) => r.id)).toEqual([o.id]);
    expect((await byName('death', '100%')).data).toEqual([]);
    // A colleague reads it (not theirs to change).
    const read = await colleague.get(`/api/doctor/reports/${b.id}`);
    expect(read.json<Report>()).toMatchObject({ id: b.id, canEdit: false });
  });

  it('gives distinct consecutive case IDs to reports created at the same time', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, n) => create(investigation({ title: `Parallel ${n}` }))),
    );
    const ids = made.map((r) => r.caseId).sort();
    expect(new Set(ids).size).toBe(8);
    const numbers = ids.map((id) => Number(id.slice(-6)));
    expect(Math.max(...numbers) - Math.min(...numbers)).toBe(7);
  });

  it('refuses what does not make sense, with the message on the field', async () => {
    expectInvalid(
      await author.post('/api/doctor/reports', birth({ date: '2030-01-07', time: '11:30' })),
      REPORT_MESSAGES.dateFuture,
      'date',
    );
    expectInvalid(
      await author.post('/api/doctor/reports', birth({ date: '2030-01-08' })),
      REPORT_MESSAGES.dateFuture,
      'date',
    );
    expectInvalid(
      await author.post('/api/doctor/reports', birth({ date: '1800-01-01' })),
      REPORT_MESSAGES.dateTooEarly,
      'date',
    );
    // An operation may be reported for tomorrow morning, not later (the facility's today is 2030-01-07).
    expectInvalid(
      await author.post('/api/doctor/reports', investigation({ date: '2030-01-09' })),
      REPORT_MESSAGES.dateTooLate,
      'date',
    );
    expectInvalid(
      await author.post('/api/doctor/reports', investigation({ date: '9999-01-01' })),
      REPORT_MESSAGES.dateTooLate,
      'date',
    );
    expect((await author.post('/api/doctor/reports', investigation({ date: '2030-01-08' }))).statusCode).toBe(
      201,
    );
    expectInvalid(
      await author.post('/api/doctor/reports', birth({ weightKg: 9 })),
      REPORT_MESSAGES.weightRange,
      'weightKg',
    );
    expectInvalid(
      await author.post('/api/doctor/reports', birth({ childName: ' ' })),
      REPORT_MESSAGES.childNameRequired,
      'childName',
    );
    expectInvalid(
      await author.post('/api/doctor/reports', birth({ patientId: colleague.id })),
      REPORT_MESSAGES.patientNotFound,
      'patientId',
    );
    expectInvalid(
      await author.post('/api/doctor/reports', {
        kind: 'death',
        patientId: patient.id,
        date: '2030-01-07',
        time: '08:00',
        cause: 'Sepsis',
        doctorId: mother.id,
      }),
      REPORT_MESSAGES.doctorNotFound,
      'doctorId',
    );
    expectInvalid(
      await author.post('/api/doctor/reports', investigation({ title: 'x'.repeat(201) })),
      /at most 200/,
      'title',
    );
    expect((await author.post('/api/doctor/reports', { kind: 'autopsy' })).statusCode).toBe(400);
  });

  it('lets only the author change or delete a report; others get 404 with the reason, unknown ids 404, patients nothing', async () => {
    const r = await create(investigation({ title: 'Full blood count' }));
    const edited = await author.put(
      `/api/doctor/reports/${r.id}`,
      investigation({ title: 'FBC', status: 'Completed' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Report>()).toMatchObject({ title: 'FBC', status: 'Completed', caseId: r.caseId });
    expectInvalid(
      await author.put(`/api/doctor/reports/${r.id}`, birth()),
      REPORT_MESSAGES.kindChanged,
      'kind',
    );

    const theirs = await colleague.put(`/api/doctor/reports/${r.id}`, investigation({ title: 'Mine now' }));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<{ error: string }>().error).toBe(REPORT_MESSAGES.notAuthor);
    expect((await colleague.delete(`/api/doctor/reports/${r.id}`)).statusCode).toBe(404);
    expect((await upload(colleague, r.id, PNG, 'image/png')).statusCode).toBe(404);

    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await author.get(`/api/doctor/reports/${missing}`)).statusCode).toBe(404);
    expect((await author.put(`/api/doctor/reports/${missing}`, investigation())).statusCode).toBe(404);
    expect((await author.get(`/api/doctor/reports/attachments/${missing}`)).statusCode).toBe(404);
    expect((await upload(author, missing, PNG, 'image/png')).statusCode).toBe(404);

    const asPatient = await signedIn(t, 'patient');
    const p = client(t, asPatient.headers);
    expect((await p.get('/api/doctor/reports?kind=investigation')).statusCode).toBe(403);
    expect((await p.get(`/api/doctor/reports/${r.id}`)).statusCode).toBe(403);
    expect((await client(t).get(`/api/doctor/reports/${r.id}`)).statusCode).toBe(401);

    const file = (await upload(author, r.id, PNG, 'image/png')).json<ReportAttachment>();
    expect((await colleague.delete(`/api/doctor/reports/attachments/${file.id}`)).statusCode).toBe(404);
    expect((await author.delete(`/api/doctor/reports/${r.id}`)).statusCode).toBe(200);
    expect((await author.get(`/api/doctor/reports/${r.id}`)).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(reportAttachments).where(eq(reportAttachments.id, file.id)),
    ).toEqual([]);
  });
});

describe('attachments', () => {
  it('download with the extension of what the bytes are, whatever the name uploaded', async () => {
    const r = await create(investigation({ title: 'Polyglot' }));
    for (const [bytes, name, sent] of [
      [PDF_BYTES, 'poly.html', 'poly.pdf'],
      [PNG, 'scan', 'scan.png'],
      [JPEG, 'photo.JPEG', 'photo.JPEG'],
      [JPEG, 'x-ray.exe', 'x-ray.jpg'],
    ] as const) {
      const saved = (
        await upload(author, r.id, bytes, 'application/octet-stream', name)
      ).json<ReportAttachment>();
      t.clock.advance(1000);
      for (const url of [saved.url, saved.viewUrl]) {
        const res = await colleague.get(url);
        expect(res.headers['content-disposition']).toContain(`filename="${sent}"`);
        expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(sent)}`);
      }
    }
  });

  it('give back the very bytes uploaded (PDF, PNG, JPEG), for download and sandboxed viewing', async () => {
    const r = await create(investigation({ title: 'Ultrasound' }));
    const pdf = await new PdfBuilder('Ultrasound', {
      name: 'CarePoint',
      address: null,
      phone: null,
      email: null,
    })
      .paragraph('Findings', 'Normal')
      .finish();
    // Declared types do not matter: the bytes decide.
    for (const [bytes, declared, type, name] of [
      [pdf, 'application/pdf', 'application/pdf', 'scan report.pdf'],
      [PNG, 'application/octet-stream', 'image/png', 'image.png'],
      [JPEG, 'image/png', 'image/jpeg', 'Échographie.jpg'],
    ] as const) {
      const res = await upload(author, r.id, bytes, declared, name);
      expect(res.statusCode, res.body).toBe(201);
      t.clock.advance(1000);
      const saved = res.json<ReportAttachment>();
      expect(saved).toMatchObject({ name, contentType: type, size: bytes.length });

      const down = await colleague.get(saved.url);
      expect(down.statusCode).toBe(200);
      expect(down.rawPayload.equals(bytes)).toBe(true);
      expect(down.headers['content-type']).toBe(type);
      expect(down.headers['content-disposition']).toMatch(/^attachment; filename="/);
      expect(down.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      expect(down.headers['x-content-type-options']).toBe('nosniff');
      expect(down.headers['content-security-policy']).toMatch(/^sandbox/);
      expect(down.headers['cache-control']).toBe('no-store');

      const view = await colleague.get(saved.viewUrl);
      expect(view.rawPayload.equals(bytes)).toBe(true);
      expect(view.headers['content-disposition']).toMatch(/^inline; /);
      expect(view.headers['content-security-policy']).toMatch(/^sandbox/);
    }
    const detail = (await author.get(`/api/doctor/reports/${r.id}`)).json<Report>();
    expect(detail.attachments.map((a) => a.name)).toEqual([
      'scan report.pdf',
      'image.png',
      'Échographie.jpg',
    ]);

    const first = detail.attachments[0];
    if (!first) throw new Error('no attachment');
    expect((await author.delete(`/api/doctor/reports/attachments/${first.id}`)).statusCode).toBe(200);
    expect((await author.get(first.url)).statusCode).toBe(404);
  });

  it('refuses fake files and files over 10 MB with a clear message, storing nothing', async () => {
    const r = await create(investigation({ title: 'Refusals' }));
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 1)]);
    for (const [bytes, declared] of [
      [Buffer.from('just some text, renamed to report.pdf'), 'application/pdf'],
      [exe, 'image/png'],
      [Buffer.from('GIF89a......'), 'image/gif'],
      [Buffer.from('{"a":1}'), 'application/json'],
      [Buffer.alloc(0), 'application/pdf'],
    ] as const) {
      const res = await upload(author, r.id, bytes, declared, 'report.pdf');
      expect(res.statusCode, declared).toBe(415);
      expect(res.json<{ error: string }>().error).toBe(REPORT_MESSAGES.attachmentType);
    }
    const huge = Buffer.concat([
      Buffer.from('%PDF-1.7\n'),
      Buffer.alloc(REPORT_ATTACHMENT_MAX_BYTES + 1024 * 1024),
    ]);
    const tooBig = await upload(author, r.id, huge, 'application/pdf', 'big.pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<{ error: string }>().error).toBe(REPORT_MESSAGES.attachmentTooLarge);
    expectInvalid(await upload(author, r.id, PNG, 'image/png', ''), REPORT_MESSAGES.fileNameRequired, 'name');
    expect(
      await t.database.db.select().from(reportAttachments).where(eq(reportAttachments.reportId, r.id)),
    ).toEqual([]);
  });
});

describe('the patient chart', () => {
  it("lists the patient's reports with their attachments alongside the visits, newest first", async () => {
    const someone = await createUser(t, 'patient', { firstName: 'Amaka', lastName: 'Obi' });
    await t.database.db.insert(appointments).values({
      patientId: someone.id,
      doctorId: colleague.id,
      date: '2030-01-03',
      time: '09:00',
      startsAt: new Date('2030-01-03T08:00:00Z'),
      durationMinutes: 45,
      title: 'Follow-up',
      priority: 'Medium',
      type: 'checkup',
      status: 'Completed',
    });
    const scan = await create(investigation({ patientId: someone.id, title: 'CT head', date: '2030-01-04' }));
    const file = (await upload(author, scan.id, PNG, 'image/png', 'ct.png')).json<ReportAttachment>();
    const op = await create({
      kind: 'operation',
      patientId: someone.id,
      title: 'Craniotomy',
      doctorId: author.id,
      date: '2030-01-02',
      outcome: 'With complications',
    });
    const chart = (await colleague.get(`/api/doctor/patients/${someone.id}`)).json<PatientChart>();
    expect(chart.reports.data.map((r) => [r.kind, r.title])).toEqual([
      ['investigation', 'CT head'],
      ['visit', 'Follow-up'],
      ['operation', 'Craniotomy'],
    ]);
    expect(chart.reports.pagination.total).toBe(3);
    const row = chart.reports.data[0];
    if (!row) throw new Error('no report');
    expect(row).toMatchObject({
      id: scan.id,
      status: 'Pending',
      surgery: `Investigation report ${scan.caseId}`,
    });
    expect(row.attachements).toEqual([file]);
    const downloaded = await colleague.get(row.attachements[0]?.url ?? '');
    expect(downloaded.rawPayload.equals(PNG)).toBe(true);
    const second = (
      await colleague.get(`/api/doctor/patients/${someone.id}/reports?page=2&limit=2`)
    ).json<MedicalReportPage>();
    expect(second.data.map((r) => r.id)).toEqual([op.id]);
  });
});

describe('the audit trail', () => {
  it('records every read and change with the patient', async () => {
    const r = await create(investigation({ title: 'Audited' }));
    const file = (await upload(author, r.id, PNG, 'image/png', 'a.png')).json<ReportAttachment>();
    await colleague.get(`/api/doctor/reports/${r.id}`);
    await colleague.get(file.url);
    await colleague.get(file.viewUrl);
    await author.put(
      `/api/doctor/reports/${r.id}`,
      investigation({ title: 'Audited', status: 'In Progress' }),
    );
    await author.delete(`/api/doctor/reports/attachments/${file.id}`);
    await colleague.get('/api/doctor/reports?kind=investigation&q=Audited');
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, r.id),
          inArray(auditEvents.action, [
            'report.create',
            'report.attachment.upload',
            'report.read',
            'report.attachment.download',
            'report.attachment.view',
            'report.update',
            'report.attachment.remove',
          ]),
        ),
      );
    expect(rows.map((row) => row.action).sort()).toEqual(
      [
        'report.attachment.download',
        'report.attachment.remove',
        'report.attachment.upload',
        'report.attachment.view',
        'report.create',
        'report.read',
        'report.update',
      ].sort(),
    );
    expect(rows.every((row) => row.patientId === patient.id)).toBe(true);
    expect(rows.find((row) => row.action === 'report.update')?.details).toMatchObject({
      changed: ['status'],
    });
    const [list] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'reports.list'), eq(auditEvents.actorId, colleague.id)));
    expect(list?.details).toMatchObject({ reportIds: [r.id], patientIds: [patient.id] });
    expect(await t.database.db.select().from(reports).where(eq(reports.id, r.id))).toHaveLength(1);
  });
});

describe('demo data', () => {
  it('gives the demo doctor reports of every kind, with a real PDF and PNG to download', {
    timeout: 90_000,
  }, async () => {
    const demo = await createTestApp();
    try {
      await seedDemoData(serviceContext(demo));
      const login = await demo.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'doctor@carepoint.example', password: 'carepoint-demo' },
      });
      const headers = { cookie: `token=${login.json<{ token: string }>().token}` };
      const tab = async (kind: string) =>
        (await demo.app.inject({ url: `/api/doctor/reports?kind=${kind}`, headers })).json<ReportPage>().data;
      for (const kind of ['birth', 'death', 'operation'])
        expect((await tab(kind)).length).toBeGreaterThanOrEqual(2);
      const files = (await tab('investigation')).flatMap((r) => r.attachments);
      expect(files.map((f) => f.contentType).sort()).toEqual(['application/pdf', 'image/png']);
      // The kinds' sequences go on after the demo reports.
      const births = await tab('birth');
      // A newborn is named as a child of the family, never the mother's own full name.
      for (const b of births) expect(b.childName).not.toBe(b.patient.name);
      // A registered patient comes to the emergency room at most once in the demo day.
      const erVisits = await demo.database.db
        .select({ patientId: erEntries.patientId, visits: count() })
        .from(erEntries)
        .where(isNotNull(erEntries.patientId))
        .groupBy(erEntries.patientId);
      expect(erVisits.length).toBeGreaterThan(0);
      expect(erVisits.filter((v) => v.visits > 1)).toEqual([]);
      const next = await demo.app.inject({
        method: 'POST',
        url: '/api/doctor/reports',
        headers,
        payload: birth({ patientId: births[0]?.patient.id ?? '' }),
      });
      expect(next.json<Report>().caseId).toBe(`BR-2030-${String(births.length + 1).padStart(6, '0')}`);
      for (const file of files) {
        const res = await demo.app.inject({ url: file.url, headers });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.length).toBe(file.size);
        expect(fileTypeOf(res.rawPayload)).toBe(file.contentType);
      }
    } finally {
      await demo.close();
    }
  });
});
