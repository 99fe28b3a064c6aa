import type { AdminPatient, PATIENT_SORTABLE, patientListQuerySchema } from '@carepoint/contract';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { beds, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';
import {
  idsOfPage,
  iso,
  matchingRows,
  orderBy,
  type SortColumns,
  type Tier,
  tieredPage,
} from '../../lib/list';
import { patientMatches, patientSearchTiers } from '../../lib/patient-search';
import { ageOn, fullNameOf, recordNumberOf } from '../../lib/people';
import { cachedRead } from '../../lib/read-cache';

/** The admin patients table: accounts with role patient; Inpatient while they occupy a bed. */

type ListQuery = z.output<typeof patientListQuerySchema>;

const SORT: SortColumns<(typeof PATIENT_SORTABLE)[number]> = {
  fullName: [users.lastName, users.firstName],
  email: users.email,
  // Older means an earlier birth date; unknown ages go last either way.
  age: (order) => [
    order === 'asc' ? sql`${users.dateOfBirth} desc nulls last` : sql`${users.dateOfBirth} asc nulls last`,
  ],
  createdAt: users.createdAt,
};

// A bed names its patient only while Occupied (the beds service clears it when Free).
const occupiedBed = and(eq(beds.patientId, users.id), eq(beds.status, 'Occupied'));

/** A page of the admin patients list (its tables' NOTIFY triggers: migration 0018). */
const PATIENT_LIST = cachedRead('admin-patients', [users, beds]);

export async function listPatients(ctx: ServiceContext, query: ListQuery) {
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  // The front desk's busiest read: served from the read cache while users and beds are unchanged
  // (their triggers clear it, migration 0018); the day is in the key, as ages depend on it.
  const result = await ctx.cache.read(PATIENT_LIST, `${today}:${JSON.stringify(query)}`, () =>
    readPatientPage(ctx, query, today),
  );
  // Reading the patient list is a read of clinical data (who is an inpatient): one row per page read.
  await audit(ctx, {
    action: 'patients.list',
    entityType: 'patient',
    details: { query, patientIds: idsOfPage(result) },
  });
  return result;
}

function readPatientPage(ctx: ServiceContext, query: ListQuery, today: string) {
  const { db } = ctx;
  // Null tests on the bed's patientId (the join column), not its id: Postgres then plans an anti
  // join and still walks users_role_idx in name order. On beds.id it estimated one Outpatient
  // and sorted every patient (0.9 s over 1,000,000).
  const base = and(
    eq(users.role, 'patient'),
    query.status === 'Inpatient'
      ? isNotNull(beds.patientId)
      : query.status === 'Outpatient'
        ? isNull(beds.patientId)
        : undefined,
  );
  // A search without an explicit sort ranks its matches (lib/patient-search.ts); otherwise one run.
  const tiers: Tier[] = (!query.sort && patientSearchTiers(query.q, base)) || [
    {
      where: and(base, patientMatches(query.q)),
      order: orderBy(query, SORT, [asc(users.lastName), asc(users.firstName)], users.id),
    },
  ];
  return tieredPage(
    ctx,
    query,
    tiers,
    (tier, { limit, offset, select }) => {
      // The page's ids first, from the name index alone (an index-only scan when no filter
      // needs the beds: Postgres drops the unused left join); then the columns of those rows
      // only. Joined and fetched under OFFSET, page 500 read 10,000 scattered rows of the table
      // and matched each against the beds.
      const pageIds = db
        .select({ id: users.id })
        .from(users)
        .leftJoin(beds, occupiedBed)
        .where(tier.where)
        .orderBy(...tier.order)
        .limit(limit)
        .offset(offset);
      return select({
        id: users.id,
        recordNumber: recordNumberOf(),
        fullName: fullNameOf(),
        email: users.email,
        phone: users.phone,
        dateOfBirth: users.dateOfBirth,
        accountStatus: users.status,
        createdAt: users.createdAt,
        bed: beds.label,
      })
        .from(users)
        .leftJoin(beds, occupiedBed)
        .where(inArray(users.id, pageIds))
        .orderBy(...tier.order);
    },
    (where) => matchingRows(db).from(users).leftJoin(beds, occupiedBed).where(where),
    ({ dateOfBirth, createdAt, bed, ...row }): AdminPatient => ({
      ...row,
      age: ageOn(dateOfBirth, today),
      status: bed === null ? 'Outpatient' : 'Inpatient',
      bed,
      createdAt: iso(createdAt),
    }),
  );
}
