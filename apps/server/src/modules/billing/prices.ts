import {
  BILLING_MESSAGES,
  type PRICE_LIST_SORTABLE,
  type PriceHistory,
  type PriceListRow,
  type priceListQuerySchema,
  type SetPriceOutput,
} from '@carepoint/contract';
import { and, asc, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { billableServices, labTests, medicines, servicePrices, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { iso, listPage, matchingRows, orderBy, type SortColumns, search } from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import { payerRow } from './payers';
import {
  LAB_TEST_OF_SERVICE,
  MEDICINE_OF_SERVICE,
  SERVICE_ACTIVE,
  SERVICE_CODE,
  SERVICE_NAME,
  serviceById,
  serviceColumns,
} from './services';

/*
 * A payer's price list (docs/areas/billing.md): every active service with the price in force on a
 * day and the next one set, a service's whole history, and Set Price, which only ever adds a row
 * (the table refuses UPDATE and DELETE).
 */

const M = BILLING_MESSAGES;
type ListQuery = z.output<typeof priceListQuerySchema>;

const today = (ctx: ServiceContext) => facilityDate(ctx.now(), ctx.config.TIME_ZONE);

/**
 * One column of the payer's price of each listed service: the latest row on or before `at`
 * (current), or the earliest after it (next). A scalar subquery per row of the page, served by
 * the unique index (payer, service, effective_from).
 */
function priceColumn(payerId: string, at: string, which: 'current' | 'next', column: SQL) {
  const when =
    which === 'current' ? lte(servicePrices.effectiveFrom, at) : gt(servicePrices.effectiveFrom, at);
  const order = which === 'current' ? desc(servicePrices.effectiveFrom) : asc(servicePrices.effectiveFrom);
  return sql`(select ${column} from ${servicePrices}
    where ${servicePrices.payerId} = ${payerId} and ${servicePrices.serviceId} = ${billableServices.id} and ${when}
    order by ${order} limit 1)`;
}

const amountOf = (payerId: string, at: string, which: 'current' | 'next') =>
  priceColumn(payerId, at, which, sql`${servicePrices.amount}::int4`).mapWith(Number);
const dateOf = (payerId: string, at: string, which: 'current' | 'next') =>
  priceColumn(payerId, at, which, sql`${servicePrices.effectiveFrom}::text`).mapWith(String);

const KIND_ORDER = sql`${billableServices.kind}`;
const SORT: SortColumns<(typeof PRICE_LIST_SORTABLE)[number]> = {
  name: sql`lower(${SERVICE_NAME})`,
  kind: [KIND_ORDER, sql`lower(${SERVICE_NAME})`],
};

const dated = (amount: number | null, effectiveFrom: string | null) =>
  amount === null || effectiveFrom === null ? null : { amount, effectiveFrom };

/** The active services, a page at a time, each with this payer's price on `at` (today by default). */
export async function listPrices(ctx: ServiceContext, payerId: string, query: ListQuery) {
  await payerRow(ctx.db, payerId);
  const at = query.at ?? today(ctx);
  const where = and(
    SERVICE_ACTIVE,
    query.kind ? eq(billableServices.kind, query.kind) : undefined,
    search(query.q, [SERVICE_NAME, SERVICE_CODE]),
  );
  return listPage(ctx, query, {
    rows: (select) =>
      select({
        ...serviceColumns,
        currentAmount: amountOf(payerId, at, 'current'),
        currentFrom: dateOf(payerId, at, 'current'),
        nextAmount: amountOf(payerId, at, 'next'),
        nextFrom: dateOf(payerId, at, 'next'),
      })
        .from(billableServices)
        .leftJoin(labTests, LAB_TEST_OF_SERVICE)
        .leftJoin(medicines, MEDICINE_OF_SERVICE)
        .where(where),
    order: orderBy(query, SORT, [asc(KIND_ORDER), asc(sql`lower(${SERVICE_NAME})`)], billableServices.id),
    count: matchingRows(ctx.db)
      .from(billableServices)
      .leftJoin(labTests, LAB_TEST_OF_SERVICE)
      .leftJoin(medicines, MEDICINE_OF_SERVICE)
      .where(where),
    map: (row): PriceListRow => ({
      id: row.id,
      kind: row.kind,
      code: row.code,
      name: row.name,
      current: dated(row.currentAmount, row.currentFrom),
      next: dated(row.nextAmount, row.nextFrom),
    }),
  });
}

async function historyOf(db: Executor, payerId: string, serviceId: string): Promise<PriceHistory> {
  const service = await serviceById(db, serviceId);
  if (!service) throw notFoundWith(M.serviceNotFound);
  const rows = await db
    .select({
      id: servicePrices.id,
      amount: servicePrices.amount,
      effectiveFrom: servicePrices.effectiveFrom,
      setAt: servicePrices.createdAt,
      setBy: fullNameOf(users),
    })
    .from(servicePrices)
    .leftJoin(users, eq(users.id, servicePrices.createdBy))
    .where(and(eq(servicePrices.payerId, payerId), eq(servicePrices.serviceId, serviceId)))
    .orderBy(desc(servicePrices.effectiveFrom));
  return { service, prices: rows.map((r) => ({ ...r, setAt: iso(r.setAt) })) };
}

/** Every price the service has had on this payer's list, newest date first. */
export async function priceHistory(ctx: ServiceContext, payerId: string, serviceId: string) {
  await payerRow(ctx.db, payerId);
  return historyOf(ctx.db, payerId, serviceId);
}

/**
 * Set Price: the service's price on this list from a date, today or later (a past day's price,
 * and the charges made at it, never move). A second price for the same day is refused by the
 * unique index, whoever sets it first: 409.
 */
export async function setPrice(ctx: ServiceContext, payerId: string, input: SetPriceOutput) {
  if (input.effectiveFrom < today(ctx)) throw badRequest(M.dateInPast, 'effectiveFrom');
  const payer = await payerRow(ctx.db, payerId);
  const service = await serviceById(ctx.db, input.serviceId);
  if (!service) throw badRequest(M.serviceNotFound, 'serviceId');
  return mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(servicePrices)
          .values({ payerId, ...input, createdBy: ctx.actor?.id ?? null, createdAt: ctx.now() })
          .returning({ id: servicePrices.id });
        if (!row) throw new Error('price not set');
        await audit(inTransaction(ctx, tx), {
          action: 'price.set',
          entityType: 'service_price',
          entityId: row.id,
          details: { payer: payer.name, service: service.name, ...input },
        });
        return historyOf(tx, payerId, input.serviceId);
      }),
    () => conflict('PRICE_TAKEN', M.priceTaken, 'effectiveFrom'),
  );
}
