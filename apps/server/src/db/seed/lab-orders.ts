import { count } from 'drizzle-orm';
import { labTests } from '../schema';
import type { SeedContext } from './context';

/**
 * A stopgap catalogue so lab orders can be tried before the shipped catalogue lands (the
 * catalogue slice, modules/lab-catalogue, replaces this): two tests in two containers, with
 * their LOINC codes (2823-3 Potassium [Moles/volume] in Serum or Plasma; 718-7 Hemoglobin
 * [Mass/volume] in Blood). Nothing is added when the catalogue already has entries.
 */
export async function seedLabOrderCatalogue(ctx: SeedContext) {
  const [row] = await ctx.db.select({ n: count() }).from(labTests);
  if ((row?.n ?? 0) > 0) return;
  await ctx.db.insert(labTests).values([
    {
      code: 'K',
      name: 'Potassium',
      loincCode: '2823-3',
      kind: 'test',
      specimenType: 'SER',
      container: 'Plain (red top)',
      resultType: 'quantity',
      unit: 'mmol/L',
      decimals: 1,
      turnaroundMinutes: 120,
      price: 350_000,
    },
    {
      code: 'HB',
      name: 'Haemoglobin',
      loincCode: '718-7',
      kind: 'test',
      specimenType: 'BLD',
      container: 'EDTA (purple top)',
      resultType: 'quantity',
      unit: 'g/dL',
      decimals: 1,
      turnaroundMinutes: 60,
      price: 250_000,
    },
  ]);
}
