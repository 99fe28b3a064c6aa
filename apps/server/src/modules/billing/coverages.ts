import {
  COVERAGE_MESSAGES,
  type Coverage,
  type CoverageList,
  type CoverageStatusAnswer,
  type CreateCoverageOutput,
  coverageExpiredWarning,
  coverageStatusOn,
  type SaveCoverageOutput,
} from '@carepoint/contract';
import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coverages, payers, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { iso } from '../../lib/list';
import { fullNameOf, recordNumberOf } from '../../lib/people';
import { coverageOn } from './coverage-on';
import { preauthServicesOf, preauthsOf } from './preauths';

/*
 * A patient's coverages (docs/areas/billing-coverage.md): the desk and the cashier list, add,
 * edit and end them. Coverage is patient data: every read and change is audited with the
 * patient. A member number is one person's on a payer: the unique index
 * coverages_member_unique (payer, lower(member number)) decides, also between two adds at once.
 */

const M = COVERAGE_MESSAGES;

export const today = (ctx: ServiceContext) => facilityDate(ctx.now(), ctx.config.TIME_ZONE);

/** The patient, or 404 (also for an id that is another role's account). */
async function patientOr404(db: Executor, id: string) {
  const [patient] = await db
    .select({ id: users.id, fullName: fullNameOf(), recordNumber: recordNumberOf() })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'patient')));
  if (!patient) throw notFoundWith(M.patientNotFound);
  return patient;
}

/** What Edit changes: the answer's fields, and the audit row's values before. */
const detailsOf = (c: typeof coverages.$inferSelect) => ({
  plan: c.plan,
  memberNumber: c.memberNumber,
  validFrom: c.validFrom,
  validTo: c.validTo,
  shareKind: c.shareKind,
  shareBp: c.shareBp,
  copayAmount: c.copayAmount,
});

const rowColumns = {
  coverage: coverages,
  payer: { id: payers.id, name: payers.name, kind: payers.kind, active: payers.active },
};

/** The coverages the condition names, newest first, each with its payer, status and pre-auths. */
async function coveragesWhere(db: Executor, where: SQL, on: string): Promise<Coverage[]> {
  const rows = await db
    .select(rowColumns)
    .from(coverages)
    .innerJoin(payers, eq(payers.id, coverages.payerId))
    .where(where)
    .orderBy(desc(coverages.validFrom), desc(coverages.createdAt));
  if (rows.length === 0) return [];
  // One after the other: inside a transaction they share one connection.
  const preauths = await preauthsOf(
    db,
    rows.map((r) => r.coverage.id),
  );
  const required = await preauthServicesOf(db, [...new Set(rows.map((r) => r.payer.id))]);
  return rows.map(({ coverage: c, payer }) => ({
    id: c.id,
    patientId: c.patientId,
    payer,
    ...detailsOf(c),
    status: coverageStatusOn(c, on),
    preauthServices: required.get(payer.id) ?? [],
    preauths: preauths.get(c.id) ?? [],
    updatedAt: iso(c.updatedAt),
  }));
}

/** One coverage as the API answers it, or 404. */
export async function coverageById(db: Executor, id: string, on: string): Promise<Coverage> {
  const [found] = await coveragesWhere(db, eq(coverages.id, id), on);
  if (!found) throw notFoundWith(M.coverageNotFound);
  return found;
}

/**
 * Today's coverage (what coverageOn picks) or, when none pays, the warning that the patient's
 * latest coverage has expired: the desk and the cashier see it before care is charged.
 */
async function statusOn(db: Executor, patientId: string, on: string): Promise<CoverageStatusAnswer> {
  const inForce = await coverageOn(db, patientId, on);
  if (inForce) {
    const [payer] = await db.select({ name: payers.name }).from(payers).where(eq(payers.id, inForce.payerId));
    return {
      inForce: { id: inForce.id, payerName: payer?.name ?? '', memberNumber: inForce.memberNumber },
      warning: null,
    };
  }
  const [expired] = await db
    .select({ payerName: payers.name, validTo: coverages.validTo })
    .from(coverages)
    .innerJoin(payers, eq(payers.id, coverages.payerId))
    .where(and(eq(coverages.patientId, patientId), lt(coverages.validTo, on)))
    .orderBy(desc(coverages.validTo))
    .limit(1);
  return {
    inForce: null,
    warning: expired?.validTo ? coverageExpiredWarning(expired.payerName, expired.validTo) : null,
  };
}

export async function listCoverages(ctx: ServiceContext, patientId: string): Promise<CoverageList> {
  const patient = await patientOr404(ctx.db, patientId);
  const on = today(ctx);
  const list = await coveragesWhere(ctx.db, eq(coverages.patientId, patientId), on);
  const status = await statusOn(ctx.db, patientId, on);
  await audit(ctx, { action: 'coverage.list', entityType: 'patient', entityId: patientId, patientId });
  return { patient, coverages: list, status };
}

export async function coverageStatus(ctx: ServiceContext, patientId: string): Promise<CoverageStatusAnswer> {
  await patientOr404(ctx.db, patientId);
  const status = await statusOn(ctx.db, patientId, today(ctx));
  await audit(ctx, { action: 'coverage.status', entityType: 'patient', entityId: patientId, patientId });
  return status;
}

const memberUnique = <T>(write: () => Promise<T>) =>
  mapUnique(write, () => conflict('MEMBER_NUMBER_TAKEN', M.memberTaken, 'memberNumber'));

/** Add Coverage: by an active NHIA or HMO (self-pay is what no coverage means). */
export async function createCoverage(ctx: ServiceContext, patientId: string, input: CreateCoverageOutput) {
  await patientOr404(ctx.db, patientId);
  const id = await memberUnique(() =>
    ctx.db.transaction(async (tx) => {
      // Shared lock: the payer cannot be deactivated while the coverage naming it is written.
      const [payer] = await tx.select().from(payers).where(eq(payers.id, input.payerId)).for('share');
      if (!payer || payer.kind === 'self-pay' || !payer.active) throw badRequest(M.payerRequired, 'payerId');
      const now = ctx.now();
      const [row] = await tx
        .insert(coverages)
        .values({ ...input, patientId, createdBy: ctx.actor?.id ?? null, createdAt: now, updatedAt: now })
        .returning({ id: coverages.id });
      if (!row) throw new Error('coverage not created');
      await audit(inTransaction(ctx, tx), {
        action: 'coverage.create',
        entityType: 'coverage',
        entityId: row.id,
        patientId,
        details: { ...input, payer: payer.name },
      });
      return row.id;
    }),
  );
  return coverageById(ctx.db, id, today(ctx));
}

/** The coverage locked for a change, or 404. */
async function lockedCoverage(tx: Executor, id: string) {
  const [row] = await tx.select().from(coverages).where(eq(coverages.id, id)).for('update');
  if (!row) throw notFoundWith(M.coverageNotFound);
  return row;
}

/** Edit: plan, member number, dates and share; the payer stays (another payer is another coverage). */
export async function updateCoverage(ctx: ServiceContext, id: string, input: SaveCoverageOutput) {
  await memberUnique(() =>
    ctx.db.transaction(async (tx) => {
      const before = await lockedCoverage(tx, id);
      await tx
        .update(coverages)
        .set({ ...input, updatedAt: ctx.now() })
        .where(eq(coverages.id, id));
      await audit(inTransaction(ctx, tx), {
        action: 'coverage.update',
        entityType: 'coverage',
        entityId: id,
        patientId: before.patientId,
        details: { ...input, previous: detailsOf(before) },
      });
    }),
  );
  return coverageById(ctx.db, id, today(ctx));
}

/** End: the coverage's last valid day; care after it falls to self-pay (or a newer coverage). */
export async function endCoverage(ctx: ServiceContext, id: string, validTo: string) {
  await ctx.db.transaction(async (tx) => {
    const before = await lockedCoverage(tx, id);
    if (validTo < before.validFrom) throw badRequest(M.validToBeforeFrom, 'validTo');
    await tx.update(coverages).set({ validTo, updatedAt: ctx.now() }).where(eq(coverages.id, id));
    await audit(inTransaction(ctx, tx), {
      action: 'coverage.end',
      entityType: 'coverage',
      entityId: id,
      patientId: before.patientId,
      details: { validTo, previousValidTo: before.validTo },
    });
  });
  return coverageById(ctx.db, id, today(ctx));
}
