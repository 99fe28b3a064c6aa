import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The diagnosis codes doctors pick from (ICD-10-CM, decision 0031): reference data the loader
 * (db/code-systems.ts) replaces whole when the shipped table's version changes. Nothing refers
 * to a row by foreign key: a coded diagnosis keeps its own copy of the code and the title it had
 * when chosen, so a code retired by a later edition leaves the records that used it intact.
 */
export const diagnosisCodes = pgTable(
  'diagnosis_codes',
  {
    /** As written in FHIR and on claims, with its dot: "E11.9". */
    code: text().primaryKey(),
    /** Without the dot, upper case ("E119"): what a typed code is compared with. */
    codeCompact: text().notNull().generatedAlwaysAs(sql`replace(code, '.', '')`),
    title: text().notNull(),
    /** carepoint_fold(title) (decision 0013), the words a search matches. */
    titleFolded: text().notNull().generatedAlwaysAs(sql`carepoint_fold(title)`),
    /** Valid on a claim (a leaf of the classification). */
    billable: boolean().notNull(),
    /** The three-character category the code belongs to ("E11"). */
    category: text().notNull(),
    /** The classification's chapter, 1 to 22. */
    chapter: smallint().notNull(),
  },
  (t) => [
    // A typed code or its start: one range of this index, byte order.
    index('diagnosis_codes_compact_idx').on(sql`${t.codeCompact} collate "C"`),
    // Words of the title: each typed word must start a word (' ' || fold like '% word%').
    index('diagnosis_codes_title_trgm_idx').using('gin', sql`(' ' || ${t.titleFolded}) gin_trgm_ops`),
  ],
);

/** Which version of each shipped code table is loaded, so a start loads it only when it changed. */
export const codeSystemLoads = pgTable('code_system_loads', {
  system: text().primaryKey(),
  version: text().notNull(),
  rowCount: integer().notNull().default(0),
  loadedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
