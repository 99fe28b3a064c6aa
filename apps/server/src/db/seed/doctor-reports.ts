import { crc32, deflateSync } from 'node:zlib';
import { addDays, type ReportInput, toLocalDateTime } from '@carepoint/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import { actingAs, actorOf } from '../../lib/context';
import { PdfBuilder } from '../../lib/pdf';
import { readFacility } from '../../modules/facility';
import { createReport, shareReport } from '../../modules/reports';
import { reportAttachments, users } from '../schema';
import type { SeedContext } from './context';

/*
 * A few reports of each kind by the demo doctor about demo patients, written through the reports
 * service, and small generated attachments on two investigations: a real one-page PDF and a PNG.
 */

/** A small PNG (a grey scan-like gradient), built by hand: signature, IHDR, IDAT, IEND. */
function gradientPng(size = 32): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc(size * (size + 1));
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) rows[y * (size + 1) + 1 + x] = 40 + ((x * y) % 180);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function seedDoctorReports(ctx: SeedContext) {
  const [doctor] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, 'doctor@carepoint.example'))
    .limit(1);
  if (!doctor) return;
  const colleagues = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'doctor'), ne(users.id, doctor.id)))
    .orderBy(asc(users.email))
    .limit(2);
  const patients = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.role, 'patient'))
    .orderBy(asc(users.email));
  const demo = patients.find((p) => p.email === 'patient@carepoint.example') ?? patients[0];
  if (!demo) return;
  /** A named demo patient (mothers are women, the deceased older patients), or the demo patient. */
  const named = (name: string) => patients.find((p) => p.email === `${name}@carepoint.example`) ?? demo;
  const p = (i: number) =>
    named(
      [
        'demo',
        'amaka.uche',
        'ibrahim.musa',
        'blessing.etim',
        'yusuf.garba',
        'zainab.lawal',
        'halima.sani',
        'segun.alabi',
      ][i] ?? 'demo',
    );
  const other = (i: number) => colleagues[i]?.id ?? doctor.id;
  const today = toLocalDateTime(ctx.seededAt, ctx.config.TIME_ZONE).date;
  const day = (daysAgo: number) => addDays(today, -daysAgo);

  const inputs: ReportInput[] = [
    {
      kind: 'birth',
      patientId: p(1).id,
      childName: `Chiamaka ${p(1).lastName}`,
      date: day(12),
      time: '04:35',
      sex: 'Female',
      weightKg: 3.2,
      delivery: 'Spontaneous vaginal',
      notes: 'Apgar 9 at 5 minutes. Mother and baby well.',
    },
    {
      kind: 'birth',
      patientId: p(3).id,
      childName: `Tobi ${p(3).lastName}`,
      date: day(5),
      time: '16:10',
      sex: 'Male',
      weightKg: 3.65,
      delivery: 'Caesarean section',
      notes: 'Elective section for breech presentation.',
    },
    {
      kind: 'birth',
      patientId: p(5).id,
      childName: `Amina ${p(5).lastName}`,
      date: day(1),
      time: '22:50',
      sex: 'Female',
      weightKg: 2.85,
      delivery: 'Assisted vaginal',
      notes: null,
    },
    {
      kind: 'death',
      patientId: p(6).id,
      date: day(20),
      time: '03:15',
      cause: 'Cardiac arrest following acute myocardial infarction',
      doctorId: doctor.id,
      notes: 'Family informed.',
    },
    {
      kind: 'death',
      patientId: p(7).id,
      date: day(8),
      time: '11:40',
      cause: 'Septic shock',
      doctorId: other(0),
      notes: null,
    },
    {
      kind: 'investigation',
      patientId: demo.id,
      title: 'Chest X-ray',
      date: day(3),
      status: 'Completed',
      notes: 'No focal consolidation. Heart size normal.',
    },
    {
      kind: 'investigation',
      patientId: demo.id,
      title: 'Full blood count',
      date: day(2),
      status: 'Completed',
      notes: 'Haemoglobin 12.8 g/dL; white cells within range.',
    },
    {
      kind: 'investigation',
      patientId: p(2).id,
      title: 'Abdominal ultrasound',
      date: day(1),
      status: 'In Progress',
      notes: null,
    },
    {
      kind: 'investigation',
      patientId: p(4).id,
      title: 'Malaria parasite test',
      date: day(0),
      status: 'Pending',
      notes: null,
    },
    {
      kind: 'operation',
      patientId: p(2).id,
      title: 'Laparoscopic appendicectomy',
      doctorId: doctor.id,
      date: day(15),
      outcome: 'Successful',
      notes: 'Discharged on day 2.',
    },
    {
      kind: 'operation',
      patientId: demo.id,
      title: 'Inguinal hernia repair',
      doctorId: other(1),
      date: day(40),
      outcome: 'With complications',
      notes: 'Minor wound infection, treated with antibiotics.',
    },
  ];
  // Through the reports service, as the demo doctor would write them: numbered and audited as any.
  const asDoctor = actingAs(ctx, actorOf(doctor));
  const saved: { id: string; caseId: string; title: string | null }[] = [];
  for (const input of inputs) {
    const report = await createReport(asDoctor, input);
    // The demo patient's investigations are shared with them (My Results); the operation is not.
    if (input.patientId === demo.id && input.kind === 'investigation') {
      await shareReport(asDoctor, report.id, { shared: true });
    }
    saved.push({ id: report.id, caseId: report.caseId, title: 'title' in input ? input.title : null });
  }

  const xray = saved.find((r) => r.title === 'Chest X-ray');
  const fbc = saved.find((r) => r.title === 'Full blood count');
  if (!xray || !fbc) return;
  const pdf = await new PdfBuilder('Full blood count', await readFacility(ctx))
    .fields([
      ['Patient', `${demo.firstName} ${demo.lastName}`],
      ['Case ID', fbc.caseId],
    ])
    .paragraph('Result', 'Haemoglobin 12.8 g/dL, white cells 6.2 x10^9/L, platelets 250 x10^9/L.')
    .finish();
  const png = gradientPng();
  await ctx.db.insert(reportAttachments).values([
    {
      reportId: xray.id,
      name: 'chest-x-ray.png',
      contentType: 'image/png',
      size: png.length,
      data: png,
      uploadedBy: doctor.id,
    },
    {
      reportId: fbc.id,
      name: 'full-blood-count.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
      data: pdf,
      uploadedBy: doctor.id,
    },
  ]);
}
