import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { serverDir } from '../server-dir';
import type * as schema from './schema';
import { codeSystemLoads, diagnosisCodes } from './schema';

/** Either database (client.ts's Database, named here so client.ts can import this file). */
type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/*
 * The shipped ICD-10-CM table (decision 0031) is loaded into diagnosis_codes right after the
 * migrations, on both databases: into the migrated templates too, so a test database (a copy
 * of one) starts with it at no cost. A start compares the loaded version (code_system_loads)
 * with the shipped file's and reloads only when they differ; the load is one transaction under
 * an advisory lock, so instances starting at once load it once and nobody sees half a table.
 */

export const ICD10CM_SYSTEM = 'icd-10-cm';
const LOAD_LOCK_KEY = 7_264_030;
const INSERT_BATCH = 5_000;

/** Where the table ships: the CDC's "code descriptions in tabular order" file, as published. */
const icd10cmFile = () => path.join(serverDir, 'code-systems', 'icd-10-cm.txt');

/**
 * ICD-10-CM's chapters by their first and last three-character category (chapter XXII, U00–U85,
 * sorts between T and V). Categories like "C4A" and "O9A" fall inside by byte order.
 */
const CHAPTERS: readonly (readonly [first: string, last: string, chapter: number])[] = [
  ['A00', 'B99', 1],
  ['C00', 'D49', 2],
  ['D50', 'D89', 3],
  ['E00', 'E89', 4],
  ['F01', 'F99', 5],
  ['G00', 'G99', 6],
  ['H00', 'H59', 7],
  ['H60', 'H95', 8],
  ['I00', 'I99', 9],
  ['J00', 'J99', 10],
  ['K00', 'K95', 11],
  ['L00', 'L99', 12],
  ['M00', 'M99', 13],
  ['N00', 'N99', 14],
  ['O00', 'O9A', 15],
  ['P00', 'P96', 16],
  ['Q00', 'Q99', 17],
  ['R00', 'R99', 18],
  ['S00', 'T88', 19],
  ['V00', 'Y99', 20],
  ['Z00', 'Z99', 21],
  ['U00', 'U85', 22],
];

const chapterOf = (category: string) => {
  const found = CHAPTERS.find(([first, last]) => category >= first && category <= last);
  if (!found) throw new Error(`ICD-10-CM category ${category} is in no chapter`);
  return found[2];
};

/** "E119" as FHIR and claims write it: "E11.9" (a dot after the category). */
const dottedCode = (compact: string) =>
  compact.length > 3 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;

export type DiagnosisCodeRow = typeof diagnosisCodes.$inferInsert;

/**
 * The rows of a codes file: one code a line, the code (no dot) padded to 8 columns, then its
 * title. The file lists the codes valid on a claim, so every row is billable.
 */
export function parseIcd10cm(text: string): DiagnosisCodeRow[] {
  const rows: DiagnosisCodeRow[] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (!line.trim()) continue;
    const match = /^([A-Z][0-9][0-9A-Z]{1,5})\s+(\S.*)$/.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`ICD-10-CM line ${index + 1} is not "CODE title": ${line}`);
    const category = match[1].slice(0, 3);
    rows.push({
      code: dottedCode(match[1]),
      title: match[2].trim(),
      billable: true,
      category,
      chapter: chapterOf(category),
    });
  }
  return rows;
}

export type CodeTable = { version: string; rows: () => DiagnosisCodeRow[] };

/** Raised when what a row holds changes (a new column, another parse): every database reloads. */
const ROWS_REVISION = 1;

/** The shipped table: its version is the file's digest, so any change to it reloads. */
export function shippedIcd10cm(file = icd10cmFile()): CodeTable {
  const text = fs.readFileSync(file, 'utf8');
  const version = `${ROWS_REVISION}:${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
  return { version, rows: () => parseIcd10cm(text) };
}

/** Loads the table when the loaded version differs: true when it loaded, false when already current. */
export async function loadDiagnosisCodes(
  db: Database,
  table: CodeTable = shippedIcd10cm(),
): Promise<boolean> {
  const current = async (executor: Pick<Database, 'select'>) => {
    const [row] = await executor
      .select({ version: codeSystemLoads.version })
      .from(codeSystemLoads)
      .where(eq(codeSystemLoads.system, ICD10CM_SYSTEM));
    return row?.version === table.version;
  };
  // The usual start: already loaded, one read and no lock.
  if (await current(db)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK_KEY})`);
    if (await current(tx)) return false;
    const rows = table.rows();
    await tx.delete(diagnosisCodes);
    for (let i = 0; i < rows.length; i += INSERT_BATCH) {
      await tx.insert(diagnosisCodes).values(rows.slice(i, i + INSERT_BATCH));
    }
    await tx
      .insert(codeSystemLoads)
      .values({ system: ICD10CM_SYSTEM, version: table.version, rowCount: rows.length })
      .onConflictDoUpdate({
        target: codeSystemLoads.system,
        set: { version: table.version, rowCount: rows.length, loadedAt: sql`now()` },
      });
    return true;
  });
}
