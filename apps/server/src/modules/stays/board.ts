import {
  BED_STATUSES,
  type BedStatus,
  OPEN_STAY_STATUSES,
  WARD_MESSAGES,
  type WardBoard,
} from '@carepoint/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beds, patientMedicalDetails, stays, users, wards } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { isoOrNull } from '../../lib/list';
import { ageOn, fullNameOf } from '../../lib/people';
import { doseCounts } from '../medication-round';
import { latestNews2 } from '../observations';
import { daysBetween, doctorInCharge, doctorName } from './people';

/**
 * GET /api/wards/:wardId/board: every bed of the ward in label order, each with its open stay
 * (admitted or expected). One query for the beds and their stays (index beds_ward_idx, then
 * stays_open_bed_unique), then the observations' latest NEWS2 and the medication round's doses
 * due and overdue of those stays, side by side.
 */
export async function wardBoard(ctx: ServiceContext, wardId: string): Promise<WardBoard> {
  const [ward] = await ctx.db
    .select({ id: wards.id, name: wards.name, kind: wards.kind, sexRule: wards.sexRule })
    .from(wards)
    .where(eq(wards.id, wardId));
  if (!ward) throw notFoundWith(WARD_MESSAGES.notFound);
  const rows = await ctx.db
    .select({
      id: beds.id,
      label: beds.label,
      status: beds.status,
      stayId: stays.id,
      stayStatus: stays.status,
      patientId: stays.patientId,
      patientName: fullNameOf(),
      dateOfBirth: users.dateOfBirth,
      gender: users.gender,
      admittedAt: stays.admittedAt,
      plannedFor: stays.plannedFor,
      doctorName,
      diagnosis: sql<string>`coalesce(nullif(${stays.diagnosisText}, ''), ${stays.diagnosisTitle}, ${stays.reason})`,
      hasAllergies: sql<boolean>`coalesce(cardinality(${patientMedicalDetails.allergies}) > 0, false)`,
    })
    .from(beds)
    .leftJoin(stays, and(eq(stays.bedId, beds.id), inArray(stays.status, [...OPEN_STAY_STATUSES])))
    .leftJoin(users, eq(users.id, stays.patientId))
    .leftJoin(doctorInCharge, eq(doctorInCharge.id, stays.doctorId))
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, stays.patientId))
    .where(eq(beds.wardId, wardId))
    .orderBy(asc(beds.label), asc(beds.id));
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const counts = Object.fromEntries(BED_STATUSES.map((s) => [s, 0])) as Record<BedStatus, number>;
  for (const row of rows) counts[row.status] += 1;
  const patientIds = rows.flatMap((r) => (r.patientId ? [r.patientId] : []));
  const stayIds = rows.flatMap((r) => (r.stayId ? [r.stayId] : []));
  const [scores, doses] = await Promise.all([latestNews2(ctx, stayIds), doseCounts(ctx, stayIds)]);
  await audit(ctx, { action: 'ward.board', entityType: 'ward', entityId: wardId, details: { patientIds } });
  return {
    ward,
    counts,
    beds: rows.map((row) => ({
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
              news2: scores.get(row.stayId) ?? null,
              doses: doses.get(row.stayId) ?? { due: 0, overdue: 0 },
            }
          : null,
    })),
  };
}
