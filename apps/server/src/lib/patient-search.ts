import { and, asc, ilike, not, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Tier } from './list';

/*
 * The one patient search (admin Patients, the doctor's Patient List and its export), fast at
 * 1,000,000 patients for what a receptionist types (docs/performance.md "Patient search"). A term of letters
 * (and spaces, hyphens, apostrophes) is a name; its matches come in two tiers, best first:
 *   1. "last first" starts with the term ("oka", "okafor ngo");
 *   2. "first last" starts with it ("ngo", "ngozi oka").
 * Each reads a btree in its own order and stops after the page, however many patients match.
 * Any other term (digits, "@", ".", "_") is an e-mail or phone fragment: found anywhere in the
 * e-mail, or as digits anywhere in the phone number, through the trigram indexes, in name order.
 */

/** "last first" and "first last", lower case, byte order: the expressions users_search_*_idx index. */
export const surnameFirstKey = sql`(lower(${users.lastName} || ' ' || ${users.firstName}) collate "C")`;
export const firstNameFirstKey = sql`(lower(${users.firstName} || ' ' || ${users.lastName}) collate "C")`;
/** The phone number's digits only, as users_phone_digits_trgm_idx indexes them. */
export const phoneDigits = sql`regexp_replace(${users.phone}, '\\D', '', 'g')`;

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `key` starts with `term` (LIKE's wildcards in it taken literally): a range of the key's C-collated index. */
export const startsWith = (key: SQL, term: string) => sql`${key} like ${`${escapeLike(term)}%`}`;

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
const NAME_TERM = /^[\p{L}\p{M}' -]+$/u;

function tierConditions(term: string): SQL[] {
  if (NAME_TERM.test(term)) {
    const surname = startsWith(surnameFirstKey, term);
    return [surname, and(startsWith(firstNameFirstKey, term), not(surname)) as SQL];
  }
  if (term.length < 3) return [sql`false`];
  const phone = phoneTerm(term);
  return [
    or(
      ilike(users.email, `%${escapeLike(term)}%`),
      phone ? sql`${phoneDigits} like ${`%${phone}%`}` : undefined,
    ) as SQL,
  ];
}

/** Any patient the term finds (for explicit sorts and the export); undefined without a term. */
export function patientMatches(q: string | undefined): SQL | undefined {
  const term = normalizeTerm(q);
  return term ? or(...tierConditions(term)) : undefined;
}

/** The search's tiers on top of the list's other conditions, each in its index's name order. */
export function patientSearchTiers(q: string | undefined, base: SQL | undefined): Tier[] | undefined {
  const term = normalizeTerm(q);
  if (!term) return undefined;
  const orders = [
    [asc(surnameFirstKey), asc(users.id)],
    [asc(firstNameFirstKey), asc(users.id)],
  ];
  const conditions = tierConditions(term);
  // A fragment (one tier) is listed in name order, as the list is without a search.
  if (conditions.length === 1) orders[0] = [asc(users.lastName), asc(users.firstName), asc(users.id)];
  return conditions.map((where, i) => ({ where: and(base, where), order: orders[i] ?? [] }));
}
