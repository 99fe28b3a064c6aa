import type { TriageIntakeInput } from '@carepoint/contract';
import { triageIntakeSchema } from '@carepoint/contract';
import { eq, inArray } from 'drizzle-orm';
import { actingAs, actorOf } from '../../lib/context';
import { facilityDay } from '../../lib/facility-time';
import { recordTriage } from '../../modules/triage';
import { users } from '../schema';
import type { SeedContext } from './context';

/*
 * The demo doctor's day: their years of practice for the profile card, and this morning's triage
 * intakes, recorded through the triage service (so the ER and General queue hold them too).
 */

const DEMO_DOCTOR = 'doctor@carepoint.example';
const MINUTE = 60_000;

/** Intakes of today, by minutes before the seed's instant (never before the day began). */
const INTAKES: Array<[minutesAgo: number, patientEmail: string | null, TriageIntakeInput]> = [
  [
    95,
    null,
    {
      patientName: 'Musa Danladi',
      heartRate: 132,
      systolic: 188,
      diastolic: 112,
      temperature: 38.9,
      respiratoryRate: 26,
      oxygenSaturation: 92,
      complaint: 'Chest pain and shortness of breath',
    },
  ],
  [
    70,
    'chioma.adeyemi@carepoint.example',
    { heartRate: 118, systolic: 86, diastolic: 58, temperature: 37.2, complaint: 'Dizziness after vomiting' },
  ],
  [
    40,
    'patient@carepoint.example',
    { heartRate: 76, systolic: 124, diastolic: 82, temperature: 38.7, complaint: 'Fever since yesterday' },
  ],
  [
    15,
    null,
    {
      patientName: 'Tobi Akande',
      heartRate: 104,
      systolic: 100,
      temperature: 37.4,
      complaint: 'Sprained ankle at school',
      department: 'Pediatrics',
      routingReason: 'A child of 9: seen by the paediatric team',
    },
  ],
];

export async function seedDoctorDay(ctx: SeedContext) {
  const [doctor] = await ctx.db.select().from(users).where(eq(users.email, DEMO_DOCTOR)).limit(1);
  if (!doctor) return;
  await ctx.db.update(users).set({ experienceYears: 12, gender: 'male' }).where(eq(users.id, doctor.id));

  const emails = INTAKES.flatMap(([, email]) => email ?? []);
  const patients = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const dayStart = facilityDay(ctx.seededAt, ctx.config.TIME_ZONE).start.getTime();
  const asDoctor = actingAs(ctx, actorOf(doctor));
  for (const [minutesAgo, email, fields] of INTAKES) {
    const at = new Date(Math.max(dayStart, ctx.seededAt.getTime() - minutesAgo * MINUTE));
    const patientId = email ? (patients.find((p) => p.email === email)?.id ?? null) : null;
    if (email && !patientId) continue;
    await recordTriage(
      { ...asDoctor, now: () => at },
      triageIntakeSchema.parse({ patientName: '', ...fields, patientId }),
    );
  }
}
