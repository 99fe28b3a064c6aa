import type { BedStatus } from '@carepoint/contract';
import type { Coding, Location } from '@medplum/fhirtypes';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { beds, wards } from '../../db/schema';
import { afterCursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { pagedSearch } from './paging';
import type { TokenValue } from './params';
import type { FhirContext, FhirResourceType } from './resource-type';
import { idsMatch, isUuid, lastUpdatedMatches, referenceMatches, stringMatches } from './search-sql';
import { versionMeta } from './versioning';

/*
 * Wards and beds as Location (https://hl7.org/fhir/R4/location.html): a ward is physicalType
 * `wa`, a bed `bd`, partOf its ward, with its state as operationalStatus. Locations are outside
 * every patient's compartment (like Practitioner): they name no patient.
 */

const PHYSICAL_TYPE = 'http://terminology.hl7.org/CodeSystem/location-physical-type';
const PHYSICAL: Record<'wa' | 'bd', Coding> = {
  wa: { system: PHYSICAL_TYPE, code: 'wa', display: 'Ward' },
  bd: { system: PHYSICAL_TYPE, code: 'bd', display: 'Bed' },
};

/** HL7 v2 table 0116, Bed Status: the preferred codes of Location.operationalStatus. */
const BED_STATUS_SYSTEM = 'http://terminology.hl7.org/CodeSystem/v2-0116';
/** Our own code for Reserved, which table 0116 has none for (a bed held for an admission on its way). */
const reservedSystem = (publicUrl: string) => `${publicUrl}/fhir/CodeSystem/bed-status`;

/** Each bed status as its operationalStatus: system and code (Cleaning is v2's Housekeeping). */
const operationalStatus = (status: BedStatus, publicUrl: string): Coding => {
  switch (status) {
    case 'Free':
      return { system: BED_STATUS_SYSTEM, code: 'U', display: 'Unoccupied' };
    case 'Occupied':
      return { system: BED_STATUS_SYSTEM, code: 'O', display: 'Occupied' };
    case 'Cleaning':
      return { system: BED_STATUS_SYSTEM, code: 'H', display: 'Housekeeping' };
    case 'Reserved':
      return { system: reservedSystem(publicUrl), code: 'reserved', display: 'Reserved' };
  }
};

/** Wards and beds in one list, so a search pages through both in one order. */
function locationRows(db: Executor) {
  const wardRows = db
    .select({
      id: wards.id,
      physical: sql<'wa' | 'bd'>`'wa'`.as('physical'),
      name: wards.name,
      kind: sql<string | null>`${wards.kind}::text`.as('kind'),
      wardId: sql<string | null>`null::uuid`.as('ward_id'),
      wardName: sql<string | null>`null::text`.as('ward_name'),
      status: sql<BedStatus | null>`null::text`.as('status'),
      updatedAt: wards.updatedAt,
    })
    .from(wards);
  const bedRows = db
    .select({
      id: beds.id,
      physical: sql<'wa' | 'bd'>`'bd'`.as('physical'),
      name: beds.label,
      kind: sql<string | null>`null::text`.as('kind'),
      wardId: sql<string | null>`${beds.wardId}`.as('ward_id'),
      wardName: sql<string | null>`${wards.name}`.as('ward_name'),
      status: sql<BedStatus | null>`${beds.status}::text`.as('status'),
      updatedAt: beds.updatedAt,
    })
    .from(beds)
    .innerJoin(wards, eq(wards.id, beds.wardId));
  return wardRows.unionAll(bedRows).as('locations');
}
type Locations = ReturnType<typeof locationRows>;
type Row = {
  id: string;
  physical: 'wa' | 'bd';
  name: string;
  kind: string | null;
  wardId: string | null;
  wardName: string | null;
  status: BedStatus | null;
  updatedAt: Date;
};

function toLocation(row: Row, publicUrl: string): Location {
  return {
    resourceType: 'Location',
    id: row.id,
    meta: versionMeta(new Date(row.updatedAt)),
    status: 'active',
    name: row.name,
    mode: 'instance',
    ...(row.kind ? { type: [{ text: row.kind }] } : {}),
    physicalType: { coding: [PHYSICAL[row.physical]] },
    ...(row.status ? { operationalStatus: operationalStatus(row.status, publicUrl) } : {}),
    ...(row.wardId
      ? { partOf: { reference: `Location/${row.wardId}`, display: row.wardName ?? undefined } }
      : {}),
  };
}

/** The subquery's columns, each by name (a select of the whole subquery nests it as one field). */
const rowOf = (loc: Locations) => ({
  id: loc.id,
  physical: loc.physical,
  name: loc.name,
  kind: loc.kind,
  wardId: loc.wardId,
  wardName: loc.wardName,
  status: loc.status,
  updatedAt: loc.updatedAt,
});

/** By name, then id: wards and beds together. */
const keysOf = (loc: Locations): SortKey[] => [
  { expression: loc.name, cast: 'text' },
  { expression: loc.id, cast: 'uuid' },
];

/** `operational-status`: v2's U, O, H, and our `reserved`, each matched against the bed's status. */
function operationalStatusMatches(loc: Locations, occurrences: TokenValue[][], publicUrl: string) {
  const all: BedStatus[] = ['Free', 'Occupied', 'Cleaning', 'Reserved'];
  const conditions = occurrences.map((values) => {
    const statuses = all.filter((status) => {
      const coding = operationalStatus(status, publicUrl);
      return values.some(
        (v) =>
          (v.system === undefined || v.system === coding.system) &&
          (v.code === undefined || v.code === coding.code),
      );
    });
    return statuses.length === 0
      ? sql`false`
      : sql`${loc.status} in (${sql.join(
          statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`;
  });
  return conditions.length === 0 ? undefined : and(...conditions);
}

export const locations: FhirResourceType<Location> = {
  type: 'Location',
  searchParams: [
    { name: 'name', type: 'string', documentation: 'Start of the ward’s name or the bed’s label' },
    { name: 'partof', type: 'reference', documentation: 'The ward a bed lies in (Location/<id>)' },
    {
      name: 'operational-status',
      type: 'token',
      documentation:
        'A bed’s state: v2-0116 U (Free), O (Occupied), H (Cleaning), or reserved (Reserved, our own code system)',
    },
  ],

  async read({ ctx }: FhirContext, id) {
    if (!isUuid(id)) return undefined;
    const loc = locationRows(ctx.db);
    const [row] = await ctx.db.select(rowOf(loc)).from(loc).where(eq(loc.id, id));
    return row ? toLocation(row, ctx.config.publicUrl) : undefined;
  },

  async search({ ctx }, search) {
    const loc = locationRows(ctx.db);
    const keys = keysOf(loc);
    const where: SQL | undefined = and(
      idsMatch(loc.id, search.ids()),
      lastUpdatedMatches(loc.updatedAt, search),
      stringMatches(loc.name, search.strings('name')),
      referenceMatches(loc.wardId, search.references('partof'), 'Location'),
      operationalStatusMatches(loc, search.tokens('operational-status'), ctx.config.publicUrl),
    );
    return pagedSearch(
      search,
      async (limit, offset, after) =>
        (
          await ctx.db
            .select({ ...rowOf(loc), key: sortKeyColumn(keys) })
            .from(loc)
            .where(and(where, afterCursor(keys, after)))
            .orderBy(...orderByKeys(keys))
            .limit(limit)
            .offset(offset)
        ).map(({ key, ...row }) => ({ resource: toLocation(row, ctx.config.publicUrl), key })),
      async () => (await ctx.db.select({ n: count() }).from(loc).where(where))[0]?.n ?? 0,
    );
  },
};
