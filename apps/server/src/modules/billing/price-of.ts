import type { PriceBasis, WardKind } from '@carepoint/contract';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billableServices, medicines, servicePrices, stockBatches } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { payerRow, selfPayRow } from './payers';

/*
 * What a service costs a payer on a day (docs/areas/billing.md#the-price-of-a-service). The
 * charges that follow the care (consultations, bed-days, lab tests, dispensed medicines) ask
 * this, once each, and store the answer: a later price change never touches them.
 */

/** A service as the care that causes it names it. */
export type ServiceRef =
  | { serviceId: string }
  | { kind: 'consultation' | 'procedure' | 'report'; code: string }
  | { kind: 'bed-day'; wardKind: WardKind }
  | { kind: 'lab-test'; labTestId: string }
  /** `batchId`: the batch dispensed, whose unit cost a markup over unit cost is taken from. */
  | { kind: 'medicine'; medicineId: string; batchId?: string };

interface Price {
  /** Kobo. */
  amount: number;
  /** The payer's list, its markup rule, or the self-pay list because the payer's tariff lacks the service. */
  basis: PriceBasis;
  serviceId: string;
}

type PayerRow = Awaited<ReturnType<typeof payerRow>>;

function refCondition(ref: ServiceRef) {
  if ('serviceId' in ref) return eq(billableServices.id, ref.serviceId);
  switch (ref.kind) {
    case 'bed-day':
      return eq(billableServices.wardKind, ref.wardKind);
    case 'lab-test':
      return eq(billableServices.labTestId, ref.labTestId);
    case 'medicine':
      return eq(billableServices.medicineId, ref.medicineId);
    default:
      return and(
        eq(billableServices.kind, ref.kind),
        sql`lower(${billableServices.code}) = lower(${ref.code})`,
      );
  }
}

/** The payer's price of the service in force on `at`: the latest row on or before it (the unique index, read backwards). */
async function listedPrice(db: Executor, payerId: string, serviceId: string, at: string) {
  const [row] = await db
    .select({ amount: servicePrices.amount })
    .from(servicePrices)
    .where(
      and(
        eq(servicePrices.payerId, payerId),
        eq(servicePrices.serviceId, serviceId),
        lte(servicePrices.effectiveFrom, at),
      ),
    )
    .orderBy(desc(servicePrices.effectiveFrom))
    .limit(1);
  return row?.amount ?? null;
}

/**
 * What a medicine's markup is taken over: the dispensed batch's unit cost (without a batch, the
 * medicine's newest batch), or the formulary's price. Null when there is none.
 */
async function markupBaseOf(db: Executor, payer: PayerRow, medicineId: string, batchId: string | undefined) {
  if (payer.markupBase === 'formulary-price') {
    const [row] = await db
      .select({ price: medicines.price })
      .from(medicines)
      .where(eq(medicines.id, medicineId));
    return row?.price ?? null;
  }
  const [batch] = await db
    .select({ unitCost: stockBatches.unitCost })
    .from(stockBatches)
    .where(and(eq(stockBatches.medicineId, medicineId), batchId ? eq(stockBatches.id, batchId) : undefined))
    .orderBy(desc(stockBatches.createdAt), desc(stockBatches.id))
    .limit(1);
  return batch?.unitCost ?? null;
}

/** Basis points over a base, rounded to the kobo (half up). Exact: base ≤ 10^9, bp ≤ 10^5. */
const markedUp = (base: number, bp: number) => Math.round((base * (10_000 + bp)) / 10_000);

async function markupPrice(db: Executor, payer: PayerRow, ref: ServiceRef) {
  if (payer.markupBp === null || !('kind' in ref) || ref.kind !== 'medicine') return null;
  const base = await markupBaseOf(db, payer, ref.medicineId, ref.batchId);
  return base === null ? null : markedUp(base, payer.markupBp);
}

/**
 * The price of `service` for `payerId` on the facility date `at` (YYYY-MM-DD), or null when
 * nothing prices it. In order: the payer's list; for a medicine, the payer's markup rule; then,
 * for NHIA or an HMO, the self-pay list and self-pay's markup, answered as basis 'self-pay' (the
 * payer's tariff does not cover it, so the patient pays that line). Unknown payer: 404; a
 * service that does not exist: null.
 */
export async function priceOf(
  ctx: ServiceContext,
  { payerId, service, at }: { payerId: string; service: ServiceRef; at: string },
): Promise<Price | null> {
  const { db } = ctx;
  const payer = await payerRow(db, payerId);
  const [found] = await db
    .select({ id: billableServices.id })
    .from(billableServices)
    .where(refCondition(service));
  if (!found) return null;
  const answer = (amount: number | null, basis: PriceBasis) =>
    amount === null ? null : { amount, basis, serviceId: found.id };
  // Each step reads only when the one before found nothing.
  const own =
    answer(await listedPrice(db, payer.id, found.id, at), 'list') ??
    answer(await markupPrice(db, payer, service), 'markup');
  if (own || payer.kind === 'self-pay') return own;
  const selfPay = await selfPayRow(db);
  return (
    answer(await listedPrice(db, selfPay.id, found.id, at), 'self-pay') ??
    answer(await markupPrice(db, selfPay, service), 'self-pay')
  );
}
