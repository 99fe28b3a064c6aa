import { createHash } from 'node:crypto';
import { saveLabTestSchema } from '@carepoint/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';
import { codeSystemLoads, labPanelMembers, labReferenceRanges, labTests } from './schema';
import { SHIPPED_LAB_CATALOGUE, type ShippedLabTest } from './shipped-lab-catalogue';

/** Either database (client.ts's Database, named here so client.ts can import this file). */
type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/*
 * The shipped laboratory catalogue (decision 0035) is added right after the migrations, like the
 * ICD-10-CM table (code-systems.ts), so a fresh install (and every test database, a copy of the
 * migrated template) has it. Unlike a code table it then belongs to the administrator: a load
 * only ever adds the shipped entries whose code the catalogue lacks, and never changes or removes
 * a row. It runs when the shipped list's digest differs from the one recorded, so an
 * administrator's edits (or a removed code coming back) are left alone between releases.
 */

export const LAB_CATALOGUE_SYSTEM = 'lab-catalogue';
const LOAD_LOCK_KEY = 7_264_035;

const shippedLabCatalogueVersion = (entries: readonly ShippedLabTest[] = SHIPPED_LAB_CATALOGUE) =>
  createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 16);

/** A shipped entry as the save schema reads it: the same rules as one typed on the screen. */
function validated(entry: ShippedLabTest) {
  const kind = entry.members ? 'panel' : 'test';
  return saveLabTestSchema.parse({
    code: entry.code,
    name: entry.name,
    loincCode: entry.loincCode,
    kind,
    specimenType: entry.specimenType,
    container: entry.container,
    resultType: entry.result?.type ?? null,
    unit: entry.result?.unit ?? null,
    decimals: entry.result?.decimals ?? null,
    choices: entry.result?.choices ?? [],
    abnormalChoices: entry.result?.abnormal ?? [],
    turnaroundMinutes: entry.turnaroundMinutes,
    price: entry.price,
    ranges: entry.ranges ?? [],
    // Members are named by code and found below; the schema counts them by stand-in ids.
    memberIds: (entry.members ?? []).map((_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
  });
}

/**
 * Adds the shipped entries whose code is not in the catalogue: true when it loaded, false when
 * this version was already loaded. A shipped panel is added only with its member tests.
 */
export async function loadLabCatalogue(
  db: Database,
  entries: readonly ShippedLabTest[] = SHIPPED_LAB_CATALOGUE,
): Promise<boolean> {
  const version = shippedLabCatalogueVersion(entries);
  const current = async (executor: Pick<Database, 'select'>) => {
    const [row] = await executor
      .select({ version: codeSystemLoads.version })
      .from(codeSystemLoads)
      .where(eq(codeSystemLoads.system, LAB_CATALOGUE_SYSTEM));
    return row?.version === version;
  };
  if (await current(db)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK_KEY})`);
    if (await current(tx)) return false;
    const existing = await tx
      .select({ id: labTests.id, code: sql<string>`lower(${labTests.code})`, kind: labTests.kind })
      .from(labTests)
      .where(
        inArray(
          sql`lower(${labTests.code})`,
          entries.map((e) => e.code.toLowerCase()),
        ),
      );
    const byCode = new Map(existing.map((row) => [row.code, row]));
    let added = 0;
    // Tests first, so every panel finds its members.
    const ordered = [...entries].sort((a, b) => Number(Boolean(a.members)) - Number(Boolean(b.members)));
    for (const entry of ordered) {
      if (byCode.has(entry.code.toLowerCase())) continue;
      const members = (entry.members ?? []).map((code) => byCode.get(code.toLowerCase()));
      if (members.some((m) => m?.kind !== 'test')) continue;
      const { ranges, memberIds: _placeholders, ...fields } = validated(entry);
      const [row] = await tx
        .insert(labTests)
        .values(fields)
        .returning({ id: labTests.id, kind: labTests.kind });
      if (!row) throw new Error(`lab test ${entry.code} not added`);
      byCode.set(entry.code.toLowerCase(), { id: row.id, code: entry.code.toLowerCase(), kind: row.kind });
      if (ranges.length > 0)
        await tx.insert(labReferenceRanges).values(ranges.map((r) => ({ ...r, testId: row.id })));
      const memberIds = members.flatMap((m) => (m ? [m.id] : []));
      if (memberIds.length > 0)
        await tx
          .insert(labPanelMembers)
          .values(memberIds.map((testId, position) => ({ panelId: row.id, testId, position })));
      added += 1;
    }
    await tx
      .insert(codeSystemLoads)
      .values({ system: LAB_CATALOGUE_SYSTEM, version, rowCount: added })
      .onConflictDoUpdate({
        target: codeSystemLoads.system,
        set: { version, rowCount: added, loadedAt: sql`now()` },
      });
    return true;
  });
}
