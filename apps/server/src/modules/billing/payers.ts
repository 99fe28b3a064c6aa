import {
  BILLING_MESSAGES,
  type CreatePayerOutput,
  PAYER_KINDS,
  type Payer,
  type SavePayerOutput,
} from '@carepoint/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { payers } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { iso } from '../../lib/list';
import { pricingPayers } from './price-of';

/*
 * Payers (docs/areas/billing.md): the administrator adds NHIA and HMOs, edits them and
 * deactivates them; self-pay, made by the migration, is always active. Payers are never deleted.
 */

const M = BILLING_MESSAGES;
type PayerRow = typeof payers.$inferSelect;

const toPayer = (row: PayerRow): Payer => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  code: row.code,
  contact: row.contact,
  markupBp: row.markupBp,
  markupBase: row.markupBase,
  active: row.active,
  updatedAt: iso(row.updatedAt),
});

/** Each unique index's refusal, on the field it is about. */
const unique = <T>(write: () => Promise<T>) =>
  mapUnique(write, (constraint) => {
    if (constraint === 'payers_one_nhia') return conflict('NHIA_EXISTS', M.oneNhia, 'kind');
    if (constraint === 'payers_code_unique') return conflict('PAYER_CODE_TAKEN', M.codeTaken, 'code');
    return conflict('PAYER_NAME_TAKEN', M.nameTaken, 'name');
  });

/** Self-pay first, then NHIA, then the HMOs by name. */
const KIND_ORDER = sql`array_position(array[${sql.raw(PAYER_KINDS.map((k) => `'${k}'`).join(', '))}]::payer_kind[], ${payers.kind})`;

export async function listPayers(ctx: ServiceContext): Promise<Payer[]> {
  const rows = await ctx.db
    .select()
    .from(payers)
    .orderBy(KIND_ORDER, asc(sql`lower(${payers.name})`), asc(payers.id));
  return rows.map(toPayer);
}

/** The payer's row, or 404. */
export async function payerRow(db: Executor, id: string): Promise<PayerRow> {
  const [row] = await db.select().from(payers).where(eq(payers.id, id));
  if (!row) throw notFoundWith(M.payerNotFound);
  return row;
}

/** The one self-pay payer (the migration made it). */
export const selfPayRow = async (db: Executor): Promise<PayerRow> => (await pricingPayers(db, [])).selfPay;

export const getPayer = async (ctx: ServiceContext, id: string) => toPayer(await payerRow(ctx.db, id));

export async function createPayer(ctx: ServiceContext, input: CreatePayerOutput) {
  const now = ctx.now();
  const row = await unique(() =>
    ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(payers)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning();
      if (!created) throw new Error('payer not created');
      await audit(inTransaction(ctx, tx), {
        action: 'payer.create',
        entityType: 'payer',
        entityId: created.id,
        details: { ...input },
      });
      return created;
    }),
  );
  return toPayer(row);
}

export async function updatePayer(ctx: ServiceContext, id: string, input: SavePayerOutput) {
  const row = await unique(() =>
    ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(payers).where(eq(payers.id, id)).for('update');
      if (!before) throw notFoundWith(M.payerNotFound);
      const [after] = await tx
        .update(payers)
        .set({ ...input, updatedAt: ctx.now() })
        .where(eq(payers.id, id))
        .returning();
      if (!after) throw new Error('payer not updated');
      // A markup change moves the price of every medicine the list does not name: keep what it was.
      await audit(inTransaction(ctx, tx), {
        action: 'payer.update',
        entityType: 'payer',
        entityId: id,
        details: {
          ...input,
          previous: {
            name: before.name,
            code: before.code,
            markupBp: before.markupBp,
            markupBase: before.markupBase,
          },
        },
      });
      return after;
    }),
  );
  return toPayer(row);
}

/** Deactivating keeps the payer's list and history; no new coverage or charge will name it. */
export async function setPayerActive(ctx: ServiceContext, id: string, active: boolean) {
  const row = await ctx.db.transaction(async (tx) => {
    const [payer] = await tx.select().from(payers).where(eq(payers.id, id)).for('update');
    if (!payer) throw notFoundWith(M.payerNotFound);
    // The database refuses it too (payers_self_pay_active); this says why on the field.
    if (payer.kind === 'self-pay' && !active) throw badRequest(M.selfPayActive, 'active');
    if (payer.active === active) return payer;
    const [changed] = await tx
      .update(payers)
      .set({ active, updatedAt: ctx.now() })
      .where(eq(payers.id, id))
      .returning();
    if (!changed) throw new Error('payer not updated');
    await audit(inTransaction(ctx, tx), {
      action: active ? 'payer.reactivate' : 'payer.deactivate',
      entityType: 'payer',
      entityId: id,
      details: { name: payer.name, kind: payer.kind },
    });
    return changed;
  });
  return toPayer(row);
}
