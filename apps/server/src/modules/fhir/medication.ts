import type { Medication, Quantity } from '@medplum/fhirtypes';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { medicines } from '../../db/schema';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { UCUM } from './medication-codes';
import { pagedSearch } from './paging';
import type { FhirResourceType } from './resource-type';
import { idsMatch, isUuid, lastUpdatedMatches, tokenMatches } from './search-sql';
import { versionMeta } from './versioning';

/*
 * The formulary (medicines) as Medication (https://hl7.org/fhir/R4/medication.html): each
 * medicine's WHO ATC code where looked up, its name, form and, where the strength reads as an
 * amount per unit, its one ingredient's strength. A Medication names no patient: outside every
 * patient's compartment, like Location, and in a system-level export only.
 */

const ATC_SYSTEM = 'http://www.whocc.no/atc';
const MEDICATION_STATUS_SYSTEM = 'http://hl7.org/fhir/CodeSystem/medication-status';

type MedicineRow = typeof medicines.$inferSelect;

/** The name the formulary shows: "Amoxicillin 500 mg Capsule". */
export const medicineName = (m: Pick<MedicineRow, 'genericName' | 'strength' | 'form'>) =>
  `${m.genericName} ${m.strength} ${m.form}`;

/** Strength units coded in UCUM; any other ("IU", "%") leaves the strength as the name's text. */
const STRENGTH_UNITS: Record<string, string> = { mg: 'mg', g: 'g', mcg: 'ug', µg: 'ug', ml: 'mL' };

function amount(value: string, unit: string): Quantity | undefined {
  const code = STRENGTH_UNITS[unit.toLowerCase()];
  return code ? { value: Number(value), unit: code === 'ug' ? 'mcg' : code, system: UCUM, code } : undefined;
}

/**
 * The strength as FHIR's ratio: "500 mg" is 500 mg per one dispensing unit (a capsule),
 * "250 mg/5 mL" is 250 mg per 5 mL. Combinations ("20/120 mg": which ingredient is which is not
 * recorded) and percentages are not amounts we can place, so they stay in the name only.
 */
function strengthOf(m: MedicineRow): Medication['ingredient'] {
  const perUnit = /^(\d{1,6}(?:\.\d{1,3})?)\s*([a-zµ]+)$/i.exec(m.strength.trim());
  const perVolume = /^(\d{1,6}(?:\.\d{1,3})?)\s*([a-zµ]+)\s*\/\s*(\d{1,6}(?:\.\d{1,3})?)\s*([a-z]+)$/i.exec(
    m.strength.trim(),
  );
  const numerator = perUnit
    ? amount(perUnit[1] ?? '', perUnit[2] ?? '')
    : perVolume && amount(perVolume[1] ?? '', perVolume[2] ?? '');
  const denominator = perUnit
    ? { value: 1, unit: m.dispensingUnit }
    : perVolume && amount(perVolume[3] ?? '', perVolume[4] ?? '');
  if (!numerator || !denominator) return undefined;
  return [
    { itemCodeableConcept: { text: m.genericName }, isActive: true, strength: { numerator, denominator } },
  ];
}

function toMedication(m: MedicineRow): Medication {
  const ingredient = strengthOf(m);
  return {
    resourceType: 'Medication',
    id: m.id,
    meta: versionMeta(m.updatedAt),
    code: {
      ...(m.atcCode ? { coding: [{ system: ATC_SYSTEM, code: m.atcCode }] } : {}),
      text: medicineName(m),
    },
    status: m.active ? 'active' : 'inactive',
    form: { text: m.form },
    ...(ingredient ? { ingredient } : {}),
  };
}

const BY_NAME: SortKey[] = [
  { expression: medicines.genericName, cast: 'text' },
  { expression: medicines.id, cast: 'uuid' },
];

const statusCode = sql<string>`(case when ${medicines.active} then 'active' else 'inactive' end)`;

export const medicationsType: FhirResourceType<Medication> = {
  type: 'Medication',
  searchParams: [
    { name: 'code', type: 'token', documentation: `The WHO ATC code (${ATC_SYSTEM}|J01CA04)` },
    {
      name: 'status',
      type: 'token',
      documentation: `${MEDICATION_STATUS_SYSTEM}: active (on the prescription picker) or inactive`,
    },
  ],

  async read({ ctx }, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await ctx.db.select().from(medicines).where(eq(medicines.id, id));
    return row ? toMedication(row) : undefined;
  },

  async search({ ctx }, search) {
    const where: SQL | undefined = and(
      idsMatch(medicines.id, search.ids()),
      lastUpdatedMatches(medicines.updatedAt, search),
      tokenMatches(medicines.atcCode, search.tokens('code'), ATC_SYSTEM),
      tokenMatches(statusCode, search.tokens('status'), MEDICATION_STATUS_SYSTEM),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await ctx.db
            .select({ medicine: medicines, key: sortKeyColumn(BY_NAME) })
            .from(medicines)
            .where(and(where, afterCursor(BY_NAME, after)))
            .orderBy(...orderByKeys(BY_NAME))
            .limit(limit)
            .offset(offset)
        ).map(({ medicine, key }) => ({ resource: toMedication(medicine), key })),
      async () => (await ctx.db.select({ n: count() }).from(medicines).where(where))[0]?.n ?? 0,
    );
  },
};
