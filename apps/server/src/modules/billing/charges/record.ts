import { and, desc, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { charges, coveragePreauths, payerPreauthServices } from '../../../db/schema';
import { type AuditEntry, auditAll } from '../../../lib/audit';
import type { ServiceContext } from '../../../lib/context';
import { type CoverageInForce, coveragesOn } from '../coverage-on';
import { type Price, pricesOf, pricingPayers, type ServiceRef } from '../price-of';
import { splitCharge } from '../split';

/*
 * The charges the care makes (docs/areas/billing-charges.md), in the caller's transaction, so a
 * charge exists exactly when its care does. For each line: the coverage in force on the care's
 * day gives the payer (else self-pay), the payer's price that day, the split between payer and
 * patient, and the pre-authorisation the payer asks for. The unique index of each source decides
 * "once each": a second completion, dispense or night run inserts nothing. Batched: whatever the
 * number of lines, a constant number of statements (the pharmacy's dispensing bench counts them).
 */

/** What caused the charge: the row the unique index of its source names. */
export type CareSource =
  | { source: 'consultation'; appointmentId: string }
  | { source: 'bed-day'; stayId: string; nightOf: string }
  | { source: 'lab-test'; labOrderTestId: string }
  | { source: 'medicine'; dispenseItemId: string };

/** One line of care to charge. */
export type CareLine = CareSource & {
  patientId: string;
  /** The facility date of the care: its price and its coverage are that day's. */
  careDate: string;
  service: ServiceRef;
  quantity: number;
  /** The line opens a visit (a consultation, a stay's first night): a fixed co-payment falls on it. */
  opensVisit?: boolean;
};

const sourceColumns = (line: CareSource) => {
  switch (line.source) {
    case 'consultation':
      return { appointmentId: line.appointmentId };
    case 'bed-day':
      return { stayId: line.stayId, nightOf: line.nightOf };
    case 'lab-test':
      return { labOrderTestId: line.labOrderTestId };
    case 'medicine':
      return { dispenseItemId: line.dispenseItemId };
  }
};

/**
 * The pre-authorisation of each priced line: required when the payer lists the service among
 * those it pays only with a code, and then the coverage's newest code for it (null: missing,
 * flagged on the bill). Two reads, only when a line is covered.
 */
async function preauthsOf(
  db: Executor,
  priced: ReadonlyArray<{ coverage: CoverageInForce | null; price: Price }>,
): Promise<Array<{ preauthRequired: boolean; preauthCode: string | null }>> {
  const covered = priced.flatMap(({ coverage, price }) => (coverage ? [{ coverage, price }] : []));
  if (covered.length === 0) return priced.map(() => ({ preauthRequired: false, preauthCode: null }));
  const serviceIds = [...new Set(covered.map(({ price }) => price.serviceId))];
  const required = await db
    .select({ payerId: payerPreauthServices.payerId, serviceId: payerPreauthServices.serviceId })
    .from(payerPreauthServices)
    .where(
      and(
        inArray(payerPreauthServices.payerId, [...new Set(covered.map(({ coverage }) => coverage.payerId))]),
        inArray(payerPreauthServices.serviceId, serviceIds),
      ),
    );
  const needs = new Set(required.map((row) => `${row.payerId}:${row.serviceId}`));
  const codes =
    needs.size === 0
      ? []
      : await db
          .select({
            coverageId: coveragePreauths.coverageId,
            serviceId: coveragePreauths.serviceId,
            code: coveragePreauths.code,
          })
          .from(coveragePreauths)
          .where(
            and(
              inArray(coveragePreauths.coverageId, [...new Set(covered.map(({ coverage }) => coverage.id))]),
              inArray(coveragePreauths.serviceId, serviceIds),
            ),
          )
          .orderBy(desc(coveragePreauths.createdAt));
  return priced.map(({ coverage, price }) => {
    if (!coverage || !needs.has(`${coverage.payerId}:${price.serviceId}`))
      return { preauthRequired: false, preauthCode: null };
    const code = codes.find((row) => row.coverageId === coverage.id && row.serviceId === price.serviceId);
    return { preauthRequired: true, preauthCode: code?.code ?? null };
  });
}

/**
 * Each line the price list prices, with its price, the coverage in force on its day and the payer
 * charged (the coverage's, else self-pay); a line nothing prices is left out.
 */
async function pricedLines(db: Executor, lines: readonly CareLine[]) {
  if (lines.length === 0) return [];
  const coverage = await coveragesOn(
    db,
    lines.map((line) => ({ patientId: line.patientId, at: line.careDate })),
  );
  const payers = await pricingPayers(
    db,
    coverage.flatMap((cover) => (cover ? [cover.payerId] : [])),
  );
  const prices = await pricesOf(
    db,
    lines.map((line, index) => ({
      payerId: coverage[index]?.payerId ?? payers.selfPay.id,
      service: line.service,
      at: line.careDate,
    })),
    payers,
  );
  return lines.flatMap((line, index) => {
    const price = prices[index];
    const cover = coverage[index] ?? null;
    return price ? [{ line, price, coverage: cover, payerId: cover?.payerId ?? payers.selfPay.id }] : [];
  });
}

/**
 * Records the care's charges in the caller's transaction (`ctx.db`), once each; a line nothing
 * prices is not charged (the doctor's hand-typed invoice covers it). Answers the charges written
 * now (none for a line charged before), each audited with its patient; `audited`: the caller's own
 * audit rows of the same change, written in the same statement.
 */
export async function recordCareCharges(
  ctx: ServiceContext,
  lines: readonly CareLine[],
  { audited = [] }: { audited?: readonly AuditEntry[] } = {},
) {
  const priced = await pricedLines(ctx.db, lines);
  if (priced.length === 0) {
    if (audited.length > 0) await auditAll(ctx, audited);
    return [];
  }
  const { db } = ctx;
  const preauths = await preauthsOf(db, priced);
  const written = await db
    .insert(charges)
    .values(
      priced.map(({ line, price, coverage: cover, payerId }, index) => {
        const amount = price.amount * line.quantity;
        return {
          patientId: line.patientId,
          payerId,
          coverageId: cover?.id ?? null,
          serviceId: price.serviceId,
          source: line.source,
          ...sourceColumns(line),
          careDate: line.careDate,
          quantity: line.quantity,
          unitPrice: price.amount,
          amount,
          ...splitCharge(amount, price.basis, cover, line.opensVisit ?? false),
          basis: price.basis,
          ...(preauths[index] ?? { preauthRequired: false, preauthCode: null }),
          createdBy: ctx.actor?.id ?? null,
          createdAt: ctx.now(),
        };
      }),
    )
    .onConflictDoNothing()
    .returning({
      id: charges.id,
      patientId: charges.patientId,
      source: charges.source,
      amount: charges.amount,
    });
  await auditAll(ctx, [
    ...audited,
    ...written.map((row) => ({
      action: 'charge.record',
      entityType: 'charge',
      entityId: row.id,
      patientId: row.patientId,
      details: { source: row.source, amount: row.amount },
    })),
  ]);
  return written;
}
