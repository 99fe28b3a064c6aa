import {
  type CodedDiagnosis,
  DIAGNOSIS_CODE_MESSAGES,
  type DiagnosisCode,
  type DiagnosisCodePage,
  type DiagnosisCodeSearch,
  diagnosisCodeSearchSchema,
  paginate,
} from '@carepoint/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { diagnosisCodes } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';

/*
 * The diagnosis code search behind the picker (decision 0031). Matches come in tiers, best first:
 *   0. the code typed exactly ("e11.9", "E119");
 *   1. codes that start with what was typed ("E11", "e11.6");
 *   2. titles that start with the words as typed ("type 2 diabetes"), then
 *   3. titles that hold them in that order at a word's start, then
 *   4. titles that have them in any order; in every title tier each typed word must start a
 *      word of the title, accents and case ignored (carepoint_fold, as the patient search:
 *      decision 0013), so "2" finds "Stage 2" but ranks it after "Type 2 diabetes…".
 * Within a tier, codes in their classification order. Code tiers read diagnosis_codes_compact_idx,
 * title tiers the trigram index on the folded title.
 */

const MAX_WORDS = 8;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const fold = (text: string) => sql`carepoint_fold(${text})`;
/** What a typed code is compared with: upper case, no dot (code_compact). */
const codeTermOf = (q: string) =>
  /^[A-Za-z][0-9A-Za-z.]{0,7}$/.test(q) ? q.replace(/\./g, '').toUpperCase() : undefined;
const wordsOf = (q: string) =>
  q
    .split(/[\s,;/()-]+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS);

const compact = sql`(${diagnosisCodes.codeCompact} collate "C")`;
const paddedTitle = sql`(' ' || ${diagnosisCodes.titleFolded})`;

function rankOf(q: string): { where: SQL; rank: SQL } | undefined {
  const codeTerm = codeTermOf(q);
  const words = wordsOf(q);
  const titleMatch = words.length
    ? and(...words.map((word) => sql`${paddedTitle} like ${fold(`% ${escapeLike(word)}%`)}`))
    : undefined;
  const codeExact = codeTerm ? sql`${compact} = ${codeTerm}` : undefined;
  const codePrefix = codeTerm ? sql`${compact} like ${`${escapeLike(codeTerm)}%`}` : undefined;
  // The words as typed, in order: the phrase a title may start with or hold.
  const phrase = escapeLike(words.join(' '));
  const phraseStarts = words.length
    ? sql`${diagnosisCodes.titleFolded} like ${fold(`${phrase}%`)}`
    : sql`false`;
  const phraseInside = words.length ? sql`${paddedTitle} like ${fold(`% ${phrase}%`)}` : sql`false`;
  const conditions = [codePrefix, titleMatch].filter((c): c is SQL => c !== undefined);
  if (!conditions.length) return undefined;
  return {
    where: conditions.length === 1 ? (conditions[0] as SQL) : sql`(${sql.join(conditions, sql` or `)})`,
    rank: sql`case
      when ${codeExact ?? sql`false`} then 0
      when ${codePrefix ?? sql`false`} then 1
      when ${phraseStarts} then 2
      when ${phraseInside} then 3
      else 4 end`,
  };
}

/** One page of the codes matching `q`, best first; an empty search finds nothing. */
export async function searchDiagnosisCodes(
  ctx: ServiceContext,
  input: DiagnosisCodeSearch,
): Promise<DiagnosisCodePage> {
  const query = diagnosisCodeSearchSchema.parse(input);
  const ranked = query.q ? rankOf(query.q) : undefined;
  if (!ranked) return { data: [], pagination: paginate(query.page, query.limit, 0) };
  const rows = await ctx.db
    .select({
      code: diagnosisCodes.code,
      title: diagnosisCodes.title,
      billable: diagnosisCodes.billable,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(diagnosisCodes)
    .where(ranked.where)
    .orderBy(ranked.rank, compact)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = rows[0]?.total ?? 0;
  return {
    data: rows.map(({ code, title, billable }) => ({ code, title, billable })),
    pagination: paginate(query.page, query.limit, total),
  };
}

/** The codes that exist among `codes`, with their titles (a form's choice is checked against them). */
async function findDiagnosisCodes(ctx: ServiceContext, codes: readonly string[]): Promise<DiagnosisCode[]> {
  if (!codes.length) return [];
  return ctx.db
    .select({ code: diagnosisCodes.code, title: diagnosisCodes.title, billable: diagnosisCodes.billable })
    .from(diagnosisCodes)
    .where(
      codes.length === 1
        ? eq(diagnosisCodes.code, codes[0] as string)
        : inArray(diagnosisCodes.code, [...codes]),
    );
}

/**
 * A form's coded diagnosis: the chosen code with the classification's title, or null for none. A
 * code kept unchanged on an edit keeps the title it was saved with (a later edition may have
 * retired or reworded it); a new one must be in the loaded table (else 400 on `field`).
 */
export async function codedDiagnosis(
  ctx: ServiceContext,
  code: string | null,
  saved?: CodedDiagnosis | null,
  field = 'diagnosisCode',
): Promise<CodedDiagnosis | null> {
  if (!code) return null;
  if (saved?.code === code) return saved;
  const [found] = await findDiagnosisCodes(ctx, [code]);
  if (!found) throw badRequest(DIAGNOSIS_CODE_MESSAGES.unknownCode, field);
  return { code: found.code, title: found.title };
}
