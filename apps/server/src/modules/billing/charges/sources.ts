import type { AppointmentType } from '@carepoint/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { charges, labOrderTests } from '../../../db/schema';
import { type AuditEntry, auditAll } from '../../../lib/audit';
import type { ServiceContext } from '../../../lib/context';
import type { KnownBases } from '../price-of';
import { type CareLine, recordCareCharges } from './record';

/*
 * Each source of care, as its own module calls it inside the transaction that makes the care
 * (docs/areas/billing-charges.md "Which sources are wired").
 */

/**
 * The consultation an appointment is charged as: the general one, unless the appointment says it
 * is a surgical one (a surgeon's review is a specialist consultation). The follow-up and
 * emergency kinds of the catalogue are charged by hand until an appointment can name them.
 */
const CONSULTATION_CODE: Record<AppointmentType, string> = {
  checkup: 'CONS-GP',
  surgery: 'CONS-SPEC',
};

/** A completed appointment's consultation, on the appointment's day; it opens the visit. */
export const consultationLine = (appointment: {
  id: string;
  patientId: string;
  type: AppointmentType;
  date: string;
}): CareLine => ({
  source: 'consultation',
  appointmentId: appointment.id,
  patientId: appointment.patientId,
  careDate: appointment.date,
  service: { kind: 'consultation', code: CONSULTATION_CODE[appointment.type] },
  quantity: 1,
  opensVisit: true,
});

/** A completed appointment: its consultation's charge. */
export const chargeConsultation = (
  ctx: ServiceContext,
  appointment: Parameters<typeof consultationLine>[0],
) => recordCareCharges(ctx, [consultationLine(appointment)]);

/** The tests of a lab order, each once, on the day they were ordered. */
export function chargeLabTests(
  ctx: ServiceContext,
  patientId: string,
  orderedOn: string,
  tests: ReadonlyArray<{ id: string; testId: string }>,
) {
  return recordCareCharges(
    ctx,
    tests.map((test) => ({
      source: 'lab-test',
      labOrderTestId: test.id,
      patientId,
      careDate: orderedOn,
      service: { kind: 'lab-test', labTestId: test.testId },
      quantity: 1,
    })),
  );
}

/**
 * The items of a dispense, each at the price of the batch it came from, on the day of the dispense;
 * `bases`: what a markup is taken over, as the dispense read them. `audited`: the dispense's own
 * audit row, written with the charges'.
 */
export function chargeDispensedItems(
  ctx: ServiceContext,
  patientId: string,
  dispensedOn: string,
  items: ReadonlyArray<{
    id: string;
    medicineId: string;
    batchId: string;
    quantity: number;
    bases: KnownBases;
  }>,
  audited: readonly AuditEntry[],
) {
  return recordCareCharges(
    ctx,
    items.map(
      (item): CareLine => ({
        source: 'medicine',
        dispenseItemId: item.id,
        patientId,
        careDate: dispensedOn,
        service: { kind: 'medicine', medicineId: item.medicineId, batchId: item.batchId, bases: item.bases },
        quantity: item.quantity,
      }),
    ),
    { audited },
  );
}

const ORDER_CANCELLED = 'Order cancelled';

/**
 * A lab order cancelled before its specimen was taken: its tests were never done, so their
 * charges are voided (one statement, audited). A charge already voided stays as it was.
 */
export async function voidCancelledLabOrder(ctx: ServiceContext, orderId: string) {
  const voided = await ctx.db
    .update(charges)
    .set({
      status: 'void',
      voidReason: ORDER_CANCELLED,
      voidedBy: ctx.actor?.id ?? null,
      voidedAt: ctx.now(),
    })
    .where(
      and(
        eq(charges.status, 'active'),
        inArray(
          charges.labOrderTestId,
          ctx.db
            .select({ id: labOrderTests.id })
            .from(labOrderTests)
            .where(eq(labOrderTests.orderId, orderId)),
        ),
      ),
    )
    .returning({ id: charges.id, patientId: charges.patientId });
  await auditAll(
    ctx,
    voided.map((row) => ({
      action: 'charge.void',
      entityType: 'charge',
      entityId: row.id,
      patientId: row.patientId,
      details: { reason: ORDER_CANCELLED, labOrderId: orderId },
    })),
  );
}
