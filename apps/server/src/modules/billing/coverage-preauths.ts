import { type AddPreauthOutput, COVERAGE_MESSAGES } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { coveragePreauths, coverages } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique, violatedForeignKey } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { coverageById, today } from './coverages';
import { PREAUTH_IN_USE, requiresPreauth } from './preauths';

/*
 * The pre-authorisation codes the payer gave under a coverage, one per service the payer requires
 * it for (docs/areas/billing-coverage.md). A code a charge names stays: the check below says so
 * on the field, and the foreign key charges_preauth_fk (migration 0065) refuses the delete
 * whatever runs at the same moment.
 */

const M = COVERAGE_MESSAGES;

export async function addPreauth(ctx: ServiceContext, coverageId: string, input: AddPreauthOutput) {
  await mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const [coverage] = await tx.select().from(coverages).where(eq(coverages.id, coverageId)).for('share');
        if (!coverage) throw notFoundWith(M.coverageNotFound);
        if (!(await requiresPreauth(tx, coverage.payerId, input.serviceId))) {
          throw badRequest(M.serviceNoPreauth, 'serviceId');
        }
        const [row] = await tx
          .insert(coveragePreauths)
          .values({ coverageId, ...input, createdBy: ctx.actor?.id ?? null, createdAt: ctx.now() })
          .returning({ id: coveragePreauths.id });
        if (!row) throw new Error('pre-authorisation not added');
        await audit(inTransaction(ctx, tx), {
          action: 'coverage.preauth.add',
          entityType: 'coverage',
          entityId: coverageId,
          patientId: coverage.patientId,
          details: { ...input },
        });
      }),
    () => conflict('PREAUTH_CODE_TAKEN', M.codeTaken, 'code'),
  );
  return coverageById(ctx.db, coverageId, today(ctx));
}

const inUse = () => conflict('PREAUTH_IN_USE', M.preauthInUse);

export async function removePreauth(ctx: ServiceContext, coverageId: string, preauthId: string) {
  try {
    await ctx.db.transaction(async (tx) => {
      const [preauth] = await tx
        .select({
          code: coveragePreauths.code,
          serviceId: coveragePreauths.serviceId,
          inUse: PREAUTH_IN_USE,
          patientId: coverages.patientId,
        })
        .from(coveragePreauths)
        .innerJoin(coverages, eq(coverages.id, coveragePreauths.coverageId))
        .where(and(eq(coveragePreauths.id, preauthId), eq(coveragePreauths.coverageId, coverageId)))
        .for('update', { of: coveragePreauths });
      if (!preauth) throw notFoundWith(M.preauthNotFound);
      if (preauth.inUse) throw inUse();
      await tx.delete(coveragePreauths).where(eq(coveragePreauths.id, preauthId));
      await audit(inTransaction(ctx, tx), {
        action: 'coverage.preauth.remove',
        entityType: 'coverage',
        entityId: coverageId,
        patientId: preauth.patientId,
        details: { serviceId: preauth.serviceId, code: preauth.code },
      });
    });
  } catch (error) {
    // A charge named the code between the check and the delete: the foreign key refused it.
    throw violatedForeignKey(error) === undefined ? error : inUse();
  }
  return coverageById(ctx.db, coverageId, today(ctx));
}
