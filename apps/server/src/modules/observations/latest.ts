import type { LatestNews2 } from '@carepoint/contract';
import { type AnyColumn, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { observationSets, stays } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

/**
 * The newest observation set of the stay whose key is `stayId` (a column of the outer query), as
 * a subquery to join LATERAL: one short descent of observation_sets_stay_taken_idx per stay,
 * whatever the planner's statistics say (the embedded database gathers none: it has no
 * autovacuum). The ward board joins it to each bed's open stay in its one query.
 */
export const newestNews2 = (db: Executor, stayId: AnyColumn) =>
  db
    .select({ score: observationSets.score, risk: observationSets.risk, takenAt: observationSets.takenAt })
    .from(observationSets)
    .where(eq(observationSets.stayId, stayId))
    .orderBy(desc(observationSets.takenAt), desc(observationSets.id))
    .limit(1)
    .as('newest_news2');

/**
 * The newest NEWS2 of each stay asked for, in one statement: each stay (by its key) joined
 * LATERAL to its newest set (newestNews2). Stays without a set are absent from the map. Not
 * audited: the caller (the handover list) audits its own read.
 */
export async function latestNews2(
  ctx: Pick<ServiceContext, 'db'>,
  stayIds: readonly string[],
): Promise<Map<string, LatestNews2>> {
  if (stayIds.length === 0) return new Map();
  const newest = newestNews2(ctx.db, stays.id);
  const rows = await ctx.db
    .select({ stayId: stays.id, score: newest.score, risk: newest.risk, takenAt: newest.takenAt })
    .from(stays)
    .innerJoinLateral(newest, sql`true`)
    .where(inArray(stays.id, [...new Set(stayIds)]));
  return new Map(
    rows.map((row) => [row.stayId, { score: row.score, risk: row.risk, takenAt: row.takenAt.toISOString() }]),
  );
}
