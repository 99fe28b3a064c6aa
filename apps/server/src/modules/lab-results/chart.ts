import {
  ageInDays,
  applicableRange,
  LAB_RESULT_MESSAGES,
  LAB_TREND_DAYS,
  type LabTrend,
  type PatientLabResults,
  type Share,
} from '@carepoint/contract';
import { and, asc, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { labOrders, labResults, labSpecimens, labTests, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { conflict, notFound, notFoundWith, signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { findPatient } from '../../lib/people';
import { rangesOf } from './order-tests';
import { orderHead, orderRows, resultVersions } from './order-view';

/*
 * The doctor's view of a patient's laboratory results (docs/areas/lab-results.md): every order
 * with its values, flags and ranges (staff see preliminary values, marked so), and the trend of
 * each quantity test's verified values over the last year. Any doctor reads a patient's chart; the
 * ordering doctor shares an order with the patient (decision 0014).
 */

/** The chart shows this many of a patient's orders, newest first. */
const ORDERS_SHOWN = 50;

/** GET /api/doctor/patients/:id/lab-results. Audited with the orders it showed. */
export async function readPatientLabResults(
  ctx: ServiceContext,
  patientId: string,
): Promise<PatientLabResults> {
  const doctorId = signedIn(ctx.actor).id;
  const patient = await findPatient(ctx.db, patientId);
  if (!patient) throw notFound('Patient');
  const rows = await orderRows(ctx.db)
    .where(eq(labOrders.patientId, patientId))
    .orderBy(desc(labOrders.createdAt), desc(labOrders.id))
    .limit(ORDERS_SHOWN);
  const versions = await resultVersions(
    ctx.db,
    rows.map((r) => r.order.id),
  );
  const orders = [];
  for (const row of rows) {
    const head = await orderHead(ctx, row, versions);
    const verified = head.lines.filter((l) => l.current && l.current.status !== 'preliminary');
    orders.push({
      ...head,
      shared: verified.length > 0 && verified.every((l) => l.current?.sharedWithPatient),
      canShare: row.order.requesterId === doctorId && row.order.state === 'Verified',
    });
  }
  const trends = await trendsOf(ctx, patientId);
  await audit(ctx, {
    action: 'lab.patient-results.read',
    entityType: 'patient',
    entityId: patientId,
    patientId,
    details: { orderIds: rows.map((r) => r.order.id) },
  });
  return { orders, trends };
}

/** Each quantity test's verified current values over the last year by collection time, oldest first, with the range for the patient today. */
async function trendsOf(ctx: ServiceContext, patientId: string): Promise<LabTrend[]> {
  const since = new Date(ctx.now().getTime() - LAB_TREND_DAYS * 86_400_000);
  const [patient] = await ctx.db
    .select({ sex: users.gender, dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(eq(users.id, patientId));
  const points = await ctx.db
    .select({
      test: { id: labTests.id, name: labTests.name, unit: labTests.unit, loincCode: labTests.loincCode },
      at: labSpecimens.collectedAt,
      value: labResults.valueQuantity,
      interpretation: labResults.interpretation,
    })
    .from(labResults)
    .innerJoin(labTests, eq(labTests.id, labResults.testId))
    .innerJoin(labSpecimens, eq(labSpecimens.id, labResults.specimenId))
    .where(
      and(
        eq(labResults.patientId, patientId),
        isNull(labResults.supersededAt),
        isNotNull(labResults.verifiedAt),
        isNotNull(labResults.valueQuantity),
        gte(labSpecimens.collectedAt, since),
      ),
    )
    .orderBy(asc(labTests.name), asc(labTests.id), asc(labSpecimens.collectedAt));
  const ranges = await rangesOf(ctx.db, [...new Set(points.map((p) => p.test.id))]);
  const ageDays = ageInDays(patient?.dateOfBirth ?? null, facilityDate(ctx.now(), ctx.config.TIME_ZONE));
  const trends = new Map<string, LabTrend>();
  for (const point of points) {
    if (point.value === null) continue;
    let trend = trends.get(point.test.id);
    if (!trend) {
      const range = applicableRange(ranges.get(point.test.id) ?? [], { sex: patient?.sex ?? null, ageDays });
      trend = {
        test: point.test,
        range: range
          ? {
              low: range.low,
              high: range.high,
              criticalLow: range.criticalLow,
              criticalHigh: range.criticalHigh,
            }
          : null,
        points: [],
      };
      trends.set(point.test.id, trend);
    }
    trend.points.push({
      at: point.at.toISOString(),
      value: point.value,
      interpretation: point.interpretation,
    });
  }
  return [...trends.values()];
}

/**
 * PUT /api/doctor/lab-orders/:id/share: the ordering doctor shares a verified order's results with
 * the patient (or stops). Another doctor's order answers 404, an order not verified 409. Not an
 * edit: updated_at stays (decision 0014). Audited.
 */
export async function shareLabOrder(ctx: ServiceContext, orderId: string, input: Share): Promise<Share> {
  const doctorId = signedIn(ctx.actor).id;
  await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ requesterId: labOrders.requesterId, state: labOrders.state, patientId: labOrders.patientId })
      .from(labOrders)
      .where(eq(labOrders.id, orderId))
      .for('update');
    if (!order || order.requesterId !== doctorId) throw notFoundWith(LAB_RESULT_MESSAGES.orderNotFound);
    if (order.state !== 'Verified')
      throw conflict('ORDER_NOT_VERIFIED', LAB_RESULT_MESSAGES.shareOnlyVerified);
    await tx
      .update(labResults)
      .set({ sharedWithPatient: input.shared, updatedAt: sql`${labResults.updatedAt}` })
      .where(eq(labResults.orderId, orderId));
    await audit(inTransaction(ctx, tx), {
      action: input.shared ? 'lab.results.share' : 'lab.results.unshare',
      entityType: 'lab_order',
      entityId: orderId,
      patientId: order.patientId,
    });
  });
  return input;
}
