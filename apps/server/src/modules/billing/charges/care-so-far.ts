import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import {
  appointments,
  charges,
  dispenseItems,
  dispenseLines,
  dispenses,
  labOrders,
  labOrderTests,
  stays,
} from '../../../db/schema';
import type { ServiceContext } from '../../../lib/context';
import { facilityDate } from '../../../lib/facility-time';
import { chargeNights } from './nights';
import { type CareLine, recordCareCharges } from './record';
import { consultationLine } from './sources';

/*
 * Every piece of care not charged yet, charged by the same rules as the care does it: the demo
 * data's completed appointments, lab orders, dispenses and stays (made before the price lists),
 * and a database that had care before charges followed it. Safe to run again: the unique indexes.
 */

/** Completed appointments, live lab orders' tests, dispensed items, and every stay's nights so far. */
export async function chargeCareSoFar(ctx: ServiceContext) {
  const { db } = ctx;
  const day = (at: Date) => facilityDate(at, ctx.config.TIME_ZONE);
  const visits = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      type: appointments.type,
      date: appointments.date,
    })
    .from(appointments)
    .leftJoin(charges, and(eq(charges.appointmentId, appointments.id), eq(charges.source, 'consultation')))
    .where(and(eq(appointments.status, 'Completed'), isNull(charges.id)));
  const tests = await db
    .select({
      id: labOrderTests.id,
      testId: labOrderTests.testId,
      patientId: labOrders.patientId,
      at: labOrderTests.createdAt,
    })
    .from(labOrderTests)
    .innerJoin(labOrders, eq(labOrders.id, labOrderTests.orderId))
    .leftJoin(charges, eq(charges.labOrderTestId, labOrderTests.id))
    .where(and(ne(labOrders.state, 'Cancelled'), isNull(charges.id)));
  const items = await db
    .select({
      id: dispenseItems.id,
      medicineId: dispenseLines.medicineId,
      batchId: dispenseItems.batchId,
      quantity: dispenseItems.quantity,
      patientId: dispenses.patientId,
      at: dispenses.dispensedAt,
    })
    .from(dispenseItems)
    .innerJoin(dispenses, eq(dispenses.id, dispenseItems.dispenseId))
    .innerJoin(dispenseLines, eq(dispenseLines.id, dispenseItems.dispenseLineId))
    .leftJoin(charges, eq(charges.dispenseItemId, dispenseItems.id))
    .where(isNull(charges.id));
  const lines: CareLine[] = [
    ...visits.map(consultationLine),
    ...tests.map(
      (test): CareLine => ({
        source: 'lab-test',
        labOrderTestId: test.id,
        patientId: test.patientId,
        careDate: day(test.at),
        service: { kind: 'lab-test', labTestId: test.testId },
        quantity: 1,
      }),
    ),
    ...items.map(
      (item): CareLine => ({
        source: 'medicine',
        dispenseItemId: item.id,
        patientId: item.patientId,
        careDate: day(item.at),
        service: { kind: 'medicine', medicineId: item.medicineId, batchId: item.batchId },
        quantity: item.quantity,
      }),
    ),
  ];
  const care = await recordCareCharges(ctx, lines);
  const nights = await chargeNights(ctx, inArray(stays.status, ['Admitted', 'Discharged']));
  return [...care, ...nights];
}
