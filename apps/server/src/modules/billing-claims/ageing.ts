import { AGEING_BUCKETS, type AgeingBucket, type AgeingReport } from '@carepoint/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { claimLines, claims, payers } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';

const emptyBuckets = (): Record<AgeingBucket, number> => ({ '0-30': 0, '31-60': 0, '61-90': 0, '90+': 0 });

/**
 * What each payer still owes: the lines of its submitted claims with no remittance yet, by the
 * days since the claim was submitted (on the facility's calendar): 0–30, 31–60, 61–90, over 90.
 * A part-paid line's shortfall and a denied line are the payer's answer, not a debt; a denied
 * line resubmitted owes again on its new claim.
 */
export async function ageingReport(ctx: ServiceContext): Promise<AgeingReport> {
  const asOf = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const days = sql`(${asOf}::date - (${claims.submittedAt} at time zone ${ctx.config.TIME_ZONE})::date)`;
  const bucket = sql<AgeingBucket>`case when ${days} <= 30 then '0-30' when ${days} <= 60 then '31-60'
    when ${days} <= 90 then '61-90' else '90+' end`;
  const rows = await ctx.db
    .select({
      id: payers.id,
      name: payers.name,
      code: payers.code,
      bucket,
      owed: sql<number>`sum(${claimLines.amount})::bigint`.mapWith(Number),
    })
    .from(claimLines)
    .innerJoin(claims, eq(claims.id, claimLines.claimId))
    .innerJoin(payers, eq(payers.id, claims.payerId))
    .where(and(ne(claims.status, 'draft'), isNull(claimLines.outcome)))
    .groupBy(payers.id, payers.name, payers.code, sql`4`) // the bucket: its parameters differ from the select's
    .orderBy(payers.name);
  const byPayer = new Map<string, AgeingReport['payers'][number]>();
  const totals = emptyBuckets();
  for (const row of rows) {
    let payer = byPayer.get(row.id);
    if (!payer) {
      payer = { id: row.id, name: row.name, code: row.code, buckets: emptyBuckets(), total: 0 };
      byPayer.set(row.id, payer);
    }
    payer.buckets[row.bucket] += row.owed;
    payer.total += row.owed;
    totals[row.bucket] += row.owed;
  }
  // Sums per payer, no patient's data: recorded as a report read, not per patient.
  await audit(ctx, { action: 'claim.ageing', entityType: 'claim' });
  return {
    asOf,
    payers: [...byPayer.values()],
    totals,
    total: AGEING_BUCKETS.reduce((sum, b) => sum + totals[b], 0),
  };
}
