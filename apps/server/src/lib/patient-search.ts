import { parseRecordNumber } from '@carepoint/contract';
import { and, asc, eq, ilike, not, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Tier } from './list';

/*
 * The one patient search (admin Patients, the doctor's Patient List and its export, the FHIR
 * Patient search's keys), fast at 1,000,000 patients for what a receptionist types
 * (docs/performance.md "Patient search", decision 0013). A term of letters (and spaces, hyphens,
 * apostrophes) is a name: each of its words must start a part of the patient's name, in any
 * order, accents and case ignored ("chi ade", "ade chi", "adebayo" all find Chioma Adébáyọ̀).
 * Its matches come in tiers, best first, each a range of one btree read in its own order that
 * stops after the page, however many patients match:
 *   1. "last first" starts with the term ("oka", "okafor ngo");
 *   2. "first last" starts with it ("ngo", "ngozi oka");
 *   3. two or more words in the other order: the last name starts with the first word and the
 *      first name with the second ("ade chi" for Chioma Adeyemi); then
 *   4. the reverse ("chi ade"); the second word is checked inside the index entries of the first's range;
 *   5. names of three or more parts whose other parts the words start ("jane" in Mary Jane Okafor),
 *      from a partial index of those names only.
 * Names and typed words go through the same database function, carepoint_fold() (migration 0021:
 * lower case, accents off, so "ọ" is "o"), so they always agree; the names' folds are stored.
 * Any other term (digits, "@", ".", "_") is an e-mail or phone fragment: found anywhere in the
 * e-mail, or as digits anywhere in the phone number, through the trigram indexes, in name order.
 * A record number ("CP-000123", in any case) is one too: the patient who holds it, through
 * users_record_number_unique (decision 0026), beside any e-mail that holds the text.
 */

/** The fold of names and typed words (migration 0021): lower case, accents off, hyphens as spaces. */
export const fold = (text: SQL | string) => sql`carepoint_fold(${text})`;

/**
 * "last first" and "first last" of the folded names (users.*_name_folded, kept by the database),
 * byte order: the expressions users_search_*_idx index.
 */
export const surnameFirstKey = sql`((${users.lastNameFolded} || ' ' || ${users.firstNameFolded}) collate "C")`;
export const firstNameFirstKey = sql`((${users.firstNameFolded} || ' ' || ${users.lastNameFolded}) collate "C")`;
/** Each folded name alone, byte order: users_family_given_idx and users_given_family_idx. */
export const familyKey = sql`(${users.lastNameFolded} collate "C")`;
export const givenKey = sql`(${users.firstNameFolded} collate "C")`;
/** The phone number's digits only, as users_phone_digits_trgm_idx indexes them. */
export const phoneDigits = sql`regexp_replace(${users.phone}, '\\D', '', 'g')`;

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
/**
 * `key` starts with `term` folded (LIKE's wildcards in it taken literally): a range of the key's
 * C-collated index. The fold of the parameter is computed once, when the statement is planned.
 */
export const startsWith = (key: SQL, term: string) => sql`${key} like ${fold(`${escapeLike(term)}%`)}`;

/** A name of three or more parts, the predicate of users_search_many_parts_idx (written as there). */
const manyParts = sql`(${users.firstNameFolded} || ' ' || ${users.lastNameFolded}) like '% % %'`;

/** The term as matched: trimmed, single spaces, lower case; undefined when empty. */
function normalizeTerm(q: string | undefined) {
  const term = q?.trim().replace(/\s+/g, ' ').toLowerCase();
  return term ? term : undefined;
}

/** Digits typed as a phone number (3 or more; a local leading 0 also matches +234…), or undefined. */
function phoneTerm(term: string) {
  if (!/^\+?[\d\s().-]+$/.test(term)) return undefined;
  const digits = term.replace(/\D/g, '');
  if (digits.length < 3) return undefined;
  return digits.length > 3 && digits.startsWith('0') ? digits.slice(1) : digits;
}

/** Letters of any script, spaces, hyphens and apostrophes: a name, matched by prefix. */
const NAME_TERM = /^[\p{L}\p{M}'’ -]+$/u;

/** The typed words as the fold splits them: at spaces and hyphens, apostrophes dropped. */
const wordsOf = (term: string) =>
  term
    .replace(/['’]/g, '')
    .split(/[\s-]+/)
    .filter(Boolean);

/** Every word starts some part of the name ("first last" folded, with a space before each part). */
const everyWordStartsAPart = (words: string[]) =>
  and(...words.map((word) => sql`(' ' || ${firstNameFirstKey}) like ${fold(`% ${escapeLike(word)}%`)}`));

/** The name tiers' own conditions (each also in an earlier tier is left to that one by tierConditions). */
function nameConditions(term: string): SQL[] {
  const words = wordsOf(term);
  const [first, second, ...more] = words;
  if (first === undefined) return [sql`false`];
  const conditions = [startsWith(surnameFirstKey, term), startsWith(firstNameFirstKey, term)];
  if (second !== undefined) {
    const others = more.length > 0 ? everyWordStartsAPart(words) : undefined;
    conditions.push(
      and(startsWith(familyKey, first), startsWith(givenKey, second), others) as SQL,
      and(startsWith(givenKey, first), startsWith(familyKey, second), others) as SQL,
    );
  }
  conditions.push(and(manyParts, everyWordStartsAPart(words)) as SQL);
  return conditions;
}

function tierConditions(term: string): SQL[] {
  if (NAME_TERM.test(term)) {
    // Tiers exclude each other: a patient is listed in the first that finds them.
    const conditions = nameConditions(term);
    return conditions.map((condition, i) => and(condition, ...conditions.slice(0, i).map(not)) as SQL);
  }
  if (term.length < 3) return [sql`false`];
  const phone = phoneTerm(term);
  const recordNumber = parseRecordNumber(term);
  return [
    or(
      ilike(users.email, `%${escapeLike(term)}%`),
      phone ? sql`${phoneDigits} like ${`%${phone}%`}` : undefined,
      recordNumber ? eq(users.recordNumber, recordNumber) : undefined,
    ) as SQL,
  ];
}

/** The name tiers' orders, each its index's: see the tiers above. */
const NAME_ORDERS = [
  [asc(surnameFirstKey), asc(users.id)],
  [asc(firstNameFirstKey), asc(users.id)],
  [asc(familyKey), asc(givenKey), asc(users.id)],
  [asc(givenKey), asc(familyKey), asc(users.id)],
  [asc(surnameFirstKey), asc(users.id)],
];

/** Any patient the term finds (for explicit sorts and the export); undefined without a term. */
export function patientMatches(q: string | undefined): SQL | undefined {
  const term = normalizeTerm(q);
  if (!term) return undefined;
  // Without the tiers' exclusions: each alternative stays a range of its own index.
  return or(...(NAME_TERM.test(term) ? nameConditions(term) : tierConditions(term)));
}

/** The search's tiers on top of the list's other conditions, each in its index's name order. */
export function patientSearchTiers(q: string | undefined, base: SQL | undefined): Tier[] | undefined {
  const term = normalizeTerm(q);
  if (!term) return undefined;
  const conditions = tierConditions(term);
  // A fragment (one tier) is listed in name order, as the list is without a search.
  const orders =
    conditions.length === 1 ? [[asc(users.lastName), asc(users.firstName), asc(users.id)]] : NAME_ORDERS;
  return conditions.map((where, i) => ({ where: and(base, where), order: orders[i] ?? [] }));
}
