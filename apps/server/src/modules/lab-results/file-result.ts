import {
  LAB_RESULT_MESSAGES,
  type LabInterpretation,
  type LabOrderState,
  type LabResultSource,
  type LabResultStatus,
} from '@carepoint/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { labOrders, labResults, labSpecimens, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { evaluate } from './evaluate';
import { requiredTests } from './order-tests';

/** One value for one test of one specimen, as a scientist types it or an analyser sends it. */
export interface ValueToFile {
  specimenId: string;
  /** A single test (a panel member), never a panel. */
  testId: string;
  /** A number for quantity tests; the answer for choice; text for text. */
  value: number | string;
  /** UCUM as sent; must equal the test's unit when given (else refused). */
  unit?: string | null;
  source: LabResultSource;
  /** The hl7_messages row, for analyser values. */
  hl7MessageId?: string;
}

export interface FiledResult {
  id: string;
  interpretation: LabInterpretation | null;
  status: LabResultStatus;
}

/** The states in which a value may be filed: the specimen is in the lab's hands, the order not yet verified. */
const FILING_STATES: readonly LabOrderState[] = ['Collected', 'Received', 'In Progress', 'Resulted'];

/**
 * The one way a value is filed, typed on the entry sheet or sent by an analyser
 * (docs/areas/lab-results.md). It refuses (AppError 4xx with the contract's message) an unknown or
 * rejected specimen, a cancelled or verified order, a test the order did not ask for (directly or
 * through a panel), a unit that is not the test's, a value of the wrong type or not among the
 * choices, and a test that already has a value (a verified value changes only by correction). It
 * picks the patient's reference range, flags the value and stores it preliminary, then moves the
 * order to In Progress, or Resulted once every test has a value.
 *
 * The order's row is locked FOR UPDATE first, so filings on one order run one after another: of
 * two values for one test the second sees the first (409), and the last of several tests filed at
 * once sees all of them and moves the order to Resulted. The unique index
 * lab_results_current_unique holds the same rule in the database. Runs in the caller's transaction
 * (a savepoint) when `ctx.db` is one; publishes on topic `lab` afterwards.
 */
export async function fileResult(ctx: ServiceContext, input: ValueToFile): Promise<FiledResult> {
  const enteredBy = input.source === 'manual' ? signedIn(ctx.actor).id : (ctx.actor?.id ?? null);
  const filed = await ctx.db.transaction(async (tx) => {
    const [specimen] = await tx
      .select({ id: labSpecimens.id, orderId: labSpecimens.orderId, rejectedAt: labSpecimens.rejectedAt })
      .from(labSpecimens)
      .where(eq(labSpecimens.id, input.specimenId));
    if (!specimen) throw notFoundWith(LAB_RESULT_MESSAGES.specimenNotFound);
    if (specimen.rejectedAt) throw conflict('SPECIMEN_REJECTED', LAB_RESULT_MESSAGES.specimenRejected);
    const [order] = await tx
      .select({
        id: labOrders.id,
        state: labOrders.state,
        patientId: labOrders.patientId,
        sex: users.gender,
        dateOfBirth: users.dateOfBirth,
      })
      .from(labOrders)
      .innerJoin(users, eq(users.id, labOrders.patientId))
      .where(eq(labOrders.id, specimen.orderId))
      .for('update', { of: labOrders });
    if (!order) throw notFoundWith(LAB_RESULT_MESSAGES.orderNotFound);
    if (order.state === 'Cancelled') throw conflict('ORDER_CANCELLED', LAB_RESULT_MESSAGES.orderCancelled);
    if (order.state === 'Verified') throw conflict('ORDER_VERIFIED', LAB_RESULT_MESSAGES.resultVerified);
    if (!FILING_STATES.includes(order.state))
      throw conflict('SPECIMEN_NOT_COLLECTED', LAB_RESULT_MESSAGES.orderNotCollected);

    const needed = await requiredTests(tx, order.id);
    const line = needed.find((n) => n.test.id === input.testId);
    if (!line) throw badRequest(LAB_RESULT_MESSAGES.testNotOrdered, 'testId');
    const { value, range, interpretation } = await evaluate(ctx, tx, line.test, order, input);

    const [current] = await tx
      .select({ id: labResults.id })
      .from(labResults)
      .where(
        and(
          eq(labResults.specimenId, specimen.id),
          eq(labResults.testId, line.test.id),
          isNull(labResults.supersededAt),
        ),
      );
    if (current) throw conflict('RESULT_EXISTS', LAB_RESULT_MESSAGES.resultExists, 'testId');

    const [row] = await mapUnique(
      () =>
        tx
          .insert(labResults)
          .values({
            orderId: order.id,
            specimenId: specimen.id,
            testId: line.test.id,
            patientId: order.patientId,
            valueQuantity: value.quantity,
            valueText: value.text,
            unit: line.test.unit,
            interpretation,
            rangeLow: range?.low ?? null,
            rangeHigh: range?.high ?? null,
            status: 'preliminary',
            source: input.source,
            hl7MessageId: input.hl7MessageId ?? null,
            enteredBy,
            enteredAt: ctx.now(),
          })
          .returning({ id: labResults.id, status: labResults.status }),
      () => conflict('RESULT_EXISTS', LAB_RESULT_MESSAGES.resultExists, 'testId'),
    );
    if (!row) throw new Error('lab result not written');

    const filedTests = await tx
      .select({ testId: labResults.testId })
      .from(labResults)
      .where(and(eq(labResults.specimenId, specimen.id), isNull(labResults.supersededAt)));
    const have = new Set(filedTests.map((r) => r.testId));
    const state: LabOrderState = needed.every((n) => have.has(n.test.id)) ? 'Resulted' : 'In Progress';
    if (state !== order.state)
      await tx.update(labOrders).set({ state, updatedAt: ctx.now() }).where(eq(labOrders.id, order.id));

    await audit(inTransaction(ctx, tx), {
      action: 'lab.result.file',
      entityType: 'lab_order',
      entityId: order.id,
      patientId: order.patientId,
      details: {
        resultId: row.id,
        testId: line.test.id,
        specimenId: specimen.id,
        source: input.source,
        interpretation,
        orderState: state,
      },
    });
    return { id: row.id, interpretation, status: row.status };
  });
  await ctx.publish('lab');
  return filed;
}
