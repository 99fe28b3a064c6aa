import type { LatestNews2 } from '@carepoint/contract';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { observationSets, stays } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';

/**
 * The newest NEWS2 of each stay asked for, in one statement: each stay (by its key) joined
 * LATERAL to its newest set, read down observation_sets_stay_taken_idx (one short index descent
 * per stay, so a ward board of 30 beds stays cheap). Stays without a set are absent from the map.
 * Not audited: the caller (the ward board) audits its own read.
 */
export async function latestNews2(
  ctx: Pick<ServiceContext, 'db'>,
  stayIds: readonly string[],
): Promise<Map<string, LatestNews2>> {
  if (stayIds.length === 0) return new Map();
  const newest = ctx.db
    .select({ score: observationSets.score, risk: observationSets.risk, takenAt: observationSets.takenAt })
    .from(observationSets)
    .where(eq(observationSets.stayId, stays.id))
    .orderBy(desc(observationSets.takenAt), desc(observationSets.id))
    .limit(1)
    .as('newest');
  const rows = await ctx.db
    .select({ stayId: stays.id, score: newest.score, risk: newest.risk, takenAt: newest.takenAt })
    .from(stays)
    .innerJoinLateral(newest, sql`true`)
    .where(inArray(stays.id, [...new Set(stayIds)]));
  return new Map(
    rows.map((row) => [row.stayId, { score: row.score, risk: row.risk, takenAt: row.takenAt.toISOString() }]),
  );
}
