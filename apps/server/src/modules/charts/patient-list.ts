import type { PATIENT_CARD_SORTABLE, PatientCard, patientCardsQuerySchema } from '@carepoint/contract';
import { asc, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { patientMedicalDetails, userImages, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { signedIn } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import {
  idsOfPage,
  isoOrNull,
  matchingRows,
  orderBy,
  type RowOf,
  type Select,
  type SortColumns,
  type Tier,
  tieredPage,
} from '../../lib/list';
import { patientSearchTiers } from '../../lib/patient-search';
import { ageOn, fullNameOf, profileImageUrl, recordNumberOf } from '../../lib/people';
import {
  type FilterContext,
  imageOfUser,
  latestOfUser,
  latestPressure,
  latestValue,
  medicalDetailsOfUser,
  patientConditions,
} from './queries';

/**
 * The doctor's Patient List: cards of their own patients by default, or of every patient,
 * filtered, searched and sorted. Its rows and cards are also the CSV export's (patient-csv.ts).
 */

type CardsQuery = z.output<typeof patientCardsQuerySchema>;

export const filterContext = (ctx: ServiceContext): FilterContext => {
  const now = ctx.now();
  return {
    db: ctx.db,
    doctorId: signedIn(ctx.actor).id,
    today: facilityDate(now, ctx.config.TIME_ZONE),
    now,
  };
};

const SORT: SortColumns<(typeof PATIENT_CARD_SORTABLE)[number]> = {
  fullName: [users.lastName, users.firstName],
  // Older means an earlier birth date; unknown ages go last either way.
  age: (order) => [
    order === 'asc' ? sql`${users.dateOfBirth} desc nulls last` : sql`${users.dateOfBirth} asc nulls last`,
  ],
};

/**
 * The columns a card (and a CSV row) is made of: the patient, their blood group, latest vitals
 * and visit; the base query of the list and of the export (lib/list.ts Select).
 */
export function patientRows(ctx: ServiceContext, where: SQL | undefined, select: Select) {
  const latest = latestOfUser(ctx.db);
  return select({
    id: users.id,
    recordNumber: recordNumberOf(),
    firstName: users.firstName,
    lastName: users.lastName,
    fullName: fullNameOf(),
    email: users.email,
    phone: users.phone,
    dateOfBirth: users.dateOfBirth,
    address: users.address,
    bloodGroup: patientMedicalDetails.bloodGroup,
    imageVersion: userImages.updatedAt,
    weight: latest.weight.weight,
    weightAt: latest.weight.recordedAt,
    glucose: latest.glucose.bloodGlucose,
    glucoseAt: latest.glucose.recordedAt,
    systolic: latest.pressure.systolic,
    diastolic: latest.pressure.diastolic,
    pressureAt: latest.pressure.recordedAt,
    lastVisitedAt: latest.visit.startsAt,
  })
    .from(users)
    .leftJoin(patientMedicalDetails, medicalDetailsOfUser)
    .leftJoin(userImages, imageOfUser)
    .leftJoinLateral(latest.weight, sql`true`)
    .leftJoinLateral(latest.glucose, sql`true`)
    .leftJoinLateral(latest.pressure, sql`true`)
    .leftJoinLateral(latest.visit, sql`true`)
    .where(where);
}
export type PatientRow = RowOf<typeof patientRows>;

export const toCard =
  (today: string) =>
  (row: PatientRow): PatientCard => ({
    id: row.id,
    recordNumber: row.recordNumber,
    fullName: row.fullName,
    imageUrl: profileImageUrl(row.id, row.imageVersion),
    dateOfBirth: row.dateOfBirth,
    age: ageOn(row.dateOfBirth, today),
    address: row.address,
    bloodGroup: row.bloodGroup,
    lastVisitedAt: isoOrNull(row.lastVisitedAt),
    weight: latestValue(row.weight, row.weightAt),
    bloodPressure: latestPressure(row.systolic, row.diastolic, row.pressureAt),
    bloodGlucose: latestValue(row.glucose, row.glucoseAt),
  });

/** A page of the Patient List: the doctor's own patients by default, or every patient. */
export async function listPatientCards(ctx: ServiceContext, query: CardsQuery) {
  const filters = filterContext(ctx);
  // A search without an explicit sort ranks its matches (lib/patient-search.ts); otherwise one run.
  const tiers: Tier[] = (!query.sort &&
    patientSearchTiers(query.q, patientConditions(filters, { ...query, q: undefined }))) || [
    {
      where: patientConditions(filters, query),
      order: orderBy(query, SORT, [asc(users.lastName), asc(users.firstName)], users.id),
    },
  ];
  const result = await tieredPage(
    ctx,
    query,
    tiers,
    ({ where, order }, { limit, offset, select }) => {
      // The page's ids first, from users alone; then the latest values of those rows only. With
      // the laterals under OFFSET, page 500 would compute the vitals of every row it skips.
      const pageIds = ctx.db
        .select({ id: users.id })
        .from(users)
        .leftJoin(patientMedicalDetails, medicalDetailsOfUser)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      return patientRows(ctx, inArray(users.id, pageIds), select).orderBy(...order);
    },
    (where) =>
      matchingRows(ctx.db).from(users).leftJoin(patientMedicalDetails, medicalDetailsOfUser).where(where),
    toCard(filters.today),
  );
  await audit(ctx, {
    action: 'patients.list',
    entityType: 'patient',
    details: { query, patientIds: idsOfPage(result) },
  });
  return result;
}
