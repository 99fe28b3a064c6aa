import { randomUUID } from 'node:crypto';
import {
  LAB_DUPLICATE_CODE,
  LAB_OPEN_STATES,
  LAB_ORDER_MESSAGES,
  type LabOrderData,
  type LabRequisition,
  labDuplicateMessage,
  type SpecimenType,
} from '@carepoint/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { appointments, labOrders, labOrderTests, labTests, stays, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { chargeLabTests } from '../billing';
import { loadOrders } from './read';

/*
 * A doctor orders tests for a patient: from the chart (no stay nor appointment), from one of
 * their appointments with the patient, or from the patient's open stay. The tests are grouped by
 * the specimen they need (type and container): one order per tube, all sharing one requisition.
 */

interface CatalogueEntry {
  id: string;
  name: string;
  specimenType: SpecimenType;
  container: string;
  active: boolean;
}

/** The chosen entries, each checked: in the catalogue (400) and still offered (400). */
async function chosenTests(tx: Executor, testIds: readonly string[]): Promise<CatalogueEntry[]> {
  const rows = await tx
    .select({
      id: labTests.id,
      name: labTests.name,
      specimenType: labTests.specimenType,
      container: labTests.container,
      active: labTests.active,
    })
    .from(labTests)
    .where(inArray(labTests.id, [...testIds]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chosen = testIds.map((id) => byId.get(id));
  if (chosen.some((t) => !t)) throw badRequest(LAB_ORDER_MESSAGES.testNotFound, 'testIds');
  const found = chosen.filter((t): t is CatalogueEntry => !!t);
  if (found.some((t) => !t.active)) throw badRequest(LAB_ORDER_MESSAGES.testInactive, 'testIds');
  return found;
}

/** One group per specimen (type and container), in the order the doctor chose the tests. */
function groupBySpecimen<T extends Pick<CatalogueEntry, 'specimenType' | 'container'>>(tests: readonly T[]) {
  const groups = new Map<string, T[]>();
  for (const test of tests) {
    const key = `${test.specimenType}\u0000${test.container}`;
    groups.set(key, [...(groups.get(key) ?? []), test]);
  }
  return [...groups.values()];
}

/** The chosen entries already open for the patient (ordered, not yet verified nor cancelled), by name. */
async function pendingDuplicates(tx: Executor, patientId: string, testIds: readonly string[]) {
  const rows = await tx
    .select({ name: labTests.name })
    .from(labOrderTests)
    .innerJoin(labOrders, eq(labOrders.id, labOrderTests.orderId))
    .innerJoin(labTests, eq(labTests.id, labOrderTests.testId))
    .where(
      and(
        eq(labOrders.patientId, patientId),
        inArray(labOrders.state, [...LAB_OPEN_STATES]),
        inArray(labOrderTests.testId, [...testIds]),
      ),
    )
    .groupBy(labTests.name)
    .orderBy(asc(labTests.name));
  return rows.map((r) => r.name);
}

/** Where it was ordered: the patient's open stay, or the doctor's own appointment with the patient (404 otherwise). */
async function checkOrigin(tx: Executor, doctorId: string, patientId: string, input: LabOrderData) {
  if (input.stayId) {
    const [stay] = await tx
      .select({ patientId: stays.patientId, status: stays.status })
      .from(stays)
      .where(eq(stays.id, input.stayId));
    if (!stay || stay.patientId !== patientId) throw notFoundWith(LAB_ORDER_MESSAGES.stayNotFound);
    if (stay.status !== 'Admitted')
      throw conflict('STAY_NOT_ADMITTED', LAB_ORDER_MESSAGES.stayNotOpen, 'stayId');
  }
  if (input.appointmentId) {
    const [appointment] = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.id, input.appointmentId),
          eq(appointments.doctorId, doctorId),
          eq(appointments.patientId, patientId),
        ),
      );
    if (!appointment) throw notFoundWith(LAB_ORDER_MESSAGES.appointmentNotFound);
  }
}

/**
 * POST /api/lab/orders. The patient's row is locked (FOR NO KEY UPDATE) for the transaction, so
 * two orderings for one patient run one after the other and the second sees the first's tests
 * in its duplicate check. A test already open for the patient answers 409 LAB_DUPLICATE_CONFIRM
 * naming it, until the doctor confirms.
 */
export async function placeOrder(ctx: ServiceContext, input: LabOrderData): Promise<LabRequisition> {
  const doctor = signedIn(ctx.actor);
  const requisitionId = randomUUID();
  const orderIds = await ctx.db.transaction(async (tx) => {
    const [patient] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.patientId), eq(users.role, 'patient')))
      .for('no key update');
    if (!patient) throw notFoundWith(LAB_ORDER_MESSAGES.patientNotFound);
    await checkOrigin(tx, doctor.id, patient.id, input);
    const tests = await chosenTests(tx, input.testIds);
    if (!input.confirmDuplicates) {
      const duplicates = await pendingDuplicates(tx, patient.id, input.testIds);
      if (duplicates.length > 0)
        throw conflict(LAB_DUPLICATE_CODE, labDuplicateMessage(duplicates), 'confirmDuplicates');
    }
    const now = ctx.now();
    const ids: string[] = [];
    const orderedTests: Array<{ id: string; testId: string }> = [];
    for (const group of groupBySpecimen(tests)) {
      const [first] = group;
      if (!first) continue;
      const [order] = await tx
        .insert(labOrders)
        .values({
          requisitionId,
          patientId: patient.id,
          requesterId: doctor.id,
          stayId: input.stayId ?? null,
          appointmentId: input.appointmentId ?? null,
          priority: input.priority,
          clinicalNote: input.clinicalNote || null,
          specimenType: first.specimenType,
          container: first.container,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: labOrders.id });
      if (!order) throw new Error('lab order not stored');
      const ordered = await tx
        .insert(labOrderTests)
        .values(group.map((t) => ({ orderId: order.id, testId: t.id, createdAt: now })))
        .returning({ id: labOrderTests.id, testId: labOrderTests.testId });
      orderedTests.push(...ordered);
      ids.push(order.id);
    }
    // Each test is charged as it is ordered, all of the requisition's in one batch.
    await chargeLabTests(
      inTransaction(ctx, tx),
      patient.id,
      facilityDate(now, ctx.config.TIME_ZONE),
      orderedTests,
    );
    await audit(inTransaction(ctx, tx), {
      action: 'lab-order.create',
      entityType: 'lab-requisition',
      entityId: requisitionId,
      patientId: patient.id,
      details: {
        orderIds: ids,
        testIds: input.testIds,
        priority: input.priority,
        stayId: input.stayId ?? null,
        appointmentId: input.appointmentId ?? null,
        confirmedDuplicates: input.confirmDuplicates,
      },
    });
    return ids;
  });
  await ctx.publish('lab', { doctorIds: [doctor.id] });
  return { requisitionId, orders: await loadOrders(ctx, inArray(labOrders.id, orderIds)) };
}
