import { addDays, dischargeSummaryInputSchema, toLocalDateTime } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { actingAs, actorOf } from '../../lib/context';
import { bookFollowUp, saveDischargeSummary, signDischargeSummary } from '../../modules/discharge-summaries';
import { slotsFor } from '../../modules/schedules';
import { stays, users } from '../schema';
import type { SeedContext } from './context';

const HOUR = 3_600_000;

/**
 * The demo patient's discharged stay (inpatient.ts) gets its discharge summary, written and
 * signed by the demo doctor through the service three hours before the discharge, with a
 * follow-up in the doctor's clinic two weeks after it: the patient area shows its PDF.
 */
export async function seedDischargeSummary(ctx: SeedContext) {
  const [found] = await ctx.db
    .select({ stayId: stays.id, dischargedAt: stays.dischargedAt, doctor: users })
    .from(stays)
    .innerJoin(users, eq(users.id, stays.doctorId))
    .where(and(eq(stays.status, 'Discharged'), eq(users.email, 'doctor@carepoint.example')))
    .limit(1);
  if (!found?.dischargedAt) throw new Error('the demo patient’s discharged stay is missing');
  const signedAt = new Date(found.dischargedAt.getTime() - 3 * HOUR);
  const asDoctor = { ...actingAs(ctx, actorOf(found.doctor)), now: () => signedAt };
  await saveDischargeSummary(
    asDoctor,
    found.stayId,
    dischargeSummaryInputSchema.parse({
      principalDiagnosis: { code: 'B50.9', text: 'Falciparum malaria, uncomplicated after treatment' },
      secondaryDiagnoses: [{ code: 'D50.9', text: 'Mild iron deficiency anaemia' }],
      procedures:
        'IV artesunate for 24 hours, then artemether-lumefantrine by mouth; IV fluids; paracetamol for fever.',
      course:
        'Admitted with fever of 39.4 °C and joint pains; malaria parasites seen on the film. Afebrile from day 2, ' +
        'eating and drinking from day 3, repeat film negative on day 4. Haemoglobin 10.8 g/dL.',
      medicines: [
        {
          name: 'Artemether-lumefantrine 80/480 mg',
          dose: '1 tablet',
          frequency: 'Twice daily',
          duration: '2 more days',
        },
        { name: 'Ferrous sulfate 200 mg', dose: '1 tablet', frequency: 'Once daily', duration: '3 months' },
        {
          name: 'Paracetamol 500 mg',
          dose: '2 tablets',
          frequency: 'Every 8 hours when needed',
          duration: '3 days',
        },
      ],
      followUpInstructions:
        'Finish the malaria tablets. Sleep under a treated net. Come back at once for fever, vomiting, ' +
        'dark urine or drowsiness. Full blood count at the follow-up visit.',
    }),
  );
  const dischargeDay = toLocalDateTime(found.dischargedAt, ctx.config.TIME_ZONE).date;
  for (let days = 14; days < 28; days += 1) {
    const date = addDays(dischargeDay, days);
    const { slots } = await slotsFor(asDoctor, found.doctor.id, date);
    // The day's last free time: the demo patient's own bookings (and the browser tests') start early.
    const time = slots.at(-1);
    if (time) {
      await bookFollowUp(asDoctor, found.stayId, { doctorId: found.doctor.id, date, time });
      break;
    }
  }
  await signDischargeSummary(asDoctor, found.stayId);
}
