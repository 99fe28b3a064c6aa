import {
  type EnterLabResults,
  LAB_RESULT_MESSAGES,
  type LabResultSheet,
  type LabSettings,
} from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { labOrders } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { AppError, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { loadLabSettings } from '../facility';
import { fileResult } from './file-result';
import { type OrderRow, orderHead, orderRows, resultVersions } from './order-view';

/*
 * The scientist's sheet of one order (docs/areas/lab-results.md): per test the unit and the range
 * for this patient, the value filed (or a field for it), and whether the signed-in scientist may
 * verify. Lab scientists and administrators read it; only scientists enter values.
 */

async function readOrder(ctx: ServiceContext, orderId: string): Promise<OrderRow> {
  const [row] = await orderRows(ctx.db).where(eq(labOrders.id, orderId));
  if (!row) throw notFoundWith(LAB_RESULT_MESSAGES.orderNotFound);
  return row;
}

/**
 * Why the signed-in user may not verify now, or null when they may: every test needs a value,
 * and under the second-scientist rule none of the preliminary values may be their own.
 */
function verifyBlockedBy(
  ctx: ServiceContext,
  sheet: Pick<LabResultSheet, 'state' | 'lines'>,
  settings: LabSettings,
): string | null {
  if (sheet.state === 'Verified') return LAB_RESULT_MESSAGES.alreadyVerified;
  if (sheet.state !== 'Resulted') return LAB_RESULT_MESSAGES.nothingToVerify;
  if (ctx.actor?.role !== 'lab') return LAB_RESULT_MESSAGES.secondScientistRequired;
  const actorId = ctx.actor.id;
  const ownValue = sheet.lines.some(
    (line) => line.current?.status === 'preliminary' && line.current.enteredBy?.id === actorId,
  );
  if (settings.verification === 'second-scientist' && ownValue)
    return LAB_RESULT_MESSAGES.secondScientistRequired;
  return null;
}

/** The sheet as it stands, read fresh (after a change it shows the change). */
export async function loadSheet(ctx: ServiceContext, orderId: string): Promise<LabResultSheet> {
  const row = await readOrder(ctx, orderId);
  const [versions, settings] = [await resultVersions(ctx.db, [orderId]), await loadLabSettings(ctx.db)];
  const head = await orderHead(ctx, row, versions);
  const blocked = verifyBlockedBy(ctx, head, settings);
  return {
    ...head,
    patient: {
      id: row.order.patientId,
      name: row.patientName,
      recordNumber: row.patientRecordNumber,
      sex: row.patientSex,
      dateOfBirth: row.patientDateOfBirth,
    },
    verification: settings.verification,
    canVerify: blocked === null,
    verifyBlockedBy: blocked,
  };
}

/** GET /api/lab/orders/:id/results. Audited as a read of the patient's lab results. */
export async function readSheet(ctx: ServiceContext, orderId: string): Promise<LabResultSheet> {
  const sheet = await loadSheet(ctx, orderId);
  await audit(ctx, {
    action: 'lab.results.read',
    entityType: 'lab_order',
    entityId: orderId,
    patientId: sheet.patient.id,
    details: { orderIds: [orderId] },
  });
  return sheet;
}

/**
 * PUT /api/lab/orders/:id/results: the values of several tests in one save, each filed through
 * fileResult in one transaction (all or none). A refusal names its field as the form has it
 * (`values.2.value`), so the message appears under that test's field.
 */
export async function enterResults(
  ctx: ServiceContext,
  orderId: string,
  input: EnterLabResults,
): Promise<LabResultSheet> {
  signedIn(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const row = await readOrder(inTransaction(ctx, tx), orderId);
    if (!row.specimen) throw conflict('SPECIMEN_NOT_COLLECTED', LAB_RESULT_MESSAGES.orderNotCollected);
    const specimenId = row.specimen.id;
    for (const [index, { testId, value }] of input.values.entries()) {
      try {
        await fileResult(inTransaction(ctx, tx), { specimenId, testId, value, source: 'manual' });
      } catch (error) {
        throw atField(error, index);
      }
    }
  });
  await ctx.publish('lab');
  return loadSheet(ctx, orderId);
}

/** A refusal of one value, named by its place in the save (`values.<index>.<field>`). */
function atField(error: unknown, index: number): unknown {
  if (!(error instanceof AppError) || !error.fieldErrors) return error;
  const fieldErrors = Object.fromEntries(
    Object.entries(error.fieldErrors).map(([field, messages]) => [`values.${index}.${field}`, messages]),
  );
  return new AppError(error.statusCode, error.code, error.message, fieldErrors);
}
