import {
  BED_STATUSES,
  type BedStatus,
  OPEN_STAY_STATUSES,
  WARD_MESSAGES,
  type WardBoard,
} from '@carepoint/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  beds,
  medicationAdministrations,
  medicationOrders,
  observationSets,
  patientMedicalDetails,
  stays,
  users,
  wards,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { isoOrNull } from '../../lib/list';
import { ageOn, fullNameOf } from '../../lib/people';
import { cachedRead } from '../../lib/read-cache';
import { doseCounts } from '../medication-round';
import { newestNews2 } from '../observations';
import { daysBetween, doctorInCharge, doctorName } from './people';

/** The open stay (admitted or expected) of the bed in the outer query: at most one (stays_open_bed_unique). */
function openStayOf(ctx: ServiceContext) {
  return ctx.db
    .select({
      id: stays.id,
      status: stays.status,
      patientId: stays.patientId,
      patientName: fullNameOf().as('patient_name'),
      dateOfBirth: users.dateOfBirth,
      gender: users.gender,
      admittedAt: stays.admittedAt,
      plannedFor: stays.plannedFor,
      doctorName: doctorName.as('doctor_name'),
      diagnosis:
        sql<string>`coalesce(nullif(${stays.diagnosisText}, ''), ${stays.diagnosisTitle}, ${stays.reason})`.as(
          'diagnosis',
        ),
      hasAllergies: sql<boolean>`coalesce(cardinality(${patientMedicalDetails.allergies}) > 0, false)`.as(
        'has_allergies',
      ),
    })
    .from(stays)
    .innerJoin(users, eq(users.id, stays.patientId))
    .leftJoin(doctorInCharge, eq(doctorInCharge.id, stays.doctorId))
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, stays.patientId))
    .where(and(eq(stays.bedId, beds.id), inArray(stays.status, [...OPEN_STAY_STATUSES])))
    .limit(1)
    .as('open_stay');
}

/**
 * A ward's board, and every table it is read from: a change to any of them (their NOTIFY
 * triggers, migrations 0018 and 0059) makes a kept board stale.
 */
const WARD_BOARD = cachedRead('ward-board', [
  wards,
  beds,
  stays,
  users,
  patientMedicalDetails,
  observationSets,
  medicationOrders,
  medicationAdministrations,
]);
/**
 * GET /api/wards/:wardId/board: every bed of the ward with its open stay, that stay's latest
 * NEWS2 and its doses due. Every nurse on the ward keeps it open and reads it again after each
 * change the live stream announces, so one change makes every open board read it at once: the
 * answer is kept in the read cache (docs/performance.md "Read cache") until one of
 * the tables of WARD_BOARD changes, so those readers share one load. Its due and overdue counts move
 * with the clock as well, so a kept board is at most READ_CACHE_MS old. Every read is audited,
 * with the patients it showed.
 */
export async function wardBoard(ctx: ServiceContext, wardId: string): Promise<Readonly<WardBoard>> {
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const board = await ctx.cache.read(WARD_BOARD, `${today}:${wardId}`, () =>
    readWardBoard(ctx, wardId, today),
  );
  const patientIds = board.beds.flatMap((bed) => (bed.stay ? [bed.stay.patientId] : []));
  await audit(ctx, { action: 'ward.board', entityType: 'ward', entityId: wardId, details: { patientIds } });
  return board;
}

/**
 * The board read from the database: every bed of the ward in label order, each with its open stay
 * (admitted or expected) and that stay's latest NEWS2, in one query: the ward, its beds (index
 * beds_ward_idx), each bed's open stay and each stay's newest observation set joined LATERAL, so
 * each is one index descent per bed (stays_open_bed_unique, observation_sets_stay_taken_idx)
 * whatever the planner's statistics (the embedded database gathers none). Then the medication
 * round's doses due and overdue of those stays, in one more.
 */
async function readWardBoard(ctx: ServiceContext, wardId: string, today: string): Promise<WardBoard> {
  const stay = openStayOf(ctx);
  const news2 = newestNews2(ctx.db, stay.id);
  const rows = await ctx.db
    .select({
      ward: { id: wards.id, name: wards.name, kind: wards.kind, sexRule: wards.sexRule },
      id: beds.id,
      label: beds.label,
      status: beds.status,
      stayId: stay.id,
      stayStatus: stay.status,
      patientId: stay.patientId,
      patientName: stay.patientName,
      dateOfBirth: stay.dateOfBirth,
      gender: stay.gender,
      admittedAt: stay.admittedAt,
      plannedFor: stay.plannedFor,
      doctorName: stay.doctorName,
      diagnosis: stay.diagnosis,
      hasAllergies: stay.hasAllergies,
      news2Score: news2.score,
      news2Risk: news2.risk,
      news2TakenAt: news2.takenAt,
    })
    .from(wards)
    .leftJoin(beds, eq(beds.wardId, wards.id))
    .leftJoinLateral(stay, sql`true`)
    .leftJoinLateral(news2, sql`true`)
    .where(eq(wards.id, wardId))
    .orderBy(asc(beds.label), asc(beds.id));
  const ward = rows[0]?.ward;
  if (!ward) throw notFoundWith(WARD_MESSAGES.notFound);
  // A ward without beds is one row without a bed.
  const bedRows = rows.flatMap((row) =>
    row.id && row.label && row.status ? [{ ...row, id: row.id, label: row.label, status: row.status }] : [],
  );
  const counts = Object.fromEntries(BED_STATUSES.map((s) => [s, 0])) as Record<BedStatus, number>;
  for (const row of bedRows) counts[row.status] += 1;
  const stayIds = bedRows.flatMap((r) => (r.stayId ? [r.stayId] : []));
  const doses = await doseCounts(ctx, stayIds);
  return {
    ward,
    counts,
    beds: bedRows.map((row) => ({
      id: row.id,
      label: row.label,
      status: row.status,
      stay:
        row.stayId && row.stayStatus && row.patientId
          ? {
              id: row.stayId,
              status: row.stayStatus,
              patientId: row.patientId,
              patientName: row.patientName,
              age: ageOn(row.dateOfBirth, today),
              gender: row.gender,
              admittedAt: isoOrNull(row.admittedAt),
              plannedFor: row.plannedFor,
              daysSinceAdmission: row.admittedAt
                ? daysBetween(facilityDate(row.admittedAt, ctx.config.TIME_ZONE), today)
                : null,
              doctorName: row.doctorName,
              diagnosis: row.diagnosis,
              hasAllergies: row.hasAllergies,
              news2:
                row.news2Score !== null && row.news2Risk && row.news2TakenAt
                  ? { score: row.news2Score, risk: row.news2Risk, takenAt: row.news2TakenAt.toISOString() }
                  : null,
              doses: doses.get(row.stayId) ?? { due: 0, overdue: 0 },
            }
          : null,
    })),
  };
}
