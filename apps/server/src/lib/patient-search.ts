import { and, asc, ilike, not, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Tier } from './list';
import { fullNameOf } from './people';

/*
 * The one patient search (admin Patients, the doctor's Patient List and its export), fast at
 * 1,000,000 patients for what a receptionist types. Matches come in tiers, best first (README
 * "Patient search"):
 *   1. the surname starts with the term ("oka", "okafor ngo");
 *   2. the first name starts with it ("ngo", "ngozi oka");
 *   3. 3+ characters anywhere in the name or e-mail, or 3+ digits anywhere in the phone number.
 * Tiers 1 and 2 read a btree in their own order (surname first, first name first) and stop after
 * the page; tier 3 goes through the trigram indexes. Each tier is in name order; tiers exclude
 * each other. Terms of 1–2 characters match name prefixes only.
 */

/** "last first" and "first last", lower case, byte order: the expressions users_search_*_idx index. */
export const surnameFirstKey = sql`(lower(${users.lastName} || ' ' || ${users.firstName}) collate "C")`;
export const firstNameFirstKey = sql`(lower(${users.firstName} || ' ' || ${users.lastName}) collate "C")`;
/** The phone number's digits only, as users_phone_digits_trgm_idx indexes them. */
const phoneDigits = sql`regexp_replace(${users.phone}, '\\D', '', 'g')`;

const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);
const startsWith = (key: SQL, term: string) => sql`${key} like ${`${escapeLike(term)}%`}`;

/** The term as matched: trimmed, single spaces, lower case; undefined when empty. */
export function normalizeTerm(q: string | undefined) {
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

function tierConditions(term: string): SQL[] {
  const surname = startsWith(surnameFirstKey, term);
  const firstName = startsWith(firstNameFirstKey, term);
  const conditions = [surname, and(firstName, not(surname)) as SQL];
  if (term.length >= 3) {
    const pattern = `%${escapeLike(term)}%`;
    const phone = phoneTerm(term);
    const anywhere = or(
      ilike(fullNameOf, pattern),
      ilike(users.email, pattern),
      phone ? sql`${phoneDigits} like ${`%${phone}%`}` : undefined,
    );
    conditions.push(and(anywhere, not(surname), not(firstName)) as SQL);
  }
  return conditions;
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
    [asc(surnameFirstKey), asc(users.id)],
  ];
  return tierConditions(term).map((where, i) => ({ where: and(base, where), order: orders[i] ?? [] }));
}
