import { LAB_RESULT_MESSAGES, type PatientLabReport, type PatientLabReportList } from '@carepoint/contract';
import { and, asc, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { labOrders, labResults, labTests, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith, signedIn } from '../../lib/errors';
import { fullNameOf } from '../../lib/people';
import { storedValue } from './order-view';

/*
 * The patient's own laboratory results on My Results (decision 0014): only verified orders their
 * doctor shared, only current values that are final or corrected (never a preliminary one). Every
 * query is narrowed to the caller and to shared, verified orders in SQL: another patient's order,
 * or one not shared, answers 404 like a missing one.
 */

/** The newest shared orders a patient sees at once. */
const REPORTS_SHOWN = 50;

const requester = alias(users, 'requester');

function sharedOrders(ctx: ServiceContext, where?: SQL) {
  const patientId = signedIn(ctx.actor).id;
  return (
    ctx.db
      .select({ id: labOrders.id, updatedAt: labOrders.updatedAt, doctor: fullNameOf(requester) })
      .from(labOrders)
      .innerJoin(labResults, eq(labResults.orderId, labOrders.id))
      .innerJoin(requester, eq(requester.id, labOrders.requesterId))
      .where(
        and(
          eq(labOrders.patientId, patientId),
          eq(labOrders.state, 'Verified'),
          eq(labResults.sharedWithPatient, true),
          where,
        ),
      )
      // One row an order, however many results it has (the key decides the other columns).
      .groupBy(labOrders.id, requester.id)
  );
}

async function reportsOf(ctx: ServiceContext, orders: Array<{ id: string; doctor: string }>) {
  if (orders.length === 0) return [];
  const lines = await ctx.db
    .select({
      orderId: labResults.orderId,
      test: labTests.name,
      valueQuantity: labResults.valueQuantity,
      valueText: labResults.valueText,
      unit: labResults.unit,
      interpretation: labResults.interpretation,
      rangeLow: labResults.rangeLow,
      rangeHigh: labResults.rangeHigh,
      status: labResults.status,
      verifiedAt: labResults.verifiedAt,
    })
    .from(labResults)
    .innerJoin(labTests, eq(labTests.id, labResults.testId))
    .where(
      and(
        inArray(
          labResults.orderId,
          orders.map((o) => o.id),
        ),
        isNull(labResults.supersededAt),
        ne(labResults.status, 'preliminary'),
        eq(labResults.sharedWithPatient, true),
      ),
    )
    .orderBy(asc(labTests.name));
  return orders.map((order): PatientLabReport => {
    const mine = lines.filter((l) => l.orderId === order.id);
    const verifiedAt = mine.reduce<Date | null>(
      (first, l) => (l.verifiedAt && (!first || l.verifiedAt < first) ? l.verifiedAt : first),
      null,
    );
    return {
      id: order.id,
      verifiedAt: (verifiedAt ?? new Date(0)).toISOString(),
      doctor: order.doctor,
      lines: mine.map((l) => ({
        test: l.test,
        value: storedValue(l),
        unit: l.unit,
        interpretation: l.interpretation,
        rangeLow: l.rangeLow,
        rangeHigh: l.rangeHigh,
        corrected: l.status === 'corrected',
      })),
    };
  });
}

async function audited(ctx: ServiceContext, orderIds: string[]) {
  await audit(ctx, {
    action: 'lab.patient.own-results.read',
    entityType: 'lab_order',
    patientId: signedIn(ctx.actor).id,
    details: { orderIds },
  });
}

/** GET /api/patient/lab-results: the signed-in patient's shared, verified orders, newest first. */
export async function listOwnLabResults(ctx: ServiceContext): Promise<PatientLabReportList> {
  const orders = await sharedOrders(ctx)
    .orderBy(desc(labOrders.updatedAt), desc(labOrders.id))
    .limit(REPORTS_SHOWN);
  const data = await reportsOf(ctx, orders);
  await audited(
    ctx,
    orders.map((o) => o.id),
  );
  return { data };
}

/** GET /api/patient/lab-results/:id: one of them; 404 unless it is the caller's, verified and shared. */
export async function readOwnLabResult(ctx: ServiceContext, orderId: string): Promise<PatientLabReport> {
  const [order] = await sharedOrders(ctx, eq(labOrders.id, orderId));
  if (!order) throw notFoundWith(LAB_RESULT_MESSAGES.orderNotFound);
  const [report] = await reportsOf(ctx, [order]);
  if (!report) throw notFoundWith(LAB_RESULT_MESSAGES.orderNotFound);
  await audited(ctx, [orderId]);
  return report;
}
