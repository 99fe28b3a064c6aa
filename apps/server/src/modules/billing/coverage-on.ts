import { and, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coverages, payers } from '../../db/schema';

/*
 * The coverage that pays for a patient's care on a day (docs/areas/billing-coverage.md). The
 * charges ask it once each; the screens ask it to warn before care is charged to a coverage that
 * has expired.
 */

export type CoverageInForce = Pick<
  typeof coverages.$inferSelect,
  'id' | 'payerId' | 'memberNumber' | 'shareKind' | 'shareBp' | 'copayAmount'
>;

/**
 * The patient's coverage valid on the facility date `at` with an active payer, or null (the care
 * is self-pay). Two valid on the same day: the one that started last (the newer card).
 */
export async function coverageOn(
  db: Executor,
  patientId: string,
  at: string,
): Promise<CoverageInForce | null> {
  const [row] = await db
    .select({
      id: coverages.id,
      payerId: coverages.payerId,
      memberNumber: coverages.memberNumber,
      shareKind: coverages.shareKind,
      shareBp: coverages.shareBp,
      copayAmount: coverages.copayAmount,
    })
    .from(coverages)
    .innerJoin(payers, eq(payers.id, coverages.payerId))
    .where(
      and(
        eq(coverages.patientId, patientId),
        eq(payers.active, true),
        lte(coverages.validFrom, at),
        or(isNull(coverages.validTo), gte(coverages.validTo, at)),
      ),
    )
    .orderBy(desc(coverages.validFrom), desc(coverages.createdAt))
    .limit(1);
  return row ?? null;
}
