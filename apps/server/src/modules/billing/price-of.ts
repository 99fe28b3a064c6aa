import { BILLING_MESSAGES, type PriceBasis, type WardKind } from '@carepoint/contract';
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billableServices, medicines, payers, servicePrices, stockBatches } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';

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
  /**
   * `batchId`: the batch dispensed, whose unit cost a markup over unit cost is taken from.
   * `bases`: the formulary price and that batch's unit cost when the caller has read them (a
   * dispense has), so they are not read again.
   */
  | { kind: 'medicine'; medicineId: string; batchId?: string; bases?: KnownBases };

/** What a medicine's markup may be taken over, as its caller read them (kobo; null: not recorded). */
export interface KnownBases {
  formularyPrice: number | null;
  unitCost: number | null;
}

export interface Price {
  /** Kobo. */
  amount: number;
  /** The payer's list, its markup rule, or the self-pay list because the payer's tariff lacks the service. */
  basis: PriceBasis;
  serviceId: string;
}

type PayerRow = typeof payers.$inferSelect;
type ServiceRow = Pick<
  typeof billableServices.$inferSelect,
  'id' | 'kind' | 'code' | 'wardKind' | 'labTestId' | 'medicineId'
>;

/** One question to pricesOf: what `service` costs `payerId` on the facility date `at`. */
export interface PriceQuery {
  payerId: string;
  service: ServiceRef;
  at: string;
}

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

/** The catalogue row a reference names, among those read (the same rule as refCondition). */
function serviceNamed(rows: readonly ServiceRow[], ref: ServiceRef) {
  return rows.find((row) => {
    if ('serviceId' in ref) return row.id === ref.serviceId;
    switch (ref.kind) {
      case 'bed-day':
        return row.wardKind === ref.wardKind;
      case 'lab-test':
        return row.labTestId === ref.labTestId;
      case 'medicine':
        return row.medicineId === ref.medicineId;
      default:
        return row.kind === ref.kind && row.code?.toLowerCase() === ref.code.toLowerCase();
    }
  });
}

/**
 * The catalogue rows the queries name, with every price row of these payers for them up to the
 * last day asked, newest first per (payer, service): the price in force on a day is the first row
 * on or before it. One read: the catalogue joined to its prices.
 */
async function servicesWithPrices(db: Executor, queries: readonly PriceQuery[], payerIds: string[]) {
  const until = queries.reduce((last, query) => (query.at > last ? query.at : last), queries[0]?.at ?? '');
  const rows = await db
    .select({
      id: billableServices.id,
      kind: billableServices.kind,
      code: billableServices.code,
      wardKind: billableServices.wardKind,
      labTestId: billableServices.labTestId,
      medicineId: billableServices.medicineId,
      payerId: servicePrices.payerId,
      amount: servicePrices.amount,
      effectiveFrom: servicePrices.effectiveFrom,
    })
    .from(billableServices)
    .leftJoin(
      servicePrices,
      and(
        eq(servicePrices.serviceId, billableServices.id),
        inArray(servicePrices.payerId, payerIds),
        lte(servicePrices.effectiveFrom, until),
      ),
    )
    .where(or(...queries.map((query) => refCondition(query.service))))
    .orderBy(desc(servicePrices.effectiveFrom));
  const services = new Map<string, ServiceRow>();
  const histories = new Map<string, Array<{ amount: number; effectiveFrom: string }>>();
  for (const { payerId, amount, effectiveFrom, ...service } of rows) {
    services.set(service.id, service);
    if (payerId === null || amount === null || effectiveFrom === null) continue;
    const key = `${payerId}:${service.id}`;
    histories.set(key, [...(histories.get(key) ?? []), { amount, effectiveFrom }]);
  }
  return { services: [...services.values()], histories };
}

/**
 * What a medicine's markup is taken over, for every medicine asked at once: the dispensed batch's
 * unit cost (without a batch, the medicine's newest batch), or the formulary's price. Two reads
 * at most, whatever the number of lines.
 */
async function markupBases(
  db: Executor,
  refs: ReadonlyArray<{ medicineId: string; batchId?: string; bases?: KnownBases }>,
) {
  const unknown = refs.filter((ref) => !ref.bases);
  const medicineIds = [...new Set(unknown.map((ref) => ref.medicineId))];
  const batchIds = [...new Set(unknown.flatMap((ref) => (ref.batchId ? [ref.batchId] : [])))];
  const formulary = new Map<string, number | null>();
  const newest = new Map<string, number | null>();
  const batches = new Map<string, { medicineId: string; unitCost: number | null }>();
  if (medicineIds.length === 0) return { formulary, newest, batches };
  const medicineRows = await db
    .select({ id: medicines.id, price: medicines.price })
    .from(medicines)
    .where(inArray(medicines.id, medicineIds));
  const batchRows = await db
    .select({ id: stockBatches.id, medicineId: stockBatches.medicineId, unitCost: stockBatches.unitCost })
    .from(stockBatches)
    .where(
      or(
        inArray(stockBatches.medicineId, medicineIds),
        batchIds.length > 0 ? inArray(stockBatches.id, batchIds) : undefined,
      ),
    )
    .orderBy(desc(stockBatches.createdAt), desc(stockBatches.id));
  for (const row of medicineRows) formulary.set(row.id, row.price);
  for (const row of batchRows) {
    batches.set(row.id, row);
    // Newest first: the first row of a medicine is its newest batch.
    if (!newest.has(row.medicineId)) newest.set(row.medicineId, row.unitCost);
  }
  return { formulary, newest, batches };
}

type MarkupBases = Awaited<ReturnType<typeof markupBases>>;

/** Basis points over a base, rounded to the kobo (half up). Exact: base ≤ 10^9, bp ≤ 10^5. */
const markedUp = (base: number, bp: number) => Math.round((base * (10_000 + bp)) / 10_000);

function markupPrice(bases: MarkupBases, payer: PayerRow, ref: ServiceRef) {
  if (payer.markupBp === null || !('kind' in ref) || ref.kind !== 'medicine') return null;
  let base: number | null | undefined;
  if (ref.bases)
    base = payer.markupBase === 'formulary-price' ? ref.bases.formularyPrice : ref.bases.unitCost;
  else if (payer.markupBase === 'formulary-price') base = bases.formulary.get(ref.medicineId);
  else if (ref.batchId) {
    const batch = bases.batches.get(ref.batchId);
    base = batch?.medicineId === ref.medicineId ? batch.unitCost : null;
  } else base = bases.newest.get(ref.medicineId);
  return base === null || base === undefined ? null : markedUp(base, payer.markupBp);
}

/** The payers asked for and self-pay, which prices what a payer's tariff lacks. */
export interface PricingPayers {
  selfPay: PayerRow;
  byId: ReadonlyMap<string, PayerRow>;
}

/** These payers and self-pay, in one read. */
export async function pricingPayers(db: Executor, payerIds: readonly string[]): Promise<PricingPayers> {
  const rows = await db
    .select()
    .from(payers)
    .where(or(inArray(payers.id, [...payerIds]), eq(payers.kind, 'self-pay')));
  const selfPay = rows.find((row) => row.kind === 'self-pay');
  if (!selfPay) throw new Error('the self-pay payer is missing (migration 0062 makes it)');
  return { selfPay, byId: new Map(rows.map((row) => [row.id, row])) };
}

/** The price in force on `at`: the latest row on or before it. */
const inForce = (history: ReadonlyArray<{ amount: number; effectiveFrom: string }> | undefined, at: string) =>
  history?.find((row) => row.effectiveFrom <= at)?.amount ?? null;

/**
 * The prices of many services at once (a dispense's items, a stay's nights), in a constant number
 * of reads whatever their number: the payers (unless `read` holds them), the catalogue rows with
 * their price histories and, for medicines the caller has not read them for, the markup bases.
 * Each answer follows priceOf's rules; an unknown payer: 404.
 */
export async function pricesOf(
  db: Executor,
  queries: readonly PriceQuery[],
  read?: PricingPayers,
): Promise<Array<Price | null>> {
  if (queries.length === 0) return [];
  const payerIds = [...new Set(queries.map((query) => query.payerId))];
  const { selfPay, byId: payerById } =
    read && payerIds.every((id) => read.byId.has(id)) ? read : await pricingPayers(db, payerIds);
  for (const id of payerIds) if (!payerById.has(id)) throw notFoundWith(BILLING_MESSAGES.payerNotFound);
  const { services, histories } = await servicesWithPrices(db, queries, [...payerById.keys()]);
  const found = queries.map((query) => serviceNamed(services, query.service));
  const medicineRefs = queries.flatMap(({ service }) =>
    'kind' in service && service.kind === 'medicine' ? [service] : [],
  );
  const bases = await markupBases(db, medicineRefs);
  return queries.map((query, index) => {
    const service = found[index];
    const payer = payerById.get(query.payerId);
    if (!service || !payer) return null;
    const answer = (amount: number | null, basis: PriceBasis) =>
      amount === null ? null : { amount, basis, serviceId: service.id };
    const listed = (of: PayerRow) => inForce(histories.get(`${of.id}:${service.id}`), query.at);
    const own = answer(listed(payer), 'list') ?? answer(markupPrice(bases, payer, query.service), 'markup');
    if (own || payer.kind === 'self-pay') return own;
    return (
      answer(listed(selfPay), 'self-pay') ?? answer(markupPrice(bases, selfPay, query.service), 'self-pay')
    );
  });
}

/**
 * The price of `service` for `payerId` on the facility date `at` (YYYY-MM-DD), or null when
 * nothing prices it. In order: the payer's list; for a medicine, the payer's markup rule; then,
 * for NHIA or an HMO, the self-pay list and self-pay's markup, answered as basis 'self-pay' (the
 * payer's tariff does not cover it, so the patient pays that line). Unknown payer: 404; a
 * service that does not exist: null. One question to pricesOf, so both answer by the same rules.
 */
export async function priceOf(ctx: ServiceContext, query: PriceQuery): Promise<Price | null> {
  const [price] = await pricesOf(ctx.db, [query]);
  return price ?? null;
}
