import { BILLING_MESSAGES, type BillableService, type CreateServiceOutput } from '@carepoint/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billableServices, labTests, medicines } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { conflict } from '../../lib/errors';

/*
 * The billable services' catalogue (docs/areas/billing.md). A lab test or a medicine shows its
 * own table's code and name (its service row only references it), so the three are read through
 * one join and the expressions below, written once.
 */

const M = BILLING_MESSAGES;

/** The service's name: its own, the lab test's, or the medicine as the shelf names it. */
export const SERVICE_NAME = sql<string>`coalesce(${billableServices.name}, ${labTests.name},
  ${medicines.genericName} || ' ' || ${medicines.strength} || ' ' || ${medicines.form})`;
/** Its code: its own or the lab test's (the formulary has none). */
export const SERVICE_CODE = sql<string | null>`coalesce(${billableServices.code}, ${labTests.code})`;
/** Whether it is still charged: the service and the lab test or medicine it names are active. */
export const SERVICE_ACTIVE = sql`${billableServices.active} and coalesce(${labTests.active}, ${medicines.active}, true)`;

export const serviceColumns = {
  id: billableServices.id,
  kind: billableServices.kind,
  code: SERVICE_CODE,
  name: SERVICE_NAME,
};

/** The joins to the lab test or the medicine a service may name (the expressions above read them). */
export const LAB_TEST_OF_SERVICE = eq(labTests.id, billableServices.labTestId);
export const MEDICINE_OF_SERVICE = eq(medicines.id, billableServices.medicineId);

/** The service row with its code and name, or undefined. */
export async function serviceById(db: Executor, id: string): Promise<BillableService | undefined> {
  const [row] = await db
    .select(serviceColumns)
    .from(billableServices)
    .leftJoin(labTests, LAB_TEST_OF_SERVICE)
    .leftJoin(medicines, MEDICINE_OF_SERVICE)
    .where(eq(billableServices.id, id));
  return row;
}

/** Add Service: a consultation kind, a procedure or a report, with its own code and name. */
export async function createService(
  ctx: ServiceContext,
  input: CreateServiceOutput,
): Promise<BillableService> {
  const row = await mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const [created] = await tx.insert(billableServices).values(input).returning();
        if (!created) throw new Error('service not created');
        await audit(inTransaction(ctx, tx), {
          action: 'billable_service.create',
          entityType: 'billable_service',
          entityId: created.id,
          details: { ...input },
        });
        return created;
      }),
    () => conflict('SERVICE_CODE_TAKEN', M.serviceCodeTaken, 'code'),
  );
  return { id: row.id, kind: row.kind, code: row.code, name: row.name ?? input.name };
}
