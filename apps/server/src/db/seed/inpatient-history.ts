import { OPEN_STAY_STATUSES } from '@carepoint/contract';
import { and, asc, eq, inArray, isNotNull, isNull, max, ne, notExists, notInArray, sql } from 'drizzle-orm';
import { facilityDay } from '../../lib/facility-time';
import { beds, stayLocations, stays, users, wards } from '../schema';
import type { SeedContext } from './context';

/*
 * Stays that came and went over the last two weeks, so the inpatient analytics have admissions,
 * discharges and lengths of stay to show: each a Discharged stay with its one bed in
 * stay_locations, on a bed that is Free now and was free then, of a patient with no open stay
 * and no bed (so nobody has two open stays, and the demo patient's own story stays as it is).
 * The last went home today, so the dashboard's "Discharged" today is not always 0.
 * Codes and titles are ICD-10-CM's, as shipped in apps/server/code-systems/icd-10-cm.txt.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Admitted `ago` days (and `hour` hours) before the seed, for `los` days; why they came in. */
const HISTORY: Array<{
  ago: number;
  hour: number;
  los: number;
  reason: string;
  code: string;
  title: string;
}> = [
  {
    ago: 13,
    hour: 3,
    los: 4,
    reason: 'Fever and cough',
    code: 'J18.9',
    title: 'Pneumonia, unspecified organism',
  },
  {
    ago: 12,
    hour: 7,
    los: 2,
    reason: 'Diarrhoea and vomiting',
    code: 'A09',
    title: 'Infectious gastroenteritis and colitis, unspecified',
  },
  {
    ago: 11,
    hour: 1,
    los: 3,
    reason: 'Fever and rigors',
    code: 'B50.9',
    title: 'Plasmodium falciparum malaria, unspecified',
  },
  {
    ago: 9,
    hour: 5,
    los: 5,
    reason: 'High blood sugar, thirst',
    code: 'E11.65',
    title: 'Type 2 diabetes mellitus with hyperglycemia',
  },
  {
    ago: 8,
    hour: 2,
    los: 1,
    reason: 'Burning urine and fever',
    code: 'N39.0',
    title: 'Urinary tract infection, site not specified',
  },
  {
    ago: 7,
    hour: 9,
    los: 3,
    reason: 'Right lower abdominal pain',
    code: 'K35.80',
    title: 'Unspecified acute appendicitis',
  },
  {
    ago: 6,
    hour: 4,
    los: 2,
    reason: 'Tiredness and breathlessness',
    code: 'D64.9',
    title: 'Anemia, unspecified',
  },
  {
    ago: 5,
    hour: 6,
    los: 3,
    reason: 'Severe headache, very high blood pressure',
    code: 'I10',
    title: 'Essential (primary) hypertension',
  },
  {
    ago: 4,
    hour: 8,
    los: 2,
    reason: 'Fever for a week, abdominal pain',
    code: 'A01.00',
    title: 'Typhoid fever, unspecified',
  },
  {
    ago: 3,
    hour: 2,
    los: 1,
    reason: 'Vomiting, unable to keep fluids down',
    code: 'A09',
    title: 'Infectious gastroenteritis and colitis, unspecified',
  },
  {
    ago: 2,
    hour: 5,
    los: 1,
    reason: 'Fever and cough',
    code: 'J18.9',
    title: 'Pneumonia, unspecified organism',
  },
  // Discharged today (see timesOf).
  {
    ago: 0,
    hour: 0,
    los: 3,
    reason: 'Fever and rigors',
    code: 'B50.9',
    title: 'Plasmodium falciparum malaria, unspecified',
  },
];

/**
 * When a past stay began and ended. `ago` 0 is a stay that ended today: halfway between the
 * facility's midnight and the seed, so it is today and already over whenever the seed runs.
 */
function timesOf(past: (typeof HISTORY)[number], ctx: SeedContext) {
  const now = ctx.seededAt.getTime();
  if (past.ago === 0) {
    const midnight = facilityDay(ctx.seededAt, ctx.config.TIME_ZONE).start.getTime();
    const dischargedAt = new Date(midnight + Math.floor((now - midnight) / 2));
    return { admittedAt: new Date(dischargedAt.getTime() - past.los * DAY), dischargedAt };
  }
  const admittedAt = new Date(now - past.ago * DAY - past.hour * HOUR);
  return { admittedAt, dischargedAt: new Date(admittedAt.getTime() + past.los * DAY + 2 * HOUR) };
}

export async function seedInpatientHistory(ctx: SeedContext) {
  const { db } = ctx;
  const [doctor] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'doctor@carepoint.example'));
  // Patients with no open stay and no bed, the demo patient aside.
  const patients = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'patient'),
        ne(users.email, 'patient@carepoint.example'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(stays)
            .where(and(eq(stays.patientId, users.id), inArray(stays.status, OPEN_STAY_STATUSES))),
        ),
        notExists(db.select({ one: sql`1` }).from(beds).where(eq(beds.patientId, users.id))),
      ),
    )
    .orderBy(asc(users.email));
  // Free beds of wards that take anyone (no sex rule, no children's or maternity ward), with when
  // each was last left, so no two stays share a bed at once.
  const free = await db
    .select({ id: beds.id, label: beds.label, wardId: beds.wardId, freeFrom: max(stayLocations.toAt) })
    .from(beds)
    .innerJoin(wards, eq(wards.id, beds.wardId))
    .leftJoin(stayLocations, and(eq(stayLocations.bedId, beds.id), isNotNull(stayLocations.toAt)))
    .where(
      and(
        eq(beds.status, 'Free'),
        isNull(beds.patientId),
        eq(wards.sexRule, 'Mixed'),
        notInArray(wards.kind, ['Paediatric', 'Maternity']),
      ),
    )
    .groupBy(beds.id)
    .orderBy(asc(beds.label));
  if (!doctor || patients.length === 0 || free.length === 0)
    throw new Error('no doctor, patient or free bed for the stay history');
  // When each bed and each patient is next free: neither is in two stays at once.
  const freeAt = new Map<string, number>(free.map((bed) => [bed.id, bed.freeFrom?.getTime() ?? 0]));
  const isFree = (id: string, at: Date) => (freeAt.get(id) ?? 0) <= at.getTime();

  for (const [i, past] of HISTORY.entries()) {
    const { admittedAt, dischargedAt } = timesOf(past, ctx);
    const patient = [...patients.slice(i % patients.length), ...patients].find((p) =>
      isFree(p.id, admittedAt),
    );
    const bed = free.find((b) => isFree(b.id, admittedAt));
    if (!patient || !bed) continue;
    // Held until the later of its stays ends (the one today began before the last few).
    for (const id of [bed.id, patient.id])
      freeAt.set(id, Math.max(freeAt.get(id) ?? 0, dischargedAt.getTime()));
    const [stay] = await db
      .insert(stays)
      .values({
        patientId: patient.id,
        wardId: bed.wardId,
        doctorId: doctor.id,
        status: 'Discharged',
        admitSource: i % 3 === 0 ? 'Outpatient' : 'Emergency',
        reason: past.reason,
        diagnosisCode: past.code,
        diagnosisTitle: past.title,
        diagnosisText: past.title,
        expectedDays: past.los,
        admittedAt,
        dischargedAt,
        dischargeDisposition: 'Home',
        createdAt: admittedAt,
        updatedAt: dischargedAt,
      })
      .returning({ id: stays.id });
    if (!stay) throw new Error('stay not created');
    await db.insert(stayLocations).values({
      stayId: stay.id,
      wardId: bed.wardId,
      bedId: bed.id,
      bedLabel: bed.label,
      fromAt: admittedAt,
      toAt: dischargedAt,
    });
  }
}
