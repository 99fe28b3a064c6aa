import {
  fromLocalInput,
  MEDICATION_ROUND_MESSAGES,
  type MedicationOrderData,
  parseTimesOfDay,
  type StopMedicationOrderInput,
} from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { medicationOrders } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { conflict, notFoundWith, signedIn } from '../../lib/errors';
import { checkPrescribable } from '../pharmacy-formulary';
import { checkAllergies } from '../prescriptions';
import { loadOrder } from './orders-read';
import { shareAdmittedStay, shareStay } from './stay';

/** The schedule's columns of the chosen kind (the others stay empty, as the table's check wants). */
function scheduleColumns(input: MedicationOrderData) {
  return {
    kind: input.kind,
    times: input.kind === 'times' ? (parseTimesOfDay(input.times ?? '') ?? []) : [],
    everyHours: input.kind === 'interval' && typeof input.everyHours === 'number' ? input.everyHours : null,
    minIntervalHours:
      input.kind === 'prn' && typeof input.minIntervalHours === 'number' ? input.minIntervalHours : null,
    maxPerDay: input.kind === 'prn' && typeof input.maxPerDay === 'number' ? input.maxPerDay : null,
  };
}

/** The formulary medicine and its units per dose, or neither (written outside the formulary: no stock taken). */
const formularyColumns = (input: MedicationOrderData) =>
  input.medicineId && typeof input.unitsPerDose === 'number'
    ? { medicineId: input.medicineId, unitsPerDose: input.unitsPerDose }
    : { medicineId: null, unitsPerDose: null };

/** A doctor orders a medicine on an Admitted stay; a match with a recorded allergy needs their acknowledgement. */
export async function createOrder(ctx: ServiceContext, stayId: string, input: MedicationOrderData) {
  const actor = signedIn(ctx.actor);
  const tz = ctx.config.TIME_ZONE;
  const id = await ctx.db.transaction(async (tx) => {
    const stay = await shareAdmittedStay(tx, stayId);
    await checkPrescribable(tx, [input.medicineId], () => 'medicineId');
    const acknowledged = await checkAllergies(tx, {
      patientId: stay.patientId,
      medicines: [{ name: input.medicine }],
      acknowledged: input.acknowledgeAllergies,
      medicineField: () => 'medicine',
      message: MEDICATION_ROUND_MESSAGES.acknowledgeAllergies,
    });
    const now = ctx.now();
    const [row] = await tx
      .insert(medicationOrders)
      .values({
        stayId,
        patientId: stay.patientId,
        doctorId: actor.id,
        medicine: input.medicine,
        ...formularyColumns(input),
        dose: input.dose,
        route: input.route,
        ...scheduleColumns(input),
        controlled: input.controlled,
        startsAt: fromLocalInput(input.startsAt, tz),
        endsAt: input.endsAt ? fromLocalInput(input.endsAt, tz) : null,
        acknowledgedAllergies: acknowledged,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: medicationOrders.id });
    if (!row) throw new Error('medication order not stored');
    await audit(inTransaction(ctx, tx), {
      action: 'medication-order.create',
      entityType: 'medication-order',
      entityId: row.id,
      patientId: stay.patientId,
      details: {
        stayId,
        medicine: input.medicine,
        ...formularyColumns(input),
        kind: input.kind,
        controlled: input.controlled,
        acknowledgedAllergies: acknowledged,
      },
    });
    return { id: row.id, doctorId: stay.doctorId };
  });
  await ctx.publish('wards', { doctorIds: [id.doctorId] });
  const order = await loadOrder(ctx.db, id.id, tz);
  if (!order) throw notFoundWith(MEDICATION_ROUND_MESSAGES.orderNotFound);
  return order;
}

/** Stops an order now: its doses from this moment on are no longer due; those recorded stay. */
export async function stopOrder(ctx: ServiceContext, id: string, input: StopMedicationOrderInput) {
  const actor = signedIn(ctx.actor);
  const doctorId = await ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        stayId: medicationOrders.stayId,
        patientId: medicationOrders.patientId,
        stoppedAt: medicationOrders.stoppedAt,
      })
      .from(medicationOrders)
      .where(eq(medicationOrders.id, id))
      .for('update');
    if (!order) throw notFoundWith(MEDICATION_ROUND_MESSAGES.orderNotFound);
    const stay = await shareStay(tx, order.stayId);
    if (order.stoppedAt) throw conflict('ORDER_STOPPED', MEDICATION_ROUND_MESSAGES.alreadyStopped);
    const now = ctx.now();
    await tx
      .update(medicationOrders)
      .set({ stoppedAt: now, stoppedBy: actor.id, stopReason: input.reason, updatedAt: now })
      .where(eq(medicationOrders.id, id));
    await audit(inTransaction(ctx, tx), {
      action: 'medication-order.stop',
      entityType: 'medication-order',
      entityId: id,
      patientId: order.patientId,
      details: { stayId: order.stayId },
    });
    return stay.doctorId;
  });
  await ctx.publish('wards', { doctorIds: [doctorId] });
  const order = await loadOrder(ctx.db, id, ctx.config.TIME_ZONE);
  if (!order) throw notFoundWith(MEDICATION_ROUND_MESSAGES.orderNotFound);
  return order;
}
