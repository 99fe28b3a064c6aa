import { CLAIM_MESSAGES, type GenerateClaimInput } from '@carepoint/contract';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { claimLines, claims, payers } from '../../db/schema';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict } from '../../lib/errors';
import { formatYearlyNumber, nextYearlyNumber } from '../../lib/sequences';
import { auditPatients } from './audit';
import { claimSummary } from './read';

const M = CLAIM_MESSAGES;

/**
 * The diagnosis a line takes from its encounter, as `(code, title)` of one source: a stay's
 * signed discharge summary's principal diagnosis, else its admission diagnosis; an appointment's
 * prescription's (the visit's) coded diagnosis, the latest. Null when the care has none coded:
 * the line is flagged for the cashier to code it.
 */
const DIAGNOSIS_SOURCE = sql`
  left join lateral (
    select ds.principal_code as code, ds.principal_title as title from discharge_summaries ds
      where ds.stay_id = c.stay_id and ds.signed_at is not null
        and ds.principal_code is not null and ds.principal_title is not null
    union all
    select s.diagnosis_code, s.diagnosis_title from stays s
      where s.id = c.stay_id and s.diagnosis_code is not null
    union all
    select * from (
      select p.diagnosis_code, p.diagnosis_title from prescriptions p
        where p.appointment_id = c.appointment_id and p.diagnosis_code is not null
        order by p.created_at desc limit 1) latest
    limit 1
  ) dx on true`;

/**
 * Puts every unclaimed covered charge of the payer in the period on the claim, in one statement
 * inside the database (a month of 5,000 encounters never passes through the server's memory).
 * Unclaimed: no claim line names it (a denied line's charge goes back only by Resubmit). The
 * charges are share-locked, so a void waits for this claim and is then refused; a generation
 * racing this one waits on the live-line index and skips what this one took.
 */
async function insertLines(db: Executor, claimId: string, input: GenerateClaimInput) {
  const result = (await db.execute(sql`
    with added as (insert into ${claimLines} (claim_id, charge_id, patient_id, coverage_id, member_number,
      appointment_id, stay_id, care_date, quantity, unit_price, amount,
      diagnosis_code, diagnosis_title, preauth_required, preauth_code)
    select ${claimId}, c.id, c.patient_id, c.coverage_id, cov.member_number,
      c.appointment_id, c.stay_id, c.care_date, c.quantity, c.unit_price, c.payer_amount,
      dx.code, dx.title, c.preauth_required, c.preauth_code
    from charges c
    join coverages cov on cov.id = c.coverage_id
    ${DIAGNOSIS_SOURCE}
    where c.payer_id = ${input.payerId} and c.status = 'active' and c.payer_amount > 0
      and c.care_date between ${input.periodFrom} and ${input.periodTo}
      and not exists (select 1 from claim_lines l where l.charge_id = c.id)
    for share of c
    on conflict (charge_id) where outcome is null or outcome <> 'denied' do nothing
    returning 1)
    select count(*)::int as n from added`)) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]?.n ?? 0);
}

/** Whether a line cannot go to the payer as it is: a required pre-auth code or the diagnosis missing. */
export const LINE_FLAGGED = sql`((${claimLines.preauthRequired} and ${claimLines.preauthCode} is null) or ${claimLines.diagnosisCode} is null)`;

/**
 * The claim's counts and totals from its lines, and its status from their remittance (every
 * line remitted: settled; some: part-settled). Called after every change, with the claim locked.
 */
export async function refreshClaim(db: Executor, claimId: string, now: Date) {
  await db.execute(sql`
    update ${claims} set
      line_count = t.lines, flagged_count = t.flagged, total_claimed = t.claimed, total_paid = t.paid,
      status = case when ${claims.status} = 'draft' then 'draft'::claim_status
        when t.remitted = 0 then 'submitted'::claim_status
        when t.remitted = t.lines then 'settled'::claim_status
        else 'part-settled'::claim_status end,
      updated_at = ${now}
    from (select count(*)::int as lines,
            (count(*) filter (where ${LINE_FLAGGED}))::int as flagged,
            coalesce(sum(${claimLines.amount}), 0)::bigint as claimed,
            coalesce(sum(${claimLines.paidAmount}), 0)::bigint as paid,
            (count(*) filter (where ${claimLines.outcome} is not null))::int as remitted
          from ${claimLines} where ${claimLines.claimId} = ${claimId}) t
    where ${claims.id} = ${claimId}`);
}

/** A new draft claim row for the payer and period, numbered CLM-YYYY-NNNNNN. */
export async function newClaim(
  ctx: ServiceContext,
  { payerId, periodFrom, periodTo }: Pick<GenerateClaimInput, 'payerId' | 'periodFrom' | 'periodTo'>,
) {
  const number = formatYearlyNumber('CLM', await nextYearlyNumber(ctx, 'claim'));
  const [row] = await ctx.db
    .insert(claims)
    .values({
      payerId,
      periodFrom,
      periodTo,
      number,
      createdBy: ctx.actor?.id ?? null,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    })
    .returning({ id: claims.id });
  if (!row) throw new Error('claim not created');
  return row.id;
}

/**
 * New Claim: NHIA or an HMO, a period; 409 when nothing in it is left to claim. Answers the
 * claim's summary (a month's claim may hold thousands of lines: the screen then reads it).
 */
export async function generateClaim(ctx: ServiceContext, input: GenerateClaimInput) {
  const [payer] = await ctx.db.select().from(payers).where(eq(payers.id, input.payerId));
  if (!payer) throw badRequest(M.payerRequired, 'payerId');
  if (payer.kind === 'self-pay') throw badRequest(M.payerNotClaimable, 'payerId');
  const id = await ctx.db.transaction(async (tx) => {
    const txc = inTransaction(ctx, tx);
    const claimId = await newClaim(txc, input);
    const added = await insertLines(tx, claimId, input);
    if (added === 0) throw conflict('NOTHING_TO_CLAIM', M.nothingToClaim, 'periodTo');
    await refreshClaim(tx, claimId, ctx.now());
    await auditPatients(txc, claimId, 'claim.generate', {
      payer: payer.name,
      periodFrom: input.periodFrom,
      periodTo: input.periodTo,
      lines: added,
    });
    return claimId;
  });
  return claimSummary(ctx.db, id);
}
