import { toLocalDateTime } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import { yearlySequences } from '../db/schema';
import type { ServiceContext } from './context';

/**
 * The next number of a yearly sequence ("DX-2026-000042"). One atomic upsert takes it: parallel
 * callers get distinct, consecutive numbers. Called inside the transaction that stores the record,
 * a rolled-back insert returns its number; a committed one keeps it for good, even if the record
 * is deleted later. The year is the facility's (TIME_ZONE), read from the context's clock.
 */
export async function nextYearlyNumber(
  ctx: ServiceContext,
  scope: string,
): Promise<{ year: number; number: number }> {
  const year = Number(toLocalDateTime(ctx.now(), ctx.config.TIME_ZONE).date.slice(0, 4));
  const [row] = await ctx.db
    .insert(yearlySequences)
    .values({ scope, year, last: 1 })
    .onConflictDoUpdate({
      target: [yearlySequences.scope, yearlySequences.year],
      set: { last: sql`${yearlySequences.last} + 1` },
    })
    .returning({ last: yearlySequences.last });
  if (!row) throw new Error(`No number for sequence ${scope}`);
  return { year, number: row.last };
}

/** "PREFIX-YYYY-NNNNNN": sorts as text in the order given, up to a million a year. */
export const formatYearlyNumber = (prefix: string, { year, number }: { year: number; number: number }) =>
  `${prefix}-${year}-${String(number).padStart(6, '0')}`;
