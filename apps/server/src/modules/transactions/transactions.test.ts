import type {
  AppointmentStatus,
  CreateInvoiceInput,
  InvoiceDetail,
  InvoicePage,
  InvoiceSummary,
} from '@carepoint/contract';
import { and, asc, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  signIn,
  type TestApp,
  type TestUser,
  testClock,
} from '../../../test/helpers';
import { appointments, auditEvents, invoices } from '../../db/schema';
import { seedDemoData } from '../../db/seed';

type Headers = { cookie: string };

/* The facility is in Lagos; it is Monday 7 January 2030, 10:00 there. */
const NOW = new Date('2030-01-07T09:00:00Z');
const DAY = 24 * 3_600_000;

let t: TestApp;
let doctor: { user: TestUser; headers: Headers };
let other: { user: TestUser; headers: Headers };
let patient: { user: TestUser; headers: Headers };
let stranger: { user: TestUser; headers: Headers };
let admin: { user: TestUser; headers: Headers };

beforeAll(async () => {
  t = await createTestApp({ clock: testClock(NOW), env: { TIME_ZONE: 'Africa/Lagos' } });
  doctor = await signedIn(t, 'doctor', { firstName: 'Ada', lastName: 'Okafor' });
  other = await signedIn(t, 'doctor');
  patient = await signedIn(t, 'patient', { firstName: 'Grace', lastName: 'Nwosu', phone: '0803 123 4567' });
  stranger = await signedIn(t, 'patient');
  admin = await signedIn(t, 'admin');
});
afterAll(() => t.close());

let slot = 0;
/** A visit of `patientId` with `doctorId`, some days back (each at its own start). */
async function visit(doctorId: string, patientId: string, status: AppointmentStatus = 'Completed') {
  slot += 1;
  const startsAt = new Date(NOW.getTime() - slot * DAY);
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      patientId,
      doctorId,
      title: 'Check-up',
      priority: 'Medium',
      date: startsAt.toISOString().slice(0, 10),
      time: '09:00:00',
      startsAt,
      durationMinutes: 45,
      status,
    })
    .returning();
  if (!row) throw new Error('appointment not created');
  return row;
}

const send = (headers: Headers, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const lines = [
  { description: 'Consultation', quantity: 1, unitPrice: 1_500_000 },
  { description: 'Full blood count', quantity: 2, unitPrice: 800_050 },
];

async function bill(appointmentId: string, body: Partial<CreateInvoiceInput> = {}, as = doctor.headers) {
  const res = await send(as, 'POST', '/api/doctor/invoices', { appointmentId, lines, taxRate: 750, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<InvoiceDetail>();
}

const newInvoice = async () => bill((await visit(doctor.user.id, patient.user.id)).id);

const auditOf = (action: string, entityId: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.id));

describe('creating an invoice', () => {
  it('computes subtotal, tax (half up) and total in kobo on the server, with a yearly number', async () => {
    const invoice = await newInvoice();
    // 1,500,000 + 2 x 800,050 = 3,100,100; 7.5% = 232,507.5 -> 232,508
    expect(invoice).toMatchObject({
      status: 'Pending',
      subtotal: 3_100_100,
      tax: 232_508,
      total: 3_332_608,
      taxRate: 750,
      patient: { id: patient.user.id, fullName: 'Grace Nwosu', phone: '0803 123 4567' },
      doctor: { id: doctor.user.id, name: 'Dr Ada Okafor' },
    });
    expect(invoice.number).toMatch(/^INV-2030-\d{6}$/);
    expect(invoice.lines.map((l) => [l.description, l.amount])).toEqual([
      ['Consultation', 1_500_000],
      ['Full blood count', 1_600_100],
    ]);
    const [row] = await auditOf('doctor.invoice.create', invoice.id);
    expect(row).toMatchObject({ actorId: doctor.user.id, patientId: patient.user.id });
  });

  it('rounds exactly half a kobo up and keeps huge but allowed sums exact', async () => {
    // 10 x 5 kobo at 10% = 5 kobo exactly; 1 kobo at 50% = 0.5 -> 1
    const a = await bill((await visit(doctor.user.id, patient.user.id)).id, {
      lines: [{ description: 'Swab', quantity: 1, unitPrice: 1 }],
      taxRate: 5000,
    });
    expect([a.subtotal, a.tax, a.total]).toEqual([1, 1, 2]);
    const many = Array.from({ length: 50 }, (_, i) => ({
      description: `Line ${i}`,
      quantity: 10_000,
      unitPrice: 1_000_000_000,
    }));
    const b = await bill((await visit(doctor.user.id, patient.user.id)).id, { lines: many, taxRate: 10_000 });
    expect([b.subtotal, b.tax, b.total]).toEqual([5e14, 5e14, 1e15]);
  });

  it('refuses amounts beyond the caps and bad input with 400', async () => {
    const { id } = await visit(doctor.user.id, patient.user.id);
    for (const body of [
      { lines: [{ description: 'X', quantity: 1, unitPrice: 1_000_000_001 }] },
      { lines: [{ description: 'X', quantity: 10_001, unitPrice: 1 }] },
      { lines: [{ description: 'X', quantity: 1, unitPrice: 1.5 }] },
      { lines: [{ description: 'X', quantity: 1, unitPrice: 1e300 }] },
      { lines: [] },
      { taxRate: 10_001 },
      { lines: Array.from({ length: 51 }, () => ({ description: 'X', quantity: 1, unitPrice: 1 })) },
    ]) {
      const res = await send(doctor.headers, 'POST', '/api/doctor/invoices', {
        appointmentId: id,
        lines,
        taxRate: 750,
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('bills only completed appointments of the doctor', async () => {
    const pending = await visit(doctor.user.id, patient.user.id, 'Confirmed');
    const res = await send(doctor.headers, 'POST', '/api/doctor/invoices', {
      appointmentId: pending.id,
      lines,
      taxRate: 0,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'Only a completed appointment can be billed' });
    const others = await visit(other.user.id, patient.user.id);
    const stolen = await send(doctor.headers, 'POST', '/api/doctor/invoices', {
      appointmentId: others.id,
      lines,
      taxRate: 0,
    });
    expect(stolen.statusCode).toBe(404);
  });

  it('keeps one active invoice per appointment, also under parallel requests', async () => {
    const { id } = await visit(doctor.user.id, patient.user.id);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        send(doctor.headers, 'POST', '/api/doctor/invoices', { appointmentId: id, lines, taxRate: 750 }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json()).toMatchObject({
      error: 'This appointment already has an invoice',
    });
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.appointmentId, id));
    expect(rows).toHaveLength(1);
    // Once that one is cancelled, the appointment can be billed again.
    const first = results.find((r) => r.statusCode === 201)?.json<InvoiceDetail>();
    await send(doctor.headers, 'POST', `/api/doctor/invoices/${first?.id}/cancel`);
    await bill(id);
  });

  it('offers the completed, unbilled appointments in the New Invoice dialog', async () => {
    const fresh = await signedIn(t, 'doctor');
    const billed = await visit(fresh.user.id, patient.user.id);
    const open = await visit(fresh.user.id, stranger.user.id);
    await visit(fresh.user.id, patient.user.id, 'Cancelled');
    await bill(billed.id, {}, fresh.headers);
    const res = await send(fresh.headers, 'GET', '/api/doctor/invoices/billable');
    expect(res.json<{ data: Array<{ id: string }> }>().data.map((a) => a.id)).toEqual([open.id]);
  });
});

describe('status moves', () => {
  it('pays (method and time), refunds (reason) and refuses every other move', async () => {
    const invoice = await newInvoice();
    const url = `/api/doctor/invoices/${invoice.id}`;
    expect((await send(doctor.headers, 'POST', `${url}/refund`, { reason: 'x' })).statusCode).toBe(409);
    t.clock.set('2030-01-07T10:30:00Z');
    const paid = await send(doctor.headers, 'POST', `${url}/pay`, { method: 'Bank transfer' });
    expect(paid.json<InvoiceDetail>()).toMatchObject({
      status: 'Paid',
      paymentMethod: 'Bank transfer',
      paidAt: '2030-01-07T10:30:00.000Z',
    });
    expect((await send(doctor.headers, 'POST', `${url}/pay`, { method: 'Cash' })).statusCode).toBe(409);
    expect((await send(doctor.headers, 'POST', `${url}/cancel`)).statusCode).toBe(409);
    const refunded = await send(doctor.headers, 'POST', `${url}/refund`, { reason: 'Charged twice' });
    expect(refunded.json<InvoiceDetail>()).toMatchObject({
      status: 'Refunded',
      refundReason: 'Charged twice',
    });
    for (const [action, body] of [
      ['pay', { method: 'Cash' }],
      ['cancel', undefined],
      ['refund', { reason: 'again' }],
    ] as const) {
      const res = await send(doctor.headers, 'POST', `${url}/${action}`, body);
      expect(res.statusCode, action).toBe(409);
      expect(res.json()).toMatchObject({ error: 'The invoice is no longer in a status that allows this' });
    }
    expect((await auditOf('doctor.invoice.pay', invoice.id))[0]).toMatchObject({
      patientId: patient.user.id,
      details: { from: 'Pending', to: 'Paid', method: 'Bank transfer' },
    });
    expect(await auditOf('doctor.invoice.refund', invoice.id)).toHaveLength(1);
    t.clock.set(NOW);
  });

  it('cancels a pending invoice, which is then final', async () => {
    const invoice = await newInvoice();
    const url = `/api/doctor/invoices/${invoice.id}`;
    expect((await send(doctor.headers, 'POST', `${url}/cancel`)).json()).toMatchObject({
      status: 'Cancelled',
    });
    expect((await send(doctor.headers, 'POST', `${url}/pay`, { method: 'Cash' })).statusCode).toBe(409);
    expect((await send(doctor.headers, 'PUT', url, { lines, taxRate: 0 })).statusCode).toBe(409);
  });

  it('lets exactly one of two parallel "mark paid" win', async () => {
    const invoice = await newInvoice();
    const url = `/api/doctor/invoices/${invoice.id}/pay`;
    const results = await Promise.all([
      send(doctor.headers, 'POST', url, { method: 'Cash' }),
      send(doctor.headers, 'POST', url, { method: 'Card' }),
      send(doctor.headers, 'POST', url, { method: 'POS' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await auditOf('doctor.invoice.pay', invoice.id)).toHaveLength(1);
  });

  it('refuses an unknown payment method and an empty refund reason', async () => {
    const invoice = await newInvoice();
    const url = `/api/doctor/invoices/${invoice.id}`;
    expect((await send(doctor.headers, 'POST', `${url}/pay`, { method: 'Bitcoin' })).statusCode).toBe(400);
    await send(doctor.headers, 'POST', `${url}/pay`, { method: 'Cash' });
    expect((await send(doctor.headers, 'POST', `${url}/refund`, { reason: '  ' })).statusCode).toBe(400);
  });
});

describe('editing', () => {
  it('replaces lines, tax rate and notes while Pending, and freezes them once paid', async () => {
    const invoice = await newInvoice();
    const url = `/api/doctor/invoices/${invoice.id}`;
    const edited = await send(doctor.headers, 'PUT', url, {
      lines: [{ description: 'Chest X-ray', quantity: 3, unitPrice: 1_200_000 }],
      taxRate: 0,
      notes: 'Three views',
    });
    expect(edited.json<InvoiceDetail>()).toMatchObject({
      subtotal: 3_600_000,
      tax: 0,
      total: 3_600_000,
      notes: 'Three views',
      lines: [{ description: 'Chest X-ray', quantity: 3, amount: 3_600_000 }],
    });
    await send(doctor.headers, 'POST', `${url}/pay`, { method: 'Cash' });
    const frozen = await send(doctor.headers, 'PUT', url, { lines, taxRate: 750 });
    expect(frozen.statusCode).toBe(409);
    expect(frozen.json()).toMatchObject({ error: 'Only a pending invoice can be changed' });
    const after = (await send(doctor.headers, 'GET', url)).json<InvoiceDetail>();
    expect(after.lines.map((l) => l.description)).toEqual(['Chest X-ray']);
    expect(after.total).toBe(3_600_000);
  });
});

describe('who sees what', () => {
  it("answers 404 for another doctor's invoice, to read, change or print", async () => {
    const invoice = await newInvoice();
    const url = `/api/doctor/invoices/${invoice.id}`;
    for (const [method, path, body] of [
      ['GET', url, undefined],
      ['GET', `${url}/pdf`, undefined],
      ['PUT', url, { lines, taxRate: 0 }],
      ['POST', `${url}/pay`, { method: 'Cash' }],
      ['POST', `${url}/cancel`, undefined],
    ] as const) {
      expect((await send(other.headers, method, path, body)).statusCode, `${method} ${path}`).toBe(404);
    }
    const list = (await send(other.headers, 'GET', '/api/doctor/invoices')).json<InvoicePage>();
    expect(list.data.map((r) => r.id)).not.toContain(invoice.id);
    expect((await send(admin.headers, 'GET', url)).statusCode).toBe(403);
  });

  it('shows a patient their own invoices only, with the PDF', async () => {
    const invoice = await newInvoice();
    const mine = (await send(patient.headers, 'GET', '/api/patient/invoices')).json<InvoicePage>();
    expect(mine.data.map((r) => r.id)).toContain(invoice.id);
    expect(mine.data.every((r) => r.patientId === patient.user.id)).toBe(true);
    const detail = await send(patient.headers, 'GET', `/api/patient/invoices/${invoice.id}`);
    expect(detail.json<InvoiceDetail>()).toMatchObject({ id: invoice.id, total: invoice.total });
    expect((await send(patient.headers, 'GET', `/api/patient/invoices/${invoice.id}/pdf`)).statusCode).toBe(
      200,
    );
    expect((await send(stranger.headers, 'GET', `/api/patient/invoices/${invoice.id}`)).statusCode).toBe(404);
    expect((await send(stranger.headers, 'GET', `/api/patient/invoices/${invoice.id}/pdf`)).statusCode).toBe(
      404,
    );
    const theirs = (await send(stranger.headers, 'GET', '/api/patient/invoices')).json<InvoicePage>();
    expect(theirs.data.map((r) => r.id)).not.toContain(invoice.id);
    expect(
      (await send(patient.headers, 'POST', `/api/doctor/invoices/${invoice.id}/pay`, { method: 'Cash' }))
        .statusCode,
    ).toBe(403);
    expect(await auditOf('patient.invoice.read', invoice.id)).toHaveLength(1);
  });
});

describe('the Transactions list and cards', () => {
  it('pages, sorts, searches and filters on the server, and computes the four cards', async () => {
    const desk = await signedIn(t, 'doctor');
    const people = await Promise.all(
      [
        ['Bola', 'Adeyemi'],
        ['Chidi', 'Eze'],
        ['Amaka', 'Obi'],
      ].map(([firstName, lastName]) => createUser(t, 'patient', { firstName, lastName })),
    );
    const made: InvoiceDetail[] = [];
    for (const [i, person] of people.entries()) {
      t.clock.set(new Date(NOW.getTime() - (i * 20 + 1) * DAY));
      const { id } = await visit(desk.user.id, (person as TestUser).id);
      made.push(
        await bill(
          id,
          { lines: [{ description: 'Consultation', quantity: i + 1, unitPrice: 100_000 }], taxRate: 0 },
          desk.headers,
        ),
      );
    }
    t.clock.set(NOW);
    const [a, b, c] = made as [InvoiceDetail, InvoiceDetail, InvoiceDetail];
    await send(desk.headers, 'POST', `/api/doctor/invoices/${a.id}/pay`, { method: 'Cash' });
    await send(desk.headers, 'POST', `/api/doctor/invoices/${b.id}/pay`, { method: 'Card' });
    await send(desk.headers, 'POST', `/api/doctor/invoices/${b.id}/refund`, { reason: 'Duplicate' });

    const list = async (query: string) => {
      const res = await send(desk.headers, 'GET', `/api/doctor/invoices${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<InvoicePage>();
    };
    expect((await list('')).data.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
    expect((await list('?sort=total&order=desc')).data.map((r) => r.total)).toEqual([
      300_000, 200_000, 100_000,
    ]);
    expect((await list('?sort=patient&order=asc')).data.map((r) => r.name)).toEqual([
      'Amaka Obi',
      'Bola Adeyemi',
      'Chidi Eze',
    ]);
    expect((await list('?q=eze')).data.map((r) => r.id)).toEqual([b.id]);
    expect((await list(`?q=${c.number}`)).data.map((r) => r.id)).toEqual([c.id]);
    expect((await list('?status=Refunded')).data.map((r) => r.id)).toEqual([b.id]);
    const paged = await list('?limit=2&page=2&sort=date&order=asc');
    expect(paged.data.map((r) => r.id)).toEqual([a.id]);
    expect(paged.pagination).toMatchObject({ total: 3, totalPages: 2 });
    expect((await send(desk.headers, 'GET', '/api/doctor/invoices?sort=number')).statusCode).toBe(400);
    expect((await list('?sort=appointment&order=desc')).data[0]).toMatchObject({
      appointment: { title: 'Check-up', time: '09:00' },
    });

    const summary = (await send(desk.headers, 'GET', '/api/doctor/invoices/summary')).json<InvoiceSummary>();
    expect(summary).toEqual({
      paid: { count: 1, total: 100_000 },
      outstanding: { count: 1, total: 300_000 },
      // January (facility calendar): a (6 Jan) only; b was issued on 17 December.
      thisMonth: { count: 1, total: 100_000 },
      refunded: { count: 1, total: 200_000 },
    });
    const [listed] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'doctor.invoice.list'), eq(auditEvents.actorId, desk.user.id)))
      .limit(1);
    expect(listed?.details).toMatchObject({ invoiceIds: expect.arrayContaining([a.id]) });
  });
});

describe('the PDF', () => {
  it('opens and names the patient, the doctor, the lines and the totals in NGN', async () => {
    const invoice = await newInvoice();
    const res = await send(doctor.headers, 'GET', `/api/doctor/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${invoice.number}.pdf`);
    expect(res.headers['cache-control']).toBe('no-store');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    for (const part of [
      `Invoice ${invoice.number}`,
      'Grace Nwosu',
      'Dr Ada Okafor',
      'Consultation',
      'Full blood count',
      'NGN 31,001.00',
      'NGN 2,325.08',
      'NGN 33,326.08',
      'Tax (7.5%)',
    ]) {
      expect(text).toContain(part);
    }
    expect(await auditOf('doctor.invoice.pdf', invoice.id)).toHaveLength(1);
  });

  it("carries the facility's details as an admin last saved them on its letterhead", async () => {
    const invoice = await newInvoice();
    const facility = {
      name: 'Harbour Family Clinic',
      address: '3 Marina Road, Lagos Island',
      phone: '+234 809 000 1234',
      email: 'hello@harbour.example',
    };
    expect((await send(admin.headers, 'PUT', '/api/admin/facility', facility)).statusCode).toBe(200);
    const res = await send(patient.headers, 'GET', `/api/patient/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
      mergePages: true,
    });
    for (const part of Object.values(facility)) expect(text).toContain(part);
    expect(text).not.toContain('CarePoint Clinic');
  });
});

describe('admin Total Earnings', () => {
  it('counts Paid invoices only: not Pending, Cancelled or Refunded', async () => {
    const earnings = async () =>
      (await send(admin.headers, 'GET', '/api/admin/stats')).json<{ totalEarnings: number }>().totalEarnings;
    const before = await earnings();
    const paid = await newInvoice();
    await send(doctor.headers, 'POST', `/api/doctor/invoices/${paid.id}/pay`, { method: 'Cash' });
    const refunded = await newInvoice();
    await send(doctor.headers, 'POST', `/api/doctor/invoices/${refunded.id}/pay`, { method: 'Cash' });
    await send(doctor.headers, 'POST', `/api/doctor/invoices/${refunded.id}/refund`, { reason: 'Error' });
    const cancelled = await newInvoice();
    await send(doctor.headers, 'POST', `/api/doctor/invoices/${cancelled.id}/cancel`);
    await newInvoice();
    expect((await earnings()) - before).toBe(paid.total);
  });
});

describe('demo data', () => {
  it('gives the demo doctor and the demo patient invoices in every status, numbered by the sequence', async () => {
    const demo = await createTestApp({ clock: testClock(NOW), env: { TIME_ZONE: 'Africa/Lagos' } });
    try {
      await seedDemoData(serviceContext(demo));
      const as = async (email: string) => signIn(demo, { email }, 'carepoint-demo');
      const doctorPage = (
        await demo.app.inject({
          url: '/api/doctor/invoices?limit=100',
          headers: await as('doctor@carepoint.example'),
        })
      ).json<InvoicePage>();
      const patientPage = (
        await demo.app.inject({
          url: '/api/patient/invoices?limit=100',
          headers: await as('patient@carepoint.example'),
        })
      ).json<InvoicePage>();
      for (const page of [doctorPage, patientPage]) {
        expect(new Set(page.data.map((r) => r.status))).toEqual(
          new Set(['Pending', 'Paid', 'Cancelled', 'Refunded']),
        );
        expect(page.data.every((r) => /^INV-\d{4}-\d{6}$/.test(r.number))).toBe(true);
        expect(page.data.some((r) => r.appointment)).toBe(true);
      }
      const billable = await demo.app.inject({
        url: '/api/doctor/invoices/billable',
        headers: await as('doctor@carepoint.example'),
      });
      expect(billable.json<{ data: unknown[] }>().data.length).toBeGreaterThan(0);
      // The next invoice continues the sequence.
      const all = await demo.database.db.select({ number: invoices.number }).from(invoices);
      const last = Math.max(...all.map((r) => Number(r.number.slice(-6))));
      expect(last).toBe(all.length);
    } finally {
      await demo.close();
    }
  });
});
