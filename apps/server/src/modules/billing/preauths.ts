import { BILLING_MESSAGES, COVERAGE_MESSAGES, type Coverage, type PreauthService } from '@carepoint/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  billableServices,
  charges,
  coveragePreauths,
  labTests,
  medicines,
  payerPreauthServices,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, notFoundWith } from '../../lib/errors';
import { iso } from '../../lib/list';
import { payerRow } from './payers';
import {
  LAB_TEST_OF_SERVICE,
  MEDICINE_OF_SERVICE,
  SERVICE_CODE,
  SERVICE_NAME,
  serviceById,
} from './services';

/*
 * Pre-authorisation (docs/areas/billing-coverage.md): the services a payer requires it for
 * (payer_preauth_services, set by the administrator on the payer's prices page) and the codes
 * the payer gave under a coverage (coverage_preauths), read for the coverage screens.
 */

type Preauth = Coverage['preauths'][number];

const serviceRef = { id: billableServices.id, code: SERVICE_CODE, name: SERVICE_NAME };

/** Whether a charge names the code (then it stays: charges_preauth_fk refuses its removal too). */
export const PREAUTH_IN_USE = sql<boolean>`exists (select 1 from ${charges}
  where ${charges.coverageId} = ${coveragePreauths.coverageId}
    and ${charges.serviceId} = ${coveragePreauths.serviceId}
    and ${charges.preauthCode} = ${coveragePreauths.code})`;

/** The codes recorded under each coverage, the oldest first. */
export async function preauthsOf(db: Executor, coverageIds: string[]): Promise<Map<string, Preauth[]>> {
  const rows = await db
    .select({
      id: coveragePreauths.id,
      coverageId: coveragePreauths.coverageId,
      code: coveragePreauths.code,
      createdAt: coveragePreauths.createdAt,
      inUse: PREAUTH_IN_USE,
      service: serviceRef,
    })
    .from(coveragePreauths)
    .innerJoin(billableServices, eq(billableServices.id, coveragePreauths.serviceId))
    .leftJoin(labTests, LAB_TEST_OF_SERVICE)
    .leftJoin(medicines, MEDICINE_OF_SERVICE)
    .where(inArray(coveragePreauths.coverageId, coverageIds))
    .orderBy(asc(coveragePreauths.createdAt), asc(coveragePreauths.id));
  const byCoverage = new Map<string, Preauth[]>();
  for (const { coverageId, createdAt, ...preauth } of rows) {
    const list = byCoverage.get(coverageId) ?? [];
    list.push({ ...preauth, createdAt: iso(createdAt) });
    byCoverage.set(coverageId, list);
  }
  return byCoverage;
}

/** The services each payer requires pre-authorisation for, by name. */
export async function preauthServicesOf(
  db: Executor,
  payerIds: string[],
): Promise<Map<string, PreauthService[]>> {
  const rows = await db
    .select({ payerId: payerPreauthServices.payerId, service: serviceRef })
    .from(payerPreauthServices)
    .innerJoin(billableServices, eq(billableServices.id, payerPreauthServices.serviceId))
    .leftJoin(labTests, LAB_TEST_OF_SERVICE)
    .leftJoin(medicines, MEDICINE_OF_SERVICE)
    .where(inArray(payerPreauthServices.payerId, payerIds))
    .orderBy(asc(sql`lower(${SERVICE_NAME})`));
  const byPayer = new Map<string, PreauthService[]>();
  for (const { payerId, service } of rows) byPayer.set(payerId, [...(byPayer.get(payerId) ?? []), service]);
  return byPayer;
}

/** Whether the payer requires pre-authorisation for the service. */
export async function requiresPreauth(db: Executor, payerId: string, serviceId: string) {
  const [row] = await db
    .select({ serviceId: payerPreauthServices.serviceId })
    .from(payerPreauthServices)
    .where(and(eq(payerPreauthServices.payerId, payerId), eq(payerPreauthServices.serviceId, serviceId)));
  return row !== undefined;
}

/** The ids of the services the payer requires pre-authorisation for (the prices page's flags). */
export async function preauthServiceIds(ctx: ServiceContext, payerId: string): Promise<string[]> {
  await payerRow(ctx.db, payerId);
  const rows = await ctx.db
    .select({ serviceId: payerPreauthServices.serviceId })
    .from(payerPreauthServices)
    .where(eq(payerPreauthServices.payerId, payerId));
  return rows.map((r) => r.serviceId);
}

/**
 * Sets or clears the payer's requirement for one service. Idempotent (the unique index makes a
 * second set a no-op). Clearing it keeps the codes already given: they still name their charges.
 */
export async function setPreauthRequired(
  ctx: ServiceContext,
  payerId: string,
  serviceId: string,
  required: boolean,
): Promise<string[]> {
  const payer = await payerRow(ctx.db, payerId);
  if (payer.kind === 'self-pay') throw badRequest(COVERAGE_MESSAGES.selfPayNoPreauth, 'required');
  const service = await serviceById(ctx.db, serviceId);
  if (!service) throw notFoundWith(BILLING_MESSAGES.serviceNotFound);
  await ctx.db.transaction(async (tx) => {
    const changed = required
      ? await tx
          .insert(payerPreauthServices)
          .values({ payerId, serviceId, createdAt: ctx.now() })
          .onConflictDoNothing()
          .returning({ id: payerPreauthServices.serviceId })
      : await tx
          .delete(payerPreauthServices)
          .where(
            and(eq(payerPreauthServices.payerId, payerId), eq(payerPreauthServices.serviceId, serviceId)),
          )
          .returning({ id: payerPreauthServices.serviceId });
    if (changed.length === 0) return;
    await audit(inTransaction(ctx, tx), {
      action: required ? 'payer.preauth.require' : 'payer.preauth.clear',
      entityType: 'payer',
      entityId: payerId,
      details: { payer: payer.name, serviceId, service: service.name },
    });
  });
  return preauthServiceIds(ctx, payerId);
}
