import { parseRecordNumber } from '@carepoint/contract';
import type { Patient } from '@medplum/fhirtypes';
import { and, eq, not, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { matchingRows, type Tier, tieredWindow, type Window } from '../../lib/list';
import {
  familyKey,
  firstNameFirstKey,
  fold,
  givenKey,
  phoneDigits,
  startsWith,
  surnameFirstKey,
} from '../../lib/patient-search';
import { recordNumberOf } from '../../lib/people';
import { afterCursor, type Cursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { invalidParameter } from './outcome';
import type { ParsedSearch, StringValue, TokenValue } from './params';
import { personColumns, personElements } from './people';
import type { FhirContext, FhirResourceType } from './resource-type';
import { calendarDateMatches, idsMatch, isUuid, lastUpdatedMatches, tokenMatches } from './search-sql';
import { versionMeta } from './versioning';

/*
 * Patients are users with the role 'patient'. Name searches read the app's own patient-search
 * indexes (users_search_surname_idx on "last first", users_search_first_name_idx on "first last",
 * both folded by carepoint_fold() in byte order): a prefix is a range of one of them, read in its
 * order, so a page of a broad name over a million patients costs a page, not a sort of every
 * match. As FHIR's string search asks, "starts with" ignores case and accents ("adebayo" finds
 * Adébáyọ̀); `:exact` compares the name as written.
 */

const columns = {
  ...personColumns,
  recordNumber: recordNumberOf(),
  dateOfBirth: users.dateOfBirth,
  updatedAt: users.updatedAt,
};
type PatientRow = Pick<typeof users.$inferSelect, Exclude<keyof typeof columns, 'recordNumber'>> & {
  recordNumber: string;
};

/** The system of our patient record numbers: ours, under the address the app is served from. */
const patientNumberSystem = (publicUrl: string) => `${publicUrl}/fhir/identifiers/patient`;
/** HL7 v2 table 0203's "Medical record number": what our patient number is to another system. */
const MEDICAL_RECORD_NUMBER = {
  coding: [
    { system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR', display: 'Medical record number' },
  ],
};

/** A patient account as a Patient; medical details (blood group…) are not Patient elements. */
function toPatient(row: PatientRow, publicUrl: string): Patient {
  return {
    resourceType: 'Patient',
    id: row.id,
    meta: versionMeta(row.updatedAt),
    // The clinic knows a patient by their record number (CP-000123, decision 0026).
    identifier: [
      {
        use: 'usual',
        type: MEDICAL_RECORD_NUMBER,
        system: patientNumberSystem(publicUrl),
        value: row.recordNumber,
      },
    ],
    ...personElements(row),
    ...(row.dateOfBirth ? { birthDate: row.dateOfBirth } : {}),
  };
}

const isPatient = eq(users.role, 'patient');

/** The search value trimmed, single spaces; the query folds it as the indexes fold names. */
const indexTerm = (text: string) => text.trim().replace(/\s+/g, ' ');

/**
 * `family`: the last name starts with the value (`:exact`: is it): a range of
 * users_family_given_idx, whatever spaces either holds ("van der" finds Van der Berg, not Van).
 */
const familyMatches = (value: StringValue) =>
  value.exact
    ? (and(sql`${familyKey} = ${fold(indexTerm(value.text))}`, eq(users.lastName, value.text)) as SQL)
    : startsWith(familyKey, indexTerm(value.text));

/**
 * `given`: the first name starts with the value (`:exact`: is it). Beside `family`, a check on the
 * first name alone inside the family index's range. Alone, a range of users_search_first_name_idx
 * ("first last"), rechecked on the first name only when the value has a space and so could run
 * on into the last name. (Both at once would make the planner expect too few matches and filter
 * the whole family index instead: measured 120 ms at 1M.)
 */
function givenMatches(value: StringValue, besideFamily: boolean): SQL {
  const term = indexTerm(value.text);
  if (besideFamily) {
    return value.exact
      ? (and(sql`${givenKey} = ${fold(term)}`, eq(users.firstName, value.text)) as SQL)
      : startsWith(givenKey, term);
  }
  if (value.exact)
    return and(startsWith(firstNameFirstKey, `${term} `), eq(users.firstName, value.text)) as SQL;
  const range = startsWith(firstNameFirstKey, term);
  return /[ -]/.test(term) ? (and(range, startsWith(givenKey, term)) as SQL) : range;
}

/**
 * `name`: the family or the given name starts with the value, or the name's text ("First Last")
 * does, which "first last" index holds whole; a surname-first value ("okafor ngo") finds the
 * same patient, as the app's search does.
 */
const nameMatchesBySurname = (value: StringValue) =>
  value.exact ? familyMatches(value) : startsWith(surnameFirstKey, indexTerm(value.text));
const nameMatchesByFirstName = (value: StringValue) =>
  value.exact ? givenMatches(value, false) : startsWith(firstNameFirstKey, indexTerm(value.text));

/** Comma-separated alternatives: any may match. */
const anyValue = (values: StringValue[], match: (value: StringValue) => SQL) =>
  or(...values.map(match)) as SQL;

/** `email`: the whole address, case-insensitively (ours are stored in lower case; the unique index serves it). */
const emailMatches = (occurrences: TokenValue[][]) =>
  tokenMatches(
    users.email,
    occurrences.map((values) =>
      values.map((v) => (v.code === undefined ? v : { ...v, code: v.code.toLowerCase() })),
    ),
  );

/**
 * `phone`: the same digits, whatever the spacing or punctuation ("+234 803 123 4567" is
 * 2348031234567); a number written with a national leading 0 ("0803 123 4567") also finds it
 * written internationally. The same digits read users_phone_digits_idx; the written-with-0
 * form, a suffix, the phone-digits trigram index.
 */
const phoneValueMatches = ({ system, code }: TokenValue): SQL => {
  // Phone numbers carry no token system: `|<number>` is the same as `<number>`.
  if ((system !== undefined && system !== '') || code === undefined) {
    return system === undefined || system === '' ? sql`true` : sql`false`;
  }
  const digits = code.replace(/\D/g, '');
  if (digits === '') return sql`false`;
  const national = /^0[1-9]\d{5,}$/.test(digits) ? digits.slice(1) : undefined;
  const same = sql`${phoneDigits} = ${digits}`;
  return national ? (or(same, sql`${phoneDigits} like ${`%${national}`}`) as SQL) : same;
};
const phoneMatches = (occurrences: TokenValue[][]) =>
  and(...occurrences.map((values) => or(...values.map(phoneValueMatches)) as SQL));

/**
 * `identifier`: the record number of our system (`<system>|CP-000123`) or of any (`CP-000123`),
 * in any case, as the app's search takes it; `|CP-000123` (no system) matches none, as every
 * other token of a system here. The stored form reads users_record_number_unique; a value that is
 * no record number matches nothing.
 */
const identifierMatches = (occurrences: TokenValue[][], publicUrl: string) =>
  tokenMatches(
    users.recordNumber,
    occurrences.map((values) =>
      values.map((v) => (v.code === undefined ? v : { ...v, code: parseRecordNumber(v.code) ?? v.code })),
    ),
    patientNumberSystem(publicUrl),
  );

const id: SortKey = { expression: users.id, cast: 'uuid' };
const byFamily: SortKey[] = [
  { expression: familyKey, cast: 'text' },
  { expression: givenKey, cast: 'text' },
  id,
];
const bySurname: SortKey[] = [{ expression: surnameFirstKey, cast: 'text' }, id];
const byFirstName: SortKey[] = [{ expression: firstNameFirstKey, cast: 'text' }, id];

/** A tier with the keys of its order: its pages' keyset (cursor.ts). */
type KeyedTier = Tier & { keys: SortKey[] };
const tier = (where: SQL | undefined, keys: SortKey[]): KeyedTier => ({
  where,
  keys,
  order: orderByKeys(keys),
});

/**
 * The tiers a page reads: every one from the start, or, after a cursor (the tier it stopped in
 * and the sort key there), that tier after the key and the tiers after it.
 */
function tiersAfter(tiers: KeyedTier[], cursor: Cursor | undefined): KeyedTier[] {
  if (cursor === undefined) return tiers;
  const [position = '', ...key] = cursor;
  const index = /^\d$/.test(position) ? Number(position) : -1;
  const at = tiers[index];
  if (!at) throw invalidParameter('_cursor', '_cursor must be the value of a next link, unchanged');
  return [{ ...at, where: and(at.where, afterCursor(at.keys, key)) }, ...tiers.slice(index + 1)];
}

/**
 * The search as tiers read one after the other, each in an index's order: `family` (or no name
 * parameter) by family name, given name, id; `given` by "given family", id; `name` first the
 * patients whose "family given" starts with it (in that order), then those whose "given family"
 * does (in that one). A stable order either way, so pages never overlap.
 */
function searchTiers(fhir: FhirContext, search: ParsedSearch): KeyedTier[] {
  const family = search.strings('family');
  const given = search.strings('given');
  const [firstName, ...otherNames] = search.strings('name');
  const base = and(
    isPatient,
    fhir.patientScope === undefined ? undefined : eq(users.id, fhir.patientScope),
    idsMatch(users.id, search.ids()),
    lastUpdatedMatches(users.updatedAt, search),
    ...family.map((values) => anyValue(values, familyMatches)),
    ...given.map((values) => anyValue(values, (value) => givenMatches(value, family.length > 0))),
    ...otherNames.map((values) =>
      or(anyValue(values, nameMatchesBySurname), anyValue(values, nameMatchesByFirstName)),
    ),
    calendarDateMatches(users.dateOfBirth, search.dates('birthdate'), fhir.timeZone),
    emailMatches(search.tokens('email')),
    phoneMatches(search.tokens('phone')),
    identifierMatches(search.tokens('identifier'), fhir.ctx.config.publicUrl),
  );
  if (firstName && family.length === 0 && given.length === 0) {
    const surnameTier = anyValue(firstName, nameMatchesBySurname);
    return [
      tier(and(base, surnameTier), bySurname),
      tier(and(base, anyValue(firstName, nameMatchesByFirstName), not(surnameTier)), byFirstName),
    ];
  }
  if (firstName) {
    const nameCondition = or(
      anyValue(firstName, nameMatchesBySurname),
      anyValue(firstName, nameMatchesByFirstName),
    );
    return [tier(and(base, nameCondition), family.length > 0 ? byFamily : byFirstName)];
  }
  return [tier(base, family.length === 0 && given.length > 0 ? byFirstName : byFamily)];
}

export const patients: FhirResourceType<Patient> = {
  type: 'Patient',
  searchParams: [
    {
      name: 'name',
      type: 'string',
      documentation: 'Start of the family or given name, or of the whole name ("Ngozi Oka")',
    },
    { name: 'family', type: 'string', documentation: 'Start of the family (last) name' },
    { name: 'given', type: 'string', documentation: 'Start of the given (first) name' },
    { name: 'birthdate', type: 'date', documentation: 'Date of birth (eq, gt, lt, ge, le)' },
    {
      name: 'identifier',
      type: 'token',
      documentation: 'The record number (CP-000123), in any case; with a system, ours only',
    },
    { name: 'email', type: 'token', documentation: 'The whole e-mail address, in any case' },
    {
      name: 'phone',
      type: 'token',
      documentation: 'The phone number, compared as digits; a leading 0 also finds the +234… form',
    },
  ],

  async read({ ctx, patientScope }: FhirContext, id) {
    if (!isUuid(id) || (patientScope !== undefined && id !== patientScope)) return undefined;
    const [row] = await ctx.db
      .select(columns)
      .from(users)
      .where(and(isPatient, eq(users.id, id)));
    return row ? toPatient(row, ctx.config.publicUrl) : undefined;
  },

  /**
   * Counts go LIST_COUNT_CAP matches past the page at most (as the app's lists do): past that,
   * `Bundle.total` is left out (even for `_total=accurate`) and `next` stays open while pages fill.
   */
  async search(fhir, search) {
    const { db } = fhir.ctx;
    const tiers = searchTiers(fhir, search);
    const reading = tiersAfter(tiers, search.cursor);
    const position = new Map<Tier, number>(
      reading.map((t) => [t, tiers.length - reading.length + reading.indexOf(t)]),
    );
    const keysOf = new Map<Tier, SortKey[]>(reading.map((t) => [t, t.keys]));
    // In the tier's order, so the count reads the index the page reads: without it the planner
    // may filter every patient of another index to find 1,000 "Oka…" (measured: 150 ms at 1M).
    const matching = (where: SQL | undefined, t: Tier) =>
      matchingRows(db)
        .from(users)
        .where(where)
        .orderBy(...t.order);
    const found = await tieredWindow(
      fhir.ctx,
      { limit: search.count, offset: search.offset },
      reading,
      // The page's rows carry the capped count (lib/list.ts Window): one statement per tier.
      (t, window: Window) =>
        db
          .select({
            ...columns,
            matched: window.matched,
            tier: sql<number>`${position.get(t) ?? 0}::int`.mapWith(Number),
            key: sortKeyColumn(keysOf.get(t) ?? []),
          })
          .from(users)
          .where(t.where)
          .orderBy(...t.order)
          .limit(window.limit)
          .offset(window.offset),
      matching,
    );
    const resources = found.rows.map((row) => toPatient(row, fhir.ctx.config.publicUrl));
    const last = found.rows.at(-1);
    const next = last && found.rows.length === search.count ? { next: [String(last.tier), ...last.key] } : {};
    if (search.total === 'none') return { resources, ...next };
    // After a cursor the window's count starts there: the search's total is counted from the start
    // (to the cap past the page's position, as the offset's count goes).
    const counted =
      search.cursor === undefined
        ? found
        : await tieredWindow(
            fhir.ctx,
            { limit: 0, offset: search.position },
            tiers,
            () => Promise.resolve([]),
            matching,
          );
    if (counted.lowerBound) return { resources, ...next };
    return { resources, total: counted.total, ...next };
  },
};
