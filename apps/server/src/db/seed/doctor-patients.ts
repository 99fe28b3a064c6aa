import { BLOOD_GROUPS } from '@carepoint/contract';
import { asc, eq } from 'drizzle-orm';
import { actingAs, actorOf } from '../../lib/context';
import { updateMedicalDetails } from '../../modules/charts';
import { users, vitalSigns } from '../schema';
import { bodyOf, isWeighed, weightDaysAgo } from './bodies';
import type { SeedContext } from './context';

/*
 * Medical details and a history of vitals for the demo patients, so the doctor's Patient List
 * cards and the chart drawer show real values. The history is inserted as triage readings of
 * past months; the current details and the latest measurement are saved as the demo doctor
 * saves them (the charts service: its vitals row and audit row). Every few patients have
 * nothing on file, as a new patient would.
 */

const DAY = 24 * 60 * 60 * 1000;

const TREATMENTS = [
  'Amlodipine 5 mg daily',
  'Metformin 500 mg twice daily',
  null,
  'Salbutamol inhaler as needed',
  'Physiotherapy twice a week',
  null,
  'Iron supplements',
];
const SURGERIES = [null, null, 'Knee arthroscopy scheduled', null, null, 'Appendectomy recovery'];
const ALLERGIES = [['Penicillin'], [], ['Peanuts', 'Latex'], [], ['Sulfonamides'], []];

export async function seedDoctorPatients(ctx: SeedContext) {
  const [doctor] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, 'doctor@carepoint.example'))
    .limit(1);
  const patients = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'patient'))
    .orderBy(asc(users.email));
  if (!doctor) return;
  const asDoctor = actingAs(ctx, actorOf(doctor));
  const at = (daysAgo: number) => new Date(ctx.seededAt.getTime() - daysAgo * DAY);

  const history: Array<typeof vitalSigns.$inferInsert> = [];
  for (const [i, patient] of patients.entries()) {
    // The documented demo patient, and those a diagnosis test weighs, always have a chart to show.
    if (i % 5 === 4 && !isWeighed(patient.email)) continue;
    const { weight, height } = bodyOf(patient.email, i);
    const systolic = 112 + ((i * 9) % 40);
    const glucose = 85 + ((i * 13) % 70);
    for (const monthsAgo of [6, 3]) {
      const daysAgo = monthsAgo * 30 + i;
      history.push({
        patientId: patient.id,
        recordedAt: at(daysAgo),
        source: 'triage',
        heartRate: 68 + ((i + monthsAgo) % 20),
        systolic: systolic + monthsAgo,
        diastolic: 72 + ((i + monthsAgo) % 15),
        temperature: 36.6 + (monthsAgo % 3) / 10,
        respiratoryRate: 14 + (i % 5),
        oxygenSaturation: 96 + (i % 4),
        weight: weightDaysAgo(weight, daysAgo),
        height,
        bloodGlucose: glucose + monthsAgo * 2,
      });
    }
    await updateMedicalDetails(asDoctor, patient.id, {
      bloodGroup: BLOOD_GROUPS[i % BLOOD_GROUPS.length] ?? null,
      treatment: TREATMENTS[i % TREATMENTS.length] ?? null,
      ongoingSurgeries: SURGERIES[i % SURGERIES.length] ?? null,
      allergies: ALLERGIES[i % ALLERGIES.length] ?? [],
      weight,
      systolic,
      diastolic: 70 + (i % 15),
      // Some patients' glucose was last taken at triage: the card shows that older value.
      bloodGlucose: i % 3 === 0 ? null : glucose,
    });
  }
  if (history.length > 0) await ctx.db.insert(vitalSigns).values(history);
}
