import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { billableServices, charges, coverages, payers } from '../src/db/schema';
import { splitCharge } from '../src/modules/billing/split';
import type { TestApp } from './helpers';

/*
 * Billing rows written straight into the database, for the tests of what reads them (payments,
 * balances, claims). Coverage and charges themselves are tested through their API.
 */

/** A new HMO, its name and code unique per call. */
export async function hmo(t: TestApp, fields: Partial<typeof payers.$inferInsert> = {}) {
  const tag = randomBytes(3).toString('hex');
  const [row] = await t.database.db
    .insert(payers)
    .values({ kind: 'hmo', name: `Test HMO ${tag}`, code: `HMO-${tag}`, ...fields })
    .returning();
  if (!row) throw new Error('payer not created');
  return row;
}

/** A coverage of `patientId` by `payerId`, by default 10 % for the patient, valid from 2020 with no end. */
export async function coverage(
  t: TestApp,
  patientId: string,
  payerId: string,
  fields: Partial<typeof coverages.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(coverages)
    .values({
      patientId,
      payerId,
      memberNumber: `MEM-${randomBytes(4).toString('hex')}`,
      validFrom: '2020-01-01',
      shareKind: 'percent',
      shareBp: 1_000,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('coverage not created');
  return row;
}

/** The general consultation's catalogue row (the migration makes it). */
export async function consultationService(t: TestApp) {
  const [row] = await t.database.db
    .select()
    .from(billableServices)
    .where(eq(billableServices.code, 'CONS-GP'));
  if (!row) throw new Error('CONS-GP missing');
  return row;
}

/**
 * A manual charge of `amount` kobo for the general consultation, split under `coverage` as the
 * care's charges are (without one, all the patient's), on `careDate`.
 */
export async function charge(
  t: TestApp,
  patientId: string,
  {
    amount,
    careDate = '2026-01-15',
    coverage: cover = null,
    payerId,
  }: {
    amount: number;
    careDate?: string;
    coverage?: typeof coverages.$inferSelect | null;
    payerId: string;
  },
) {
  const service = await consultationService(t);
  const split = splitCharge(amount, 'list', cover, true);
  const [row] = await t.database.db
    .insert(charges)
    .values({
      patientId,
      payerId: cover?.payerId ?? payerId,
      coverageId: cover?.id ?? null,
      serviceId: service.id,
      source: 'manual',
      reason: 'Test charge',
      careDate,
      quantity: 1,
      unitPrice: amount,
      amount,
      basis: 'list',
      ...split,
    })
    .returning();
  if (!row) throw new Error('charge not created');
  return row;
}
