import { randomUUID } from 'node:crypto';
import { DEFAULT_TAX_RATE_BP, type InvoiceStatus, invoiceTotals, PAYMENT_METHODS } from '@carepoint/contract';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invoiceNumber } from '../../modules/transactions';
import { appointments, invoiceItems, invoices, users } from '../schema';
import type { SeedContext } from './context';

/*
 * Invoices for completed appointments, in every status, for the demo doctor and the demo patient
 * in particular; the demo doctor's two latest visits are left unbilled for the New Invoice dialog.
 * Numbers come from the invoice sequence, in the order the invoices were issued.
 */

const DEMO_DOCTOR = 'doctor@carepoint.example';
const DEMO_PATIENT = 'patient@carepoint.example';
const HOUR = 3_600_000;

/** A Lagos clinic's price list, in kobo. */
const SERVICES: Array<[string, number]> = [
  ['Consultation', 1_500_000],
  ['Full blood count', 800_000],
  ['Malaria parasite test', 350_000],
  ['Chest X-ray', 1_200_000],
  ['ECG', 950_000],
  ['Artemether-lumefantrine (pack)', 450_000],
  ['Physiotherapy session', 700_000],
  ['Wound dressing', 250_000],
];
const MIX: readonly InvoiceStatus[] = ['Paid', 'Paid', 'Pending', 'Paid', 'Cancelled', 'Refunded', 'Pending'];
/** The demo patient sees one of each. */
const DEMO_PATIENT_MIX: readonly InvoiceStatus[] = ['Paid', 'Pending', 'Refunded', 'Cancelled'];
const REFUND_REASONS = ['Charged twice at the front desk.', 'The test was not carried out.'];

type Plan = {
  visit: { id: string | null; patientId: string; doctorId: string };
  status: InvoiceStatus;
  issuedAt: Date;
};

export async function seedDoctorTransactions(ctx: SeedContext) {
  const doctors = alias(users, 'doctor');
  const visits = await ctx.db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      doctorId: appointments.doctorId,
      startsAt: appointments.startsAt,
      durationMinutes: appointments.durationMinutes,
      patientEmail: users.email,
      doctorEmail: doctors.email,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.patientId))
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .where(eq(appointments.status, 'Completed'))
    .orderBy(desc(appointments.startsAt), appointments.id);

  const demoDoctor = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DOCTOR));
  const demoPatient = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_PATIENT));
  const unbilled = new Set(
    visits
      .filter((v) => v.doctorEmail === DEMO_DOCTOR && v.patientEmail !== DEMO_PATIENT)
      .slice(0, 2)
      .map((v) => v.id),
  );
  let patientTurn = 0;
  let otherTurn = 0;
  const planned: Plan[] = visits
    .filter((v) => !unbilled.has(v.id))
    .map((v) => {
      const status =
        v.patientEmail === DEMO_PATIENT
          ? (DEMO_PATIENT_MIX[patientTurn++ % DEMO_PATIENT_MIX.length] ?? 'Paid')
          : (MIX[otherTurn++ % MIX.length] ?? 'Paid');
      const ended = v.startsAt.getTime() + v.durationMinutes * 60_000;
      return { visit: v, status, issuedAt: new Date(Math.min(ended + HOUR / 2, ctx.seededAt.getTime())) };
    });
  // The demo patient has few visits: the statuses their visits did not cover are bills for
  // services without an appointment (a walk-in lab test), from the demo doctor.
  const [doctorId, patientId] = [demoDoctor[0]?.id, demoPatient[0]?.id];
  if (doctorId && patientId) {
    for (const [n, status] of DEMO_PATIENT_MIX.slice(patientTurn).entries()) {
      planned.push({
        visit: { id: null, patientId, doctorId },
        status,
        issuedAt: new Date(ctx.seededAt.getTime() - (40 + 9 * n) * 24 * HOUR),
      });
    }
  }
  // Numbered in the order they were issued.
  planned.sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime());

  const invoiceRows: Array<typeof invoices.$inferInsert> = [];
  const itemRows: Array<typeof invoiceItems.$inferInsert> = [];
  for (const [i, { visit, status, issuedAt }] of planned.entries()) {
    const id = randomUUID();
    const lines = [SERVICES[0], SERVICES[1 + (i % 7)], i % 3 === 0 ? SERVICES[1 + ((i + 3) % 7)] : undefined]
      .flatMap((s) => (s ? [s] : []))
      .map(([description, unitPrice], position) => ({
        description,
        quantity: description.includes('pack') ? 2 : 1,
        unitPrice,
        position,
      }));
    const totals = invoiceTotals(lines, DEFAULT_TAX_RATE_BP);
    const later = (hours: number) =>
      new Date(Math.min(issuedAt.getTime() + hours * HOUR, ctx.seededAt.getTime()));
    const paid = status === 'Paid' || status === 'Refunded';
    invoiceRows.push({
      id,
      number: await invoiceNumber(ctx),
      patientId: visit.patientId,
      doctorId: visit.doctorId,
      appointmentId: visit.id,
      issuedAt,
      status,
      taxRate: DEFAULT_TAX_RATE_BP,
      ...totals,
      paymentMethod: paid ? PAYMENT_METHODS[i % PAYMENT_METHODS.length] : null,
      paidAt: paid ? later(1) : null,
      cancelledAt: status === 'Cancelled' ? later(2) : null,
      refundedAt: status === 'Refunded' ? later(26) : null,
      refundReason: status === 'Refunded' ? (REFUND_REASONS[i % REFUND_REASONS.length] ?? null) : null,
      notes: i % 2 === 0 ? 'Patient counselled on the results; follow-up in two weeks.' : null,
      createdAt: issuedAt,
      updatedAt: later(status === 'Pending' ? 0 : 2),
    });
    itemRows.push(
      ...lines.map((line) => ({ ...line, invoiceId: id, amount: line.quantity * line.unitPrice })),
    );
  }
  if (invoiceRows.length === 0) return;
  await ctx.db.insert(invoices).values(invoiceRows);
  await ctx.db.insert(invoiceItems).values(itemRows);
}
