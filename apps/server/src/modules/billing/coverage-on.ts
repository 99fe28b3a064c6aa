import { and, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
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

/** One question to coveragesOn: the patient, and the facility date of the care. */
export interface CoverageAsk {
  patientId: string;
  at: string;
}

/**
 * The coverage in force for each (patient, day) asked, in one read whatever their number (a stay's
 * nights, a dispense's items): the patient's coverage valid on the facility date `at` with an
 * active payer, or null (the care is self-pay). Two valid on the same day: the one that started
 * last (the newer card).
 */
export async function coveragesOn(
  db: Executor,
  asks: readonly CoverageAsk[],
): Promise<Array<CoverageInForce | null>> {
  if (asks.length === 0) return [];
  const dates = asks.map((ask) => ask.at).sort();
  const rows = await db
    .select({
      id: coverages.id,
      patientId: coverages.patientId,
      payerId: coverages.payerId,
      memberNumber: coverages.memberNumber,
      shareKind: coverages.shareKind,
      shareBp: coverages.shareBp,
      copayAmount: coverages.copayAmount,
      validFrom: coverages.validFrom,
      validTo: coverages.validTo,
    })
    .from(coverages)
    .innerJoin(payers, eq(payers.id, coverages.payerId))
    .where(
      and(
        inArray(coverages.patientId, [...new Set(asks.map((ask) => ask.patientId))]),
        eq(payers.active, true),
        lte(coverages.validFrom, dates[dates.length - 1] ?? ''),
        or(isNull(coverages.validTo), gte(coverages.validTo, dates[0] ?? '')),
      ),
    )
    .orderBy(desc(coverages.validFrom), desc(coverages.createdAt));
  return asks.map((ask) => {
    const row = rows.find(
      (r) =>
        r.patientId === ask.patientId && r.validFrom <= ask.at && (r.validTo === null || r.validTo >= ask.at),
    );
    if (!row) return null;
    const { patientId: _patient, validFrom: _from, validTo: _to, ...inForce } = row;
    return inForce;
  });
}

/** The patient's coverage in force on the facility date `at`, or null (self-pay): coveragesOn's rule. */
export async function coverageOn(
  db: Executor,
  patientId: string,
  at: string,
): Promise<CoverageInForce | null> {
  const [inForce] = await coveragesOn(db, [{ patientId, at }]);
  return inForce ?? null;
}
