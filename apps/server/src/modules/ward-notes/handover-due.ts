import type { HandoverDue, HandoverPatient } from '@carepoint/contract';
import type { ServiceContext } from '../../lib/context';
import { doseCounts } from '../medication-round';
import { latestNews2 } from '../observations';

/**
 * What is due on the ward, for the handover's "What is due" section: each patient's latest NEWS2
 * (observations) and doses due and overdue (medication round), read through those modules'
 * public surfaces in two statements for the whole ward.
 */
export async function handoverDue(
  ctx: ServiceContext,
  _wardId: string,
  patients: readonly HandoverPatient[],
): Promise<HandoverDue> {
  const stayIds = patients.map((p) => p.stayId);
  const [scores, doses] = await Promise.all([latestNews2(ctx, stayIds), doseCounts(ctx, stayIds)]);
  return {
    patients: stayIds.map((stayId) => ({
      stayId,
      news2: scores.get(stayId) ?? null,
      doses: doses.get(stayId) ?? { due: 0, overdue: 0 },
    })),
  };
}
