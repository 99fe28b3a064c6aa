import type { Stay } from '@carepoint/contract';
import { STAY_MESSAGES } from '@carepoint/contract';
import { asc, eq } from 'drizzle-orm';
import { beds, patientMedicalDetails, stayLocations, stays, users, wards } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { iso, isoOrNull } from '../../lib/list';
import { ageOn, fullNameOf } from '../../lib/people';
import { daysBetween, doctorInCharge, doctorName } from './people';

/** GET /api/stays/:stayId: the stay's page header and details, with where the patient lay. Audited as a read. */
export async function getStay(ctx: ServiceContext, stayId: string): Promise<Stay> {
  const [row] = await ctx.db
    .select({
      stay: stays,
      patientName: fullNameOf(),
      recordNumber: users.recordNumber,
      dateOfBirth: users.dateOfBirth,
      gender: users.gender,
      allergies: patientMedicalDetails.allergies,
      wardName: wards.name,
      bedLabel: beds.label,
      bedStatus: beds.status,
      doctorName,
    })
    .from(stays)
    .innerJoin(users, eq(users.id, stays.patientId))
    .innerJoin(wards, eq(wards.id, stays.wardId))
    .innerJoin(doctorInCharge, eq(doctorInCharge.id, stays.doctorId))
    .leftJoin(beds, eq(beds.id, stays.bedId))
    .leftJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, stays.patientId))
    .where(eq(stays.id, stayId));
  if (!row) throw notFoundWith(STAY_MESSAGES.notFound);
  const locations = await ctx.db
    .select({
      wardName: wards.name,
      bedLabel: stayLocations.bedLabel,
      fromAt: stayLocations.fromAt,
      toAt: stayLocations.toAt,
    })
    .from(stayLocations)
    .innerJoin(wards, eq(wards.id, stayLocations.wardId))
    .where(eq(stayLocations.stayId, stayId))
    .orderBy(asc(stayLocations.fromAt));
  const { stay } = row;
  await audit(ctx, { action: 'stay.read', entityType: 'stay', entityId: stay.id, patientId: stay.patientId });
  const today = facilityDate(ctx.now(), ctx.config.TIME_ZONE);
  const admittedOn = stay.admittedAt ? facilityDate(stay.admittedAt, ctx.config.TIME_ZONE) : null;
  return {
    id: stay.id,
    status: stay.status,
    patient: {
      id: stay.patientId,
      name: row.patientName,
      recordNumber: row.recordNumber,
      age: ageOn(row.dateOfBirth, today),
      gender: row.gender,
      allergies: row.allergies ?? [],
    },
    ward: { id: stay.wardId, name: row.wardName },
    bed:
      stay.bedId && row.bedLabel && row.bedStatus
        ? { id: stay.bedId, label: row.bedLabel, status: row.bedStatus }
        : null,
    doctor: { id: stay.doctorId, name: row.doctorName },
    admitSource: stay.admitSource,
    reason: stay.reason,
    diagnosis:
      stay.diagnosisCode && stay.diagnosisTitle
        ? { code: stay.diagnosisCode, title: stay.diagnosisTitle }
        : null,
    diagnosisText: stay.diagnosisText,
    expectedDays: stay.expectedDays,
    plannedFor: stay.plannedFor,
    admittedAt: isoOrNull(stay.admittedAt),
    dischargedAt: isoOrNull(stay.dischargedAt),
    dischargeDisposition: stay.dischargeDisposition,
    daysSinceAdmission: admittedOn && stay.status === 'Admitted' ? daysBetween(admittedOn, today) : null,
    locations: locations.map((l) => ({ ...l, fromAt: iso(l.fromAt), toAt: isoOrNull(l.toAt) })),
  };
}
