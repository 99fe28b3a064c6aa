import type { Practitioner } from '@medplum/fhirtypes';
import { and, count, eq, or, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { pagedSearch } from './paging';
import { personColumns, personElements } from './people';
import type { FhirContext, FhirResourceType } from './resource-type';
import { idsMatch, isUuid, lastUpdatedMatches, stringMatches } from './search-sql';
import { versionMeta } from './versioning';

const columns = { ...personColumns, specialty: users.specialty, updatedAt: users.updatedAt };
type DoctorRow = Pick<typeof users.$inferSelect, keyof typeof columns>;

/** A doctor as a Practitioner; the specialty is a qualification (text: ours is free text, not a coded one). */
function toPractitioner(row: DoctorRow): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: row.id,
    meta: versionMeta(row.updatedAt),
    ...personElements(row),
    ...(row.specialty ? { qualification: [{ code: { text: row.specialty } }] } : {}),
  };
}

const isDoctor = eq(users.role, 'doctor');
/** Doctors in name order, as Practitioner and Group (a doctor's patients) page them. */
export const DOCTORS_BY_NAME: SortKey[] = [
  { expression: users.lastName, cast: 'text' },
  { expression: users.firstName, cast: 'text' },
  { expression: users.id, cast: 'uuid' },
];

export const practitioners: FhirResourceType<Practitioner> = {
  type: 'Practitioner',
  searchParams: [
    { name: 'name', type: 'string', documentation: 'Start of the first or last name' },
    { name: 'family', type: 'string', documentation: 'Start of the last name' },
    { name: 'given', type: 'string', documentation: 'Start of the first name' },
  ],

  async read({ ctx }: FhirContext, id) {
    if (!isUuid(id)) return undefined;
    const [row] = await ctx.db
      .select(columns)
      .from(users)
      .where(and(isDoctor, eq(users.id, id)));
    return row ? toPractitioner(row) : undefined;
  },

  async search({ ctx }, search) {
    const where = and(
      isDoctor,
      idsMatch(users.id, search.ids()),
      lastUpdatedMatches(users.updatedAt, search),
      ...search
        .strings('name')
        .map((values): SQL | undefined =>
          or(stringMatches(users.firstName, [values]), stringMatches(users.lastName, [values])),
        ),
      stringMatches(users.lastName, search.strings('family')),
      stringMatches(users.firstName, search.strings('given')),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await ctx.db
            .select({ ...columns, key: sortKeyColumn(DOCTORS_BY_NAME) })
            .from(users)
            .where(and(where, afterCursor(DOCTORS_BY_NAME, after)))
            .orderBy(...orderByKeys(DOCTORS_BY_NAME))
            .limit(limit)
            .offset(offset)
        ).map((row) => ({ resource: toPractitioner(row), key: row.key })),
      async () => (await ctx.db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
    );
  },
};
