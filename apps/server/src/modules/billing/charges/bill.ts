import {
  type BILL_SORTABLE,
  type BillPage,
  type BillQuery,
  CHARGE_MESSAGES,
  type Charge,
} from '@carepoint/contract';
import { and, asc, desc, eq, gte, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import {
  appointments,
  billableServices,
  charges,
  labOrders,
  labOrderTests,
  labTests,
  medicines,
  payers,
  users,
} from '../../../db/schema';
import { audit } from '../../../lib/audit';
import type { ServiceContext } from '../../../lib/context';
import { notFoundWith, signedIn } from '../../../lib/errors';
import { facilityDate } from '../../../lib/facility-time';
import {
  iso,
  listPage,
  matchingRows,
  orderBy,
  type Select,
  type SortColumns,
  search,
  selectOf,
} from '../../../lib/list';
import { fullNameOf } from '../../../lib/people';
import { coverageOn } from '../coverage-on';
import { selfPayRow } from '../payers';
import { LAB_TEST_OF_SERVICE, MEDICINE_OF_SERVICE, SERVICE_CODE, SERVICE_NAME } from '../services';

/*
 * A patient's bill (docs/areas/billing-charges.md#the-bill): the charges, a page at a time, sorted
 * and filtered in the database (the index on patient and care date serves it), with the active
 * charges' totals. Read by the cashier and the administrator; every read audited with the patient.
 */

const M = CHARGE_MESSAGES;
const voider = alias(users, 'voider');
const adder = alias(users, 'adder');

/** The line's name: the catalogue's, or the description of a service it lacks. */
const LINE_NAME = sql<string>`coalesce(${charges.description}, ${SERVICE_NAME})`;

const SORT: SortColumns<(typeof BILL_SORTABLE)[number]> = {
  careDate: charges.careDate,
  service: sql`lower(${LINE_NAME})`,
  source: charges.source,
  amount: charges.amount,
  status: charges.status,
};

const chargeColumns = {
  charge: charges,
  name: LINE_NAME,
  code: SERVICE_CODE,
  payerName: payers.name,
  payerKind: payers.kind,
  voidedBy: fullNameOf(voider),
  addedBy: fullNameOf(adder),
};

type ChargeRow = {
  charge: typeof charges.$inferSelect;
  name: string;
  code: string | null;
  payerName: string;
  payerKind: Charge['payer']['kind'];
  voidedBy: string | null;
  addedBy: string | null;
};

const toCharge = ({ charge: c, ...row }: ChargeRow): Charge => ({
  id: c.id,
  careDate: c.careDate,
  source: c.source,
  serviceId: c.serviceId,
  service: row.name,
  code: row.code,
  quantity: c.quantity,
  unitPrice: c.unitPrice,
  amount: c.amount,
  payerAmount: c.payerAmount,
  patientAmount: c.patientAmount,
  payer: { id: c.payerId, name: row.payerName, kind: row.payerKind },
  covered: c.coverageId !== null,
  basis: c.basis,
  preauthRequired: c.preauthRequired,
  preauthCode: c.preauthCode,
  reason: c.reason,
  status: c.status,
  voidReason: c.voidReason,
  voidedAt: c.voidedAt ? iso(c.voidedAt) : null,
  voidedBy: row.voidedBy,
  addedBy: c.source === 'manual' ? row.addedBy : null,
  appointmentId: c.appointmentId,
  stayId: c.stayId,
  nightOf: c.nightOf,
});

/** The charges with the names a line shows: its service, its payer, who voided or added it. */
const chargesWithNames = (select: Select) =>
  select(chargeColumns)
    .from(charges)
    .innerJoin(payers, eq(payers.id, charges.payerId))
    .leftJoin(billableServices, eq(billableServices.id, charges.serviceId))
    .leftJoin(labTests, LAB_TEST_OF_SERVICE)
    .leftJoin(medicines, MEDICINE_OF_SERVICE)
    .leftJoin(voider, eq(voider.id, charges.voidedBy))
    .leftJoin(adder, eq(adder.id, charges.createdBy));

/** The patient (a user of role patient), or 404: the bill of anyone else does not exist. */
export async function requirePatient(db: Executor, patientId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.role, 'patient')));
  if (!row) throw notFoundWith(M.patientNotFound);
}

/** Who pays for the patient's care today: the coverage's payer, or self-pay. */
async function payerToday(ctx: ServiceContext, patientId: string) {
  const cover = await coverageOn(ctx.db, patientId, facilityDate(ctx.now(), ctx.config.TIME_ZONE));
  if (!cover) {
    const selfPay = await selfPayRow(ctx.db);
    return { id: selfPay.id, name: selfPay.name };
  }
  const [payer] = await ctx.db
    .select({ id: payers.id, name: payers.name })
    .from(payers)
    .where(eq(payers.id, cover.payerId));
  if (!payer) throw new Error('coverage without its payer');
  return payer;
}

function billWhere(patientId: string, query: BillQuery): SQL | undefined {
  return and(
    eq(charges.patientId, patientId),
    query.status ? eq(charges.status, query.status) : undefined,
    query.source ? eq(charges.source, query.source) : undefined,
    query.from ? gte(charges.careDate, query.from) : undefined,
    query.to ? lte(charges.careDate, query.to) : undefined,
    search(query.q, [LINE_NAME]),
  );
}

/** GET /api/billing/patients/:id/charges: a page of the bill and its totals (active charges only). */
export async function patientBill(
  ctx: ServiceContext,
  patientId: string,
  query: BillQuery,
): Promise<BillPage> {
  const { db } = ctx;
  await requirePatient(db, patientId);
  const where = billWhere(patientId, query);
  const page = await listPage(ctx, query, {
    rows: (select) => chargesWithNames(select).where(where),
    order: orderBy(query, SORT, [desc(charges.careDate), desc(charges.createdAt)], charges.id),
    count: matchingRows(db)
      .from(charges)
      .leftJoin(billableServices, eq(billableServices.id, charges.serviceId))
      .leftJoin(labTests, LAB_TEST_OF_SERVICE)
      .leftJoin(medicines, MEDICINE_OF_SERVICE)
      .where(where),
    map: toCharge,
  });
  const [totals] = await db
    .select({
      amount: sql<number>`coalesce(sum(${charges.amount}), 0)::int8`.mapWith(Number),
      payerAmount: sql<number>`coalesce(sum(${charges.payerAmount}), 0)::int8`.mapWith(Number),
      patientAmount: sql<number>`coalesce(sum(${charges.patientAmount}), 0)::int8`.mapWith(Number),
    })
    .from(charges)
    .where(and(eq(charges.patientId, patientId), eq(charges.status, 'active')));
  await audit(ctx, {
    action: 'bill.read',
    entityType: 'patient',
    entityId: patientId,
    patientId,
    details: { page: query.page, status: query.status ?? null, source: query.source ?? null },
  });
  return {
    ...page,
    totals: totals ?? { amount: 0, payerAmount: 0, patientAmount: 0 },
    payerToday: await payerToday(ctx, patientId),
  };
}

/** One charge as the bill shows it, or 404. */
export async function chargeById(db: Executor, id: string): Promise<Charge> {
  const [row] = await chargesWithNames(selectOf(db)).where(eq(charges.id, id));
  if (!row) throw notFoundWith(M.chargeNotFound);
  return toCharge(row);
}

/**
 * GET /api/{doctor,patient}/appointments/:id/charges: the charges of one visit (its consultation
 * and the lab tests ordered at it), for the visit's own doctor or patient; anyone else's visit
 * answers 404. Audited with the patient.
 */
export async function visitCharges(ctx: ServiceContext, appointmentId: string): Promise<Charge[]> {
  const actor = signedIn(ctx.actor);
  const owner = actor.role === 'doctor' ? appointments.doctorId : appointments.patientId;
  const [visit] = await ctx.db
    .select({ patientId: appointments.patientId })
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(owner, actor.id)));
  if (!visit) throw notFoundWith('Appointment not found');
  const orderedAtVisit = ctx.db
    .select({ id: labOrderTests.id })
    .from(labOrderTests)
    .innerJoin(labOrders, eq(labOrders.id, labOrderTests.orderId))
    .where(eq(labOrders.appointmentId, appointmentId));
  const rows = await chargesWithNames(selectOf(ctx.db))
    .where(or(eq(charges.appointmentId, appointmentId), inArray(charges.labOrderTestId, orderedAtVisit)))
    .orderBy(asc(charges.careDate), asc(charges.createdAt), asc(charges.id));
  await audit(ctx, {
    action: 'visit.charges.read',
    entityType: 'appointment',
    entityId: appointmentId,
    patientId: visit.patientId,
  });
  return rows.map(toCharge);
}
