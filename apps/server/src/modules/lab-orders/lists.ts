import {
  LAB_OPEN_STATES,
  LAB_ORDER_MESSAGES,
  type LabOrderList,
  type LabWorklistPage,
  type labPatientOrdersQuerySchema,
  type labWorklistQuerySchema,
} from '@carepoint/contract';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { labOrders, labOrderTests, labSpecimens, labTests, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith, signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { matchingRows, selectOf, tieredPage } from '../../lib/list';
import { cachedRead } from '../../lib/read-cache';
import { requireReach } from './access';
import { orderRows, toLabOrder, toLabOrders } from './read';

type WorklistQuery = z.output<typeof labWorklistQuerySchema>;

/** A worklist page, and every table its rows are read from (their NOTIFY triggers: migration 0059). */
const WORKLIST = cachedRead('lab-worklist', [labOrders, labSpecimens, labOrderTests, labTests, users]);

/** More orders than this on one chart is years of care; the chart shows the newest. */
const PATIENT_ORDERS_SHOWN = 200;

/**
 * GET /api/lab/worklist: orders by priority (STAT, Urgent, Routine: the enum's own order) then
 * age, oldest first, open ones by default or those of one state. The page's ids come first, from
 * lab_orders_worklist_idx's columns (state, priority, created_at) and the id alone; the patient,
 * requester, specimen, tests and rejection are joined for those rows only. Joined before the
 * LIMIT, the planner (without statistics on the embedded database) joined every open order and
 * then kept 50: 2,000 open orders cost the page about twice as much (docs/performance.md). The
 * page and its capped count are one statement. Every scientist's open worklist reads it again
 * on each change its stream announces, so the page is kept in the read cache until one of
 * the tables of WORKLIST changes (at most READ_CACHE_MS: the waited minutes move with the clock).
 * Audited with the patients shown, every read.
 */
export async function worklist(
  ctx: ServiceContext,
  query: WorklistQuery,
): Promise<Readonly<LabWorklistPage>> {
  const now = ctx.now();
  const today = facilityDate(now, ctx.config.TIME_ZONE);
  const page = await ctx.cache.read(WORKLIST, `${today}:${JSON.stringify(query)}`, () =>
    readWorklist(ctx, query, now, today),
  );
  await audit(ctx, {
    action: 'lab-orders.worklist',
    entityType: 'lab-order',
    details: {
      state: query.state,
      orderIds: page.data.map((o) => o.id),
      patientIds: [...new Set(page.data.map((o) => o.patient.id))],
    },
  });
  return page;
}

function readWorklist(
  ctx: ServiceContext,
  query: WorklistQuery,
  now: Date,
  today: string,
): Promise<LabWorklistPage> {
  const where = and(
    query.state === 'open'
      ? inArray(labOrders.state, [...LAB_OPEN_STATES])
      : eq(labOrders.state, query.state),
    query.priority ? eq(labOrders.priority, query.priority) : undefined,
  );
  const order = [asc(labOrders.priority), asc(labOrders.createdAt), asc(labOrders.id)];
  return tieredPage(
    ctx,
    query,
    [{ where, order }],
    (tier, { limit, offset, select }) => {
      const pageIds = ctx.db
        .select({ id: labOrders.id })
        .from(labOrders)
        .where(tier.where)
        .orderBy(...tier.order)
        .limit(limit)
        .offset(offset);
      return orderRows(select, inArray(labOrders.id, pageIds)).orderBy(...tier.order);
    },
    (matching) => matchingRows(ctx.db).from(labOrders).where(matching),
    (row) => toLabOrder(row, now, today),
  );
}

/**
 * GET /api/lab/patients/:patientId/orders: one patient's orders, newest first, with their state,
 * specimen and the last rejection's reason (the chart, the stay page). A nurse reaches only a
 * patient on their ward. Audited as a read of the patient's record.
 */
export async function patientOrders(
  ctx: ServiceContext,
  patientId: string,
  query: z.output<typeof labPatientOrdersQuerySchema>,
): Promise<LabOrderList> {
  const actor = signedIn(ctx.actor);
  const [patient] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.role, 'patient')));
  if (!patient) throw notFoundWith(LAB_ORDER_MESSAGES.patientNotFound);
  await requireReach(ctx.db, actor, patientId, LAB_ORDER_MESSAGES.patientNotFound);
  const rows = await orderRows(
    selectOf(ctx.db),
    and(
      eq(labOrders.patientId, patientId),
      query.open ? inArray(labOrders.state, [...LAB_OPEN_STATES]) : undefined,
    ),
  )
    .orderBy(desc(labOrders.createdAt), desc(labOrders.id))
    .limit(PATIENT_ORDERS_SHOWN);
  await audit(ctx, {
    action: 'lab-orders.read',
    entityType: 'patient',
    entityId: patientId,
    patientId,
    details: { open: query.open, orderIds: rows.map((r) => r.order.id) },
  });
  return { data: toLabOrders(ctx, rows) };
}

/**
 * GET /api/lab/recollections: the signed-in doctor's orders whose specimen the laboratory
 * rejected and that wait for a new one (the dashboard's notice, live through the doctor's
 * stream), oldest first. Audited with the patients named.
 */
export async function recollections(ctx: ServiceContext): Promise<LabOrderList> {
  const doctorId = signedIn(ctx.actor).id;
  const rejected = sql`exists (select 1 from ${labSpecimens} where ${labSpecimens.orderId} = ${labOrders.id} and ${isNotNull(labSpecimens.rejectedAt)})`;
  const rows = await orderRows(
    selectOf(ctx.db),
    and(eq(labOrders.requesterId, doctorId), eq(labOrders.state, 'Ordered'), rejected),
  )
    .orderBy(asc(labOrders.createdAt), asc(labOrders.id))
    .limit(PATIENT_ORDERS_SHOWN);
  await audit(ctx, {
    action: 'lab-orders.recollections',
    entityType: 'lab-order',
    details: { orderIds: rows.map((r) => r.order.id), patientIds: rows.map((r) => r.order.patientId) },
  });
  return { data: toLabOrders(ctx, rows) };
}
