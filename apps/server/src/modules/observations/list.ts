import { OBSERVATION_MESSAGES, type ObservationListQuery, type ObservationPage } from '@carepoint/contract';
import { desc, eq } from 'drizzle-orm';
import { observationSets, stays } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { listPage, matchingRows } from '../../lib/list';
import { setRows, toObservationSet } from './sets';

/** GET a stay's sets, newest first, a page at a time (observation_sets_stay_taken_idx). Audited. */
export async function listObservations(
  ctx: ServiceContext,
  stayId: string,
  query: ObservationListQuery,
): Promise<ObservationPage> {
  const [stay] = await ctx.db.select({ patientId: stays.patientId }).from(stays).where(eq(stays.id, stayId));
  if (!stay) throw notFoundWith(OBSERVATION_MESSAGES.stayNotFound);
  const ofStay = eq(observationSets.stayId, stayId);
  const page = await listPage(ctx, query, {
    rows: (select) => setRows(select).where(ofStay),
    order: [desc(observationSets.takenAt), desc(observationSets.id)],
    count: matchingRows(ctx.db).from(observationSets).where(ofStay),
    map: toObservationSet,
  });
  await audit(ctx, {
    action: 'observations.list',
    entityType: 'stay',
    entityId: stayId,
    patientId: stay.patientId,
    details: { page: query.page, observationSetIds: page.data.map((set) => set.id) },
  });
  return page;
}
