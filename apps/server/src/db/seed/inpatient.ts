import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { facilityDate } from '../../lib/facility-time';
import { beds, stayLocations, stays, users } from '../schema';
import type { SeedContext } from './context';

/*
 * Inpatient stays behind the demo beds (admin-area.ts placed the patients): each Occupied bed is an
 * admitted stay under the demo doctor or a colleague, for a different reason and length; the
 * Reserved maternity bed is a planned admission for tomorrow. One stay ended last week, so the
 * patient area has a discharge to show.
 */

const DAY = 86_400_000;

/** Why each demo patient came in: the reason, the doctor's wording and its ICD-10-CM code and title. */
const REASONS: Array<{
  reason: string;
  text: string;
  code: string;
  title: string;
  days: number;
  los: number;
}> = [
  {
    reason: 'Fever and breathlessness',
    text: 'Community-acquired pneumonia',
    code: 'J18.9',
    title: 'Pneumonia, unspecified organism',
    days: 3,
    los: 5,
  },
  {
    reason: 'Severe malaria, vomiting',
    text: 'Falciparum malaria',
    code: 'B50.9',
    title: 'Plasmodium falciparum malaria, unspecified',
    days: 1,
    los: 4,
  },
  {
    reason: 'Right lower abdominal pain',
    text: 'Acute appendicitis, after appendicectomy',
    code: 'K35.80',
    title: 'Unspecified acute appendicitis',
    days: 2,
    los: 3,
  },
  {
    reason: 'Sudden weakness of the left side',
    text: 'Ischaemic stroke',
    code: 'I63.9',
    title: 'Cerebral infarction, unspecified',
    days: 6,
    los: 14,
  },
  {
    reason: 'Fever, confusion, low blood pressure',
    text: 'Sepsis from a urinary source',
    code: 'A41.9',
    title: 'Sepsis, unspecified organism',
    days: 4,
    los: 10,
  },
  {
    reason: 'Raised blood pressure at 34 weeks',
    text: 'Pre-eclampsia',
    code: 'O14.93',
    title: 'Unspecified pre-eclampsia, third trimester',
    days: 2,
    los: 5,
  },
];

export async function seedStays(ctx: SeedContext) {
  const doctors = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'doctor'))
    .orderBy(asc(users.createdAt), asc(users.email));
  const doctorOf = (i: number) => doctors[i % 2 === 0 ? 0 : Math.min(1, doctors.length - 1)]?.id ?? '';
  const held = await ctx.db
    .select({
      id: beds.id,
      label: beds.label,
      wardId: beds.wardId,
      status: beds.status,
      patientId: beds.patientId,
    })
    .from(beds)
    .where(and(isNotNull(beds.patientId), inArray(beds.status, ['Occupied', 'Reserved'])))
    .orderBy(asc(beds.label));
  const now = ctx.seededAt.getTime();
  for (const [i, bed] of held.entries()) {
    const why = REASONS[i % REASONS.length];
    if (!why || !bed.patientId) continue;
    const planned = bed.status === 'Reserved';
    const admittedAt = planned ? null : new Date(now - why.days * DAY - (i + 1) * 3_600_000);
    const [stay] = await ctx.db
      .insert(stays)
      .values({
        patientId: bed.patientId,
        wardId: bed.wardId,
        bedId: bed.id,
        doctorId: doctorOf(i),
        status: planned ? 'Planned' : 'Admitted',
        admitSource: planned ? 'Planned' : i % 2 === 0 ? 'Emergency' : 'Outpatient',
        reason: why.reason,
        diagnosisCode: why.code,
        diagnosisTitle: why.title,
        diagnosisText: why.text,
        expectedDays: why.los,
        plannedFor: planned ? facilityDate(new Date(now + DAY), ctx.config.TIME_ZONE) : null,
        admittedAt,
        createdAt: admittedAt ?? ctx.seededAt,
        updatedAt: admittedAt ?? ctx.seededAt,
      })
      .returning({ id: stays.id });
    if (stay && admittedAt) {
      await ctx.db.insert(stayLocations).values({
        stayId: stay.id,
        wardId: bed.wardId,
        bedId: bed.id,
        bedLabel: bed.label,
        fromAt: admittedAt,
      });
    }
  }
}

/** The demo patient's own stay, ended five days ago: the patient area's discharge. */
export async function seedDischargedStay(ctx: SeedContext) {
  const [patient] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'patient@carepoint.example'));
  const [doctor] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'doctor@carepoint.example'));
  const [bed] = await ctx.db
    .select()
    .from(beds)
    .where(eq(beds.status, 'Free'))
    .orderBy(asc(beds.label))
    .limit(1);
  if (!patient || !doctor || !bed) throw new Error('the demo patient, doctor or a free bed is missing');
  const now = ctx.seededAt.getTime();
  const admittedAt = new Date(now - 10 * DAY);
  const dischargedAt = new Date(now - 5 * DAY);
  const [stay] = await ctx.db
    .insert(stays)
    .values({
      patientId: patient.id,
      wardId: bed.wardId,
      doctorId: doctor.id,
      status: 'Discharged',
      admitSource: 'Emergency',
      reason: 'High fever and joint pains for three days',
      diagnosisCode: 'B50.9',
      diagnosisTitle: 'Plasmodium falciparum malaria, unspecified',
      diagnosisText: 'Falciparum malaria',
      expectedDays: 4,
      admittedAt,
      dischargedAt,
      dischargeDisposition: 'Home',
      createdAt: admittedAt,
      updatedAt: dischargedAt,
    })
    .returning({ id: stays.id });
  if (!stay) throw new Error('stay not created');
  await ctx.db.insert(stayLocations).values({
    stayId: stay.id,
    wardId: bed.wardId,
    bedId: bed.id,
    bedLabel: bed.label,
    fromAt: admittedAt,
    toAt: dischargedAt,
  });
}
