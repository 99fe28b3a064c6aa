import {
  ACTIVE_INVOICE_STATUSES,
  BILLABLE_LIMIT,
  type BillableAppointment,
  type CreateInvoice,
  doctorDisplayName,
  INVOICE_MOVES,
  type INVOICES_SORTABLE,
  type InvoiceAction,
  type InvoiceDetail,
  type InvoicePage,
  type InvoiceRow,
  type InvoiceSummary,
  type invoicesQuerySchema,
  invoiceTotals,
  type PaymentMethod,
  shortTime,
  TRANSACTION_MESSAGES,
  type UpdateInvoice,
} from '@carepoint/contract';
import { and, asc, desc, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { appointments, invoiceItems, invoices, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { type AppError, conflict, notFound, signedIn } from '../../lib/errors';
import { facilityDate, facilityDay } from '../../lib/facility-time';
import {
  iso,
  isoOrNull,
  listPage,
  matchingRows,
  orderBy,
  type RowOf,
  type Select,
  type SortColumns,
  search,
  selectOf,
  toNumber,
} from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import { formatYearlyNumber, nextYearlyNumber } from '../../lib/sequences';

/**
 * Invoices: a doctor bills their own completed appointments and manages the invoices they
 * issued; a patient reads their own. Anything else answers 404. Every status move is one
 * conditional UPDATE (… WHERE status = <from> RETURNING), so of two racing moves one wins.
 * Invoices are part of a patient's record: every read and change is audited.
 */

/** Whose invoices the caller may see: the doctor who issued them, or the patient billed. */
type InvoiceOwner = { role: 'doctor' | 'patient'; userId: string };

/** The signed-in user as an invoices' owner: a patient their bills, a doctor (the routes admit no other) theirs. */
function ownerOf(ctx: ServiceContext): InvoiceOwner {
  const user = signedIn(ctx.actor);
  return { role: user.role === 'patient' ? 'patient' : 'doctor', userId: user.id };
}

/** The signed-in doctor, whose own invoices the doctor's routes read and change. */
const doctorOf = (ctx: ServiceContext): InvoiceOwner => ({ role: 'doctor', userId: signedIn(ctx.actor).id });

const ownedBy = (owner: InvoiceOwner) =>
  owner.role === 'doctor' ? eq(invoices.doctorId, owner.userId) : eq(invoices.patientId, owner.userId);

/** Invoice numbers: "INV-2030-000042", one yearly sequence. */
const INVOICE_SEQUENCE = 'invoice';
export const invoiceNumber = async (ctx: ServiceContext) =>
  formatYearlyNumber('INV', await nextYearlyNumber(ctx, INVOICE_SEQUENCE));

// ---------------------------------------------------------------- rows

/** `users` is the patient; the doctor is this alias. */
const doctors = alias(users, 'doctor');

const rowColumns = {
  invoice: invoices,
  patient: { firstName: users.firstName, lastName: users.lastName, email: users.email, phone: users.phone },
  doctor: { firstName: doctors.firstName, lastName: doctors.lastName },
  appointment: {
    id: appointments.id,
    date: appointments.date,
    time: appointments.time,
    title: appointments.title,
  },
};

/** The base query of the list and of single reads (lib/list.ts Select). */
const invoiceRows = (select: Select) =>
  select(rowColumns)
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.patientId))
    .innerJoin(doctors, eq(doctors.id, invoices.doctorId))
    .leftJoin(appointments, eq(appointments.id, invoices.appointmentId));

type Row = RowOf<typeof invoiceRows>;

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const appointmentOf = (a: Row['appointment']) =>
  a ? { id: a.id, date: a.date, time: shortTime(a.time), title: a.title } : null;

const toRow = ({ invoice: i, patient, doctor, appointment }: Row): InvoiceRow => ({
  id: i.id,
  number: i.number,
  patientId: i.patientId,
  name: nameOf(patient),
  doctorName: doctorDisplayName(doctor),
  appointment: appointmentOf(appointment),
  date: iso(i.issuedAt),
  total: i.total,
  status: i.status,
});

// ---------------------------------------------------------------- lists

type ListQuery = z.output<typeof invoicesQuerySchema>;

const SORT: SortColumns<(typeof INVOICES_SORTABLE)[number]> = {
  patient: [users.firstName, users.lastName],
  appointment: appointments.startsAt,
  date: invoices.issuedAt,
  total: invoices.total,
  status: invoices.status,
};

/** GET /api/doctor/invoices and /api/patient/invoices: the owner's invoices, searched, sorted and paged. */
export async function listInvoices(ctx: ServiceContext, query: ListQuery): Promise<InvoicePage> {
  const { db } = ctx;
  const owner = ownerOf(ctx);
  const where = and(
    ownedBy(owner),
    query.status ? eq(invoices.status, query.status) : undefined,
    search(query.q, [invoices.number, fullNameOf(), users.email]),
  );
  const result = await listPage(ctx, query, {
    rows: (select) => invoiceRows(select).where(where),
    order: orderBy(query, SORT, [desc(invoices.issuedAt)], invoices.id),
    count: matchingRows(db).from(invoices).innerJoin(users, eq(users.id, invoices.patientId)).where(where),
    map: toRow,
  });
  await audit(ctx, {
    action: `${owner.role}.invoice.list`,
    entityType: 'invoice',
    patientId: owner.role === 'patient' ? owner.userId : null,
    details: {
      query,
      invoiceIds: result.data.map((r) => r.id),
      patientIds: [...new Set(result.data.map((r) => r.patientId))],
    },
  });
  return result;
}

/** GET /api/doctor/invoices/summary: the four cards, over the doctor's invoices. */
export async function invoiceSummary(ctx: ServiceContext): Promise<InvoiceSummary> {
  const doctorId = doctorOf(ctx).userId;
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const [year, month] = today.split('-').map(Number);
  const monthStart = facilityDay(
    new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1, 12)),
    ctx.config.TIME_ZONE,
  ).start;
  const figure = (condition: SQL) => ({
    count: sql<number>`count(*) filter (where ${condition})`.mapWith(Number),
    total: sql<string | null>`sum(${invoices.total}) filter (where ${condition})`,
  });
  const [row] = await ctx.db
    .select({
      paid: figure(sql`${invoices.status} = 'Paid'`),
      outstanding: figure(sql`${invoices.status} = 'Pending'`),
      thisMonth: figure(sql`${invoices.issuedAt} >= ${monthStart} and ${invoices.status} <> 'Cancelled'`),
      refunded: figure(sql`${invoices.status} = 'Refunded'`),
    })
    .from(invoices)
    .where(eq(invoices.doctorId, doctorId));
  const out = (f: { count: number; total: string | null } | undefined) => ({
    count: f?.count ?? 0,
    total: toNumber(f?.total),
  });
  return {
    paid: out(row?.paid),
    outstanding: out(row?.outstanding),
    thisMonth: out(row?.thisMonth),
    refunded: out(row?.refunded),
  };
}

/** GET /api/doctor/invoices/billable: the doctor's completed appointments that have no active invoice, newest first. */
export async function billableAppointments(
  ctx: ServiceContext,
  q: string | undefined,
): Promise<{ data: BillableAppointment[] }> {
  const doctorId = doctorOf(ctx).userId;
  const active = ctx.db
    .select({ one: sql`1` })
    .from(invoices)
    .where(
      and(
        eq(invoices.appointmentId, appointments.id),
        inArray(invoices.status, [...ACTIVE_INVOICE_STATUSES]),
      ),
    );
  const rows = await ctx.db
    .select({
      id: appointments.id,
      date: appointments.date,
      time: appointments.time,
      title: appointments.title,
      patientId: appointments.patientId,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        eq(appointments.status, 'Completed'),
        notExists(active),
        search(q, [fullNameOf(), users.email]),
      ),
    )
    .orderBy(desc(appointments.startsAt), asc(appointments.id))
    .limit(BILLABLE_LIMIT);
  const data = rows.map((r) => ({
    id: r.id,
    date: r.date,
    time: shortTime(r.time),
    title: r.title,
    patientId: r.patientId,
    patientName: nameOf(r),
  }));
  await audit(ctx, {
    action: 'doctor.invoice.billable',
    entityType: 'appointment',
    details: {
      appointmentIds: data.map((d) => d.id),
      patientIds: [...new Set(data.map((d) => d.patientId))],
    },
  });
  return { data };
}

// ---------------------------------------------------------------- one invoice

/** The invoice with its lines, if the owner may see it; no audit row. */
async function loadDetail(db: Executor, owner: InvoiceOwner, id: string): Promise<InvoiceDetail> {
  const [row] = await invoiceRows(selectOf(db))
    .where(and(eq(invoices.id, id), ownedBy(owner)))
    .limit(1);
  if (!row) throw notFound('Invoice');
  const lines = await db
    .select({
      id: invoiceItems.id,
      description: invoiceItems.description,
      quantity: invoiceItems.quantity,
      unitPrice: invoiceItems.unitPrice,
      amount: invoiceItems.amount,
    })
    .from(invoiceItems)
    .where(eq(invoiceItems.invoiceId, id))
    .orderBy(asc(invoiceItems.position), asc(invoiceItems.id));
  const i = row.invoice;
  return {
    id: i.id,
    number: i.number,
    status: i.status,
    issuedAt: iso(i.issuedAt),
    patient: {
      id: i.patientId,
      fullName: nameOf(row.patient),
      email: row.patient.email,
      phone: row.patient.phone,
    },
    doctor: { id: i.doctorId, name: doctorDisplayName(row.doctor) },
    appointment: appointmentOf(row.appointment),
    lines,
    taxRate: i.taxRate,
    subtotal: i.subtotal,
    tax: i.tax,
    total: i.total,
    paymentMethod: (i.paymentMethod as PaymentMethod | null) ?? null,
    paidAt: isoOrNull(i.paidAt),
    cancelledAt: isoOrNull(i.cancelledAt),
    refundedAt: isoOrNull(i.refundedAt),
    refundReason: i.refundReason,
    notes: i.notes,
    updatedAt: iso(i.updatedAt),
  };
}

/** GET /api/{doctor,patient}/invoices/:id: one invoice the caller may see (audited). */
export async function getInvoice(ctx: ServiceContext, id: string, action = 'read') {
  const owner = ownerOf(ctx);
  const detail = await loadDetail(ctx.db, owner, id);
  await audit(ctx, {
    action: `${owner.role}.invoice.${action}`,
    entityType: 'invoice',
    entityId: id,
    patientId: detail.patient.id,
  });
  return detail;
}

// ---------------------------------------------------------------- changes

const itemRows = (invoiceId: string, lines: UpdateInvoice['lines']) =>
  lines.map((line, position) => ({
    invoiceId,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    amount: line.quantity * line.unitPrice,
    position,
  }));

/** Why a conditional UPDATE of an invoice matched nothing: not the doctor's (404), or the wrong status (409). */
async function refusal(db: Executor, doctorId: string, id: string, message: string): Promise<AppError> {
  const [found] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.doctorId, doctorId)))
    .limit(1);
  return found ? conflict('INVOICE_STATUS', message) : notFound('Invoice');
}

/**
 * POST /api/doctor/invoices: bills one of the doctor's completed appointments. The number is
 * taken inside the same transaction; the partial unique index keeps one active invoice per
 * appointment even when two requests race.
 */
export async function createInvoice(ctx: ServiceContext, input: CreateInvoice) {
  const owner = doctorOf(ctx);
  const doctorId = owner.userId;
  const id = await mapUnique(
    () =>
      ctx.db.transaction(async (db) => {
        const tx = inTransaction(ctx, db);
        const [appointment] = await db
          .select({ id: appointments.id, patientId: appointments.patientId, status: appointments.status })
          .from(appointments)
          .where(and(eq(appointments.id, input.appointmentId), eq(appointments.doctorId, doctorId)))
          .limit(1);
        if (!appointment) throw notFound('Appointment');
        if (appointment.status !== 'Completed') {
          throw conflict('NOT_COMPLETED', TRANSACTION_MESSAGES.notCompleted, 'appointmentId');
        }
        const totals = invoiceTotals(input.lines, input.taxRate);
        const [created] = await db
          .insert(invoices)
          .values({
            number: await invoiceNumber(tx),
            patientId: appointment.patientId,
            doctorId,
            appointmentId: appointment.id,
            issuedAt: ctx.now(),
            status: 'Pending',
            taxRate: input.taxRate,
            ...totals,
            notes: input.notes,
          })
          .returning({ id: invoices.id, number: invoices.number });
        if (!created) throw new Error('invoice not created');
        await db.insert(invoiceItems).values(itemRows(created.id, input.lines));
        await audit(tx, {
          action: 'doctor.invoice.create',
          entityType: 'invoice',
          entityId: created.id,
          patientId: appointment.patientId,
          details: { number: created.number, appointmentId: appointment.id, total: totals.total },
        });
        return created.id;
      }),
    () => conflict('ALREADY_BILLED', TRANSACTION_MESSAGES.alreadyBilled, 'appointmentId'),
  );
  return loadDetail(ctx.db, owner, id);
}

/** PUT /api/doctor/invoices/:id: new lines, tax rate and notes, while the invoice is Pending. */
export async function updateInvoice(ctx: ServiceContext, id: string, input: UpdateInvoice) {
  const owner = doctorOf(ctx);
  const doctorId = owner.userId;
  await ctx.db.transaction(async (db) => {
    const totals = invoiceTotals(input.lines, input.taxRate);
    // The row lock of this UPDATE orders it with a racing "mark paid": lines never change on a paid invoice.
    const [row] = await db
      .update(invoices)
      .set({ taxRate: input.taxRate, ...totals, notes: input.notes, updatedAt: ctx.now() })
      .where(and(eq(invoices.id, id), eq(invoices.doctorId, doctorId), eq(invoices.status, 'Pending')))
      .returning({ patientId: invoices.patientId });
    if (!row) throw await refusal(db, doctorId, id, TRANSACTION_MESSAGES.notPending);
    await db.delete(invoiceItems).where(eq(invoiceItems.invoiceId, id));
    await db.insert(invoiceItems).values(itemRows(id, input.lines));
    await audit(inTransaction(ctx, db), {
      action: 'doctor.invoice.update',
      entityType: 'invoice',
      entityId: id,
      patientId: row.patientId,
      details: { total: totals.total, lines: input.lines.length },
    });
  });
  return loadDetail(ctx.db, owner, id);
}

type MoveFields = Partial<
  Pick<
    typeof invoices.$inferInsert,
    'paymentMethod' | 'paidAt' | 'cancelledAt' | 'refundedAt' | 'refundReason'
  >
>;

/** One status move, atomically from the status it needs: pay, cancel or refund. */
async function move(
  ctx: ServiceContext,
  id: string,
  action: InvoiceAction,
  fields: MoveFields,
  details: Record<string, unknown> = {},
) {
  const { from, to } = INVOICE_MOVES[action];
  const owner = doctorOf(ctx);
  const doctorId = owner.userId;
  await ctx.db.transaction(async (db) => {
    const [row] = await db
      .update(invoices)
      .set({ status: to, ...fields, updatedAt: ctx.now() })
      .where(and(eq(invoices.id, id), eq(invoices.doctorId, doctorId), eq(invoices.status, from)))
      .returning({ patientId: invoices.patientId });
    if (!row) throw await refusal(db, doctorId, id, TRANSACTION_MESSAGES.wrongStatus);
    await audit(inTransaction(ctx, db), {
      action: `doctor.invoice.${action}`,
      entityType: 'invoice',
      entityId: id,
      patientId: row.patientId,
      details: { from, to, ...details },
    });
  });
  return loadDetail(ctx.db, owner, id);
}

/** POST /api/doctor/invoices/:id/pay: Pending -> Paid, with the method and the time. */
export const payInvoice = (ctx: ServiceContext, id: string, method: PaymentMethod) =>
  move(ctx, id, 'pay', { paymentMethod: method, paidAt: ctx.now() }, { method });

/** POST /api/doctor/invoices/:id/cancel: Pending -> Cancelled. */
export const cancelInvoice = (ctx: ServiceContext, id: string) =>
  move(ctx, id, 'cancel', { cancelledAt: ctx.now() });

/** POST /api/doctor/invoices/:id/refund: Paid -> Refunded, with the reason. */
export const refundInvoice = (ctx: ServiceContext, id: string, reason: string) =>
  move(ctx, id, 'refund', { refundedAt: ctx.now(), refundReason: reason });
