import type { LabOrder, LabRejection, SpecimenRejectionReason } from '@carepoint/contract';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { labOrders, labOrderTests, labSpecimens, labTests, users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';
import { iso, type RowOf, type Select, selectOf } from '../../lib/list';
import { ageOn, fullNameOf, recordNumberOf } from '../../lib/people';

/*
 * How an order is read, once for every screen (the worklist, the chart, the stay page, the answer
 * of a change): one statement per page. The tests, the turnaround target and the last rejection
 * are correlated subqueries, evaluated only for the rows the page returns.
 */

const patient = alias(users, 'patient');
const requester = alias(users, 'requester');
const collector = alias(users, 'collector');
const canceller = alias(users, 'canceller');
/** The order's specimen that is not rejected (at most one: lab_specimens_live_unique). */
const live = alias(labSpecimens, 'live_specimen');

interface TestsAndTarget {
  tests: Array<{ id: string; code: string; name: string }>;
  target: number;
}

/** The order's catalogue entries by code, and the smallest turnaround target among them. */
const testsAndTarget = sql<TestsAndTarget>`(
  select json_build_object(
    'tests', json_agg(json_build_object('id', ${labTests.id}, 'code', ${labTests.code}, 'name', ${labTests.name}) order by ${labTests.code}),
    'target', min(${labTests.turnaroundMinutes}))
  from ${labOrderTests} join ${labTests} on ${labTests.id} = ${labOrderTests.testId}
  where ${labOrderTests.orderId} = ${labOrders.id})`;

interface RejectionJson {
  accession: string;
  reason: SpecimenRejectionReason;
  note: string | null;
  rejectedAt: string;
  byId: string;
  byName: string;
}

/** The order's newest rejected specimen, with who rejected it and why. */
const lastRejection = sql<RejectionJson | null>`(
  select json_build_object(
    'accession', ${labSpecimens.accession}, 'reason', ${labSpecimens.rejectionReason},
    'note', ${labSpecimens.rejectionNote}, 'rejectedAt', ${labSpecimens.rejectedAt},
    'byId', ${users.id}, 'byName', ${fullNameOf()})
  from ${labSpecimens} join ${users} on ${users.id} = ${labSpecimens.rejectedBy}
  where ${labSpecimens.orderId} = ${labOrders.id} and ${labSpecimens.rejectedAt} is not null
  order by ${labSpecimens.rejectedAt} desc limit 1)`;

/** The orders with everything a row shows, `where` applied; a list orders and windows it. */
export const orderRows = (select: Select, where: SQL | undefined) =>
  select({
    order: labOrders,
    patientName: fullNameOf(patient),
    recordNumber: recordNumberOf(patient),
    dateOfBirth: patient.dateOfBirth,
    gender: patient.gender,
    requesterName: fullNameOf(requester),
    specimenId: live.id,
    accession: live.accession,
    collectedAt: live.collectedAt,
    collectedBy: live.collectedBy,
    collectorName: fullNameOf(collector),
    receivedAt: live.receivedAt,
    cancellerName: fullNameOf(canceller),
    testsAndTarget,
    lastRejection,
  })
    .from(labOrders)
    .innerJoin(patient, eq(patient.id, labOrders.patientId))
    .innerJoin(requester, eq(requester.id, labOrders.requesterId))
    .leftJoin(live, and(eq(live.orderId, labOrders.id), isNull(live.rejectedAt)))
    .leftJoin(collector, eq(collector.id, live.collectedBy))
    .leftJoin(canceller, eq(canceller.id, labOrders.cancelledBy))
    .where(where);

export type OrderRow = RowOf<typeof orderRows>;

const MINUTE_MS = 60_000;

const toRejection = (r: RejectionJson): LabRejection => ({
  accession: r.accession,
  reason: r.reason,
  note: r.note,
  rejectedAt: iso(new Date(r.rejectedAt)),
  rejectedBy: { id: r.byId, name: r.byName },
});

/** A row as the contract's order; `now` dates the wait (the last change, once the order is finished). */
export function toLabOrder(row: OrderRow, now: Date, today: string): LabOrder {
  const { order } = row;
  const finished = order.state === 'Verified' || order.state === 'Cancelled';
  const until = finished ? order.updatedAt : now;
  return {
    id: order.id,
    requisitionId: order.requisitionId,
    patient: {
      id: order.patientId,
      name: row.patientName,
      recordNumber: row.recordNumber,
      age: ageOn(row.dateOfBirth, today),
      gender: row.gender,
    },
    tests: row.testsAndTarget?.tests ?? [],
    specimenType: order.specimenType,
    container: order.container,
    priority: order.priority,
    state: order.state,
    clinicalNote: order.clinicalNote,
    requester: { id: order.requesterId, name: row.requesterName },
    stayId: order.stayId,
    appointmentId: order.appointmentId,
    orderedAt: iso(order.createdAt),
    waitedMinutes: Math.max(0, Math.floor((until.getTime() - order.createdAt.getTime()) / MINUTE_MS)),
    targetMinutes: row.testsAndTarget?.target ?? 0,
    specimen:
      row.specimenId && row.accession && row.collectedAt && row.collectedBy
        ? {
            id: row.specimenId,
            accession: row.accession,
            collectedAt: iso(row.collectedAt),
            collectedBy: { id: row.collectedBy, name: row.collectorName ?? '' },
            receivedAt: row.receivedAt ? iso(row.receivedAt) : null,
          }
        : null,
    lastRejection: row.lastRejection ? toRejection(row.lastRejection) : null,
    cancelled:
      order.cancelledAt && order.cancelledBy
        ? {
            at: iso(order.cancelledAt),
            by: { id: order.cancelledBy, name: row.cancellerName ?? '' },
            reason: order.cancelReason,
          }
        : null,
  };
}

/** Maps rows read at one moment (one clock read, one facility date for every age). */
export function toLabOrders(ctx: ServiceContext, rows: readonly OrderRow[]): LabOrder[] {
  const now = ctx.now();
  const today = facilityDate(now, ctx.config.TIME_ZONE);
  return rows.map((row) => toLabOrder(row, now, today));
}

/** Orders by id (after a change), in the order asked. */
export async function loadOrders(ctx: ServiceContext, where: SQL): Promise<LabOrder[]> {
  const rows = await orderRows(selectOf(ctx.db), where).orderBy(labOrders.createdAt, labOrders.id);
  return toLabOrders(ctx, rows);
}
