import { createHash } from 'node:crypto';
import { saveMedicineSchema } from '@carepoint/contract';
import { eq, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';
import { codeSystemLoads, medicines } from './schema';
import { SHIPPED_FORMULARY } from './shipped-formulary';

/** Either database (client.ts's Database, named here so client.ts can import this file). */
type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/*
 * The shipped formulary (decision 0037) is added right after the migrations, as the laboratory
 * catalogue is (decision 0035), so a fresh install and every test database have it. It then
 * belongs to the hospital: a load only adds the shipped medicines the formulary lacks (same
 * generic, strength and form, whatever their case), never changes or removes one, and runs only
 * when the shipped list's digest differs from the one recorded.
 */

export const FORMULARY_SYSTEM = 'formulary';
const LOAD_LOCK_KEY = 7_264_037;

type Entry = (typeof SHIPPED_FORMULARY)[number];

const versionOf = (entries: readonly Entry[]) =>
  createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);

const keyOf = (m: { genericName: string; strength: string; form: string }) =>
  `${m.genericName.toLowerCase()}|${m.strength.toLowerCase()}|${m.form}`;

/** Adds the shipped medicines the formulary lacks: true when it loaded, false when this version already was. */
export async function loadFormulary(
  db: Database,
  entries: readonly Entry[] = SHIPPED_FORMULARY,
): Promise<boolean> {
  const version = versionOf(entries);
  const current = async (executor: Pick<Database, 'select'>) => {
    const [row] = await executor
      .select({ version: codeSystemLoads.version })
      .from(codeSystemLoads)
      .where(eq(codeSystemLoads.system, FORMULARY_SYSTEM));
    return row?.version === version;
  };
  if (await current(db)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK_KEY})`);
    if (await current(tx)) return false;
    const existing = await tx
      .select({ genericName: medicines.genericName, strength: medicines.strength, form: medicines.form })
      .from(medicines);
    const have = new Set(existing.map(keyOf));
    // Each shipped medicine passes the same rules as one typed on the screen.
    const missing = entries
      .map((entry) => saveMedicineSchema.parse(entry))
      .filter((e) => !have.has(keyOf(e)));
    if (missing.length > 0) await tx.insert(medicines).values(missing);
    await tx
      .insert(codeSystemLoads)
      .values({ system: FORMULARY_SYSTEM, version, rowCount: missing.length })
      .onConflictDoUpdate({
        target: codeSystemLoads.system,
        set: { version, rowCount: missing.length, loadedAt: sql`now()` },
      });
    return true;
  });
}
