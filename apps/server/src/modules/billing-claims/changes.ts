import {
  CLAIM_MESSAGES,
  type CorrectLineInput,
  type RemittanceInput,
  type ResubmitInput,
} from '@carepoint/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { charges, claimLines, claims } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { mapUnique } from '../../lib/db-errors';
import { badRequest, conflict, notFoundWith } from '../../lib/errors';
import { codedDiagnosis } from '../diagnosis-codes';
import { auditPatients } from './audit';
import { lockClaim, lockDraft } from './claim-row';
import { LINE_FLAGGED, newClaim, refreshClaim } from './generate';
import { readClaim } from './read';

const M = CLAIM_MESSAGES;
const lineNotFound = () => notFoundWith(M.lineNotFound);

async function lineOf(db: Executor, claimId: string, lineId: string) {
  const [line] = await db
    .select()
    .from(claimLines)
    .where(and(eq(claimLines.id, lineId), eq(claimLines.claimId, claimId)));
  if (!line) throw lineNotFound();
  return line;
}

/** Runs `change` on the claim in one transaction, records it for its patients and answers the claim. */
async function changeClaim(
  ctx: ServiceContext,
  claimId: string,
  action: string,
  change: (tx: Executor, txc: ServiceContext) => Promise<Record<string, unknown>>,
) {
  await ctx.db.transaction(async (tx) => {
    const txc = inTransaction(ctx, tx);
    const details = await change(tx, txc);
    await refreshClaim(tx, claimId, ctx.now());
    await auditPatients(txc, claimId, action, details);
  });
  return readClaim(ctx, claimId);
}

/**
 * Correct a draft's line: the diagnosis goes on every line of the same encounter on this claim
 * (one diagnosis per encounter, as the payer's form has it); the pre-auth code on this line.
 */
export async function correctLine(
  ctx: ServiceContext,
  claimId: string,
  lineId: string,
  input: CorrectLineInput,
) {
  return changeClaim(ctx, claimId, 'claim.correct', async (tx, txc) => {
    await lockDraft(tx, claimId);
    const line = await lineOf(tx, claimId, lineId);
    const diagnosis = await codedDiagnosis(txc, input.diagnosisCode);
    if (diagnosis) {
      const sameEncounter = line.stayId
        ? eq(claimLines.stayId, line.stayId)
        : line.appointmentId
          ? eq(claimLines.appointmentId, line.appointmentId)
          : and(
              eq(claimLines.patientId, line.patientId),
              eq(claimLines.careDate, line.careDate),
              isNull(claimLines.stayId),
              isNull(claimLines.appointmentId),
            );
      await tx
        .update(claimLines)
        .set({ diagnosisCode: diagnosis.code, diagnosisTitle: diagnosis.title })
        .where(and(eq(claimLines.claimId, claimId), sameEncounter));
    }
    if (input.preauthCode)
      await tx.update(claimLines).set({ preauthCode: input.preauthCode }).where(eq(claimLines.id, lineId));
    return { line: lineId, diagnosis: diagnosis?.code ?? null, preauthCode: input.preauthCode };
  });
}

/** Remove a line from a draft: its charge is unclaimed again (a later claim takes it). */
export async function removeLine(ctx: ServiceContext, claimId: string, lineId: string) {
  return changeClaim(ctx, claimId, 'claim.remove-line', async (tx) => {
    await lockDraft(tx, claimId);
    const line = await lineOf(tx, claimId, lineId);
    // Recorded before the line goes: the audit names the claim's patients, this one included.
    await tx.delete(claimLines).where(eq(claimLines.id, lineId));
    return { line: lineId, charge: line.chargeId, patient: line.patientId };
  });
}

/** Submit: the draft goes to the payer and is frozen. Refused while a line is flagged, or with none. */
export async function submitClaim(ctx: ServiceContext, claimId: string) {
  return changeClaim(ctx, claimId, 'claim.submit', async (tx) => {
    await lockDraft(tx, claimId);
    const [counts] = await tx
      .select({
        lines: sql<number>`count(*)::int`,
        flagged: sql<number>`(count(*) filter (where ${LINE_FLAGGED}))::int`,
      })
      .from(claimLines)
      .where(eq(claimLines.claimId, claimId));
    if (!counts || counts.lines === 0) throw conflict('CLAIM_EMPTY', M.emptyClaim);
    if (counts.flagged > 0) throw conflict('CLAIM_FLAGGED', M.flaggedLines);
    await tx
      .update(claims)
      .set({ status: 'submitted', submittedAt: ctx.now(), submittedBy: ctx.actor?.id ?? null })
      .where(eq(claims.id, claimId));
    return { lines: counts.lines };
  });
}

/**
 * Record Remittance for one line of a submitted claim: paid (the whole amount), part-paid (more
 * than nothing, less than claimed) or denied with the payer's reason. Once per line: the update
 * takes only a line without one, so a second answer, even at the same moment, is a 409.
 */
export async function recordRemittance(
  ctx: ServiceContext,
  claimId: string,
  lineId: string,
  input: RemittanceInput,
) {
  return changeClaim(ctx, claimId, 'claim.remittance', async (tx) => {
    const claim = await lockClaim(tx, claimId);
    const line = await lineOf(tx, claimId, lineId);
    if (claim.status === 'draft') throw conflict('CLAIM_DRAFT', M.notSubmitted);
    if (line.outcome) throw conflict('LINE_REMITTED', M.remitted);
    const paidAmount =
      input.outcome === 'paid' ? line.amount : input.outcome === 'denied' ? 0 : (input.paidAmount ?? 0);
    if (input.outcome === 'part-paid' && (paidAmount <= 0 || paidAmount >= line.amount))
      throw badRequest(M.paidRange, 'paidAmount');
    const [done] = await tx
      .update(claimLines)
      .set({
        outcome: input.outcome,
        paidAmount,
        denialReason: input.outcome === 'denied' ? input.reason : null,
        remittedAt: ctx.now(),
        remittedBy: ctx.actor?.id ?? null,
      })
      .where(and(eq(claimLines.id, lineId), isNull(claimLines.outcome)))
      .returning({ id: claimLines.id });
    if (!done) throw conflict('LINE_REMITTED', M.remitted);
    return { line: lineId, outcome: input.outcome, paidAmount, reason: input.reason };
  });
}

/**
 * Resubmit denied lines, corrected, in a new draft claim to the same payer for the same period.
 * Each names the line it resubmits (once: unique index) and the same charge, which must still be
 * active (share-locked, so a void waits and is then refused by the live line).
 */
export async function resubmitLines(ctx: ServiceContext, claimId: string, input: ResubmitInput) {
  const newId = await mapUnique(
    () =>
      ctx.db.transaction(async (tx) => {
        const txc = inTransaction(ctx, tx);
        const claim = await lockClaim(tx, claimId);
        const ids = input.lines.map((l) => l.lineId);
        const denied = await tx
          .select()
          .from(claimLines)
          .where(and(eq(claimLines.claimId, claimId), inArray(claimLines.id, ids)));
        const byId = new Map(denied.map((l) => [l.id, l]));
        const active = await tx
          .select({ id: charges.id })
          .from(charges)
          .where(
            and(
              inArray(
                charges.id,
                denied.map((l) => l.chargeId),
              ),
              eq(charges.status, 'active'),
            ),
          )
          .for('share');
        const activeIds = new Set(active.map((c) => c.id));
        const id = await newClaim(txc, claim);
        const values: Array<typeof claimLines.$inferInsert> = [];
        for (const [index, fix] of input.lines.entries()) {
          const line = byId.get(fix.lineId);
          if (!line) throw lineNotFound();
          if (line.outcome !== 'denied' || !activeIds.has(line.chargeId))
            throw badRequest(M.notDenied, `lines.${index}.lineId`);
          const diagnosis = await codedDiagnosis(
            txc,
            fix.diagnosisCode,
            null,
            `lines.${index}.diagnosisCode`,
          );
          const { id: _old, claimId: _claim, createdAt: _at, ...copied } = line;
          values.push({
            ...copied,
            claimId: id,
            diagnosisCode: diagnosis?.code ?? line.diagnosisCode,
            diagnosisTitle: diagnosis?.title ?? line.diagnosisTitle,
            preauthCode: fix.preauthCode ?? line.preauthCode,
            outcome: null,
            paidAmount: null,
            denialReason: null,
            remittedAt: null,
            remittedBy: null,
            resubmitsLineId: line.id,
            createdAt: ctx.now(),
          });
        }
        await tx.insert(claimLines).values(values);
        await refreshClaim(tx, id, ctx.now());
        await auditPatients(txc, id, 'claim.resubmit', { from: claim.number, lines: ids });
        return id;
      }),
    () => conflict('LINE_RESUBMITTED', M.alreadyResubmitted, 'lines'),
  );
  return readClaim(ctx, newId);
}
