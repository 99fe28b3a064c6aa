import type { RecordObservations } from '@carepoint/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { actingAs, actorOf } from '../../lib/context';
import { acknowledgeAlert, recordObservations } from '../../modules/observations';
import { observationAlerts, stays, users } from '../schema';
import type { SeedContext } from './context';

/*
 * Ward observations of the demo stays, recorded through the service by the demo nurse: 12-hourly
 * calm sets since each admission (at most the last six), and one patient of the demo doctor who
 * deteriorates over the last two days, 8-hourly, to NEWS2 8 (high risk) with the doctor's alert
 * still open. Another of the doctor's patients had a moment of new confusion, alerted and
 * acknowledged, so the board shows both an open and an acknowledged alert.
 */

const HOUR = 3_600_000;

/** A calm set that varies a little from one set to the next (deterministic). */
function calmSet(n: number): RecordObservations {
  const wave = (values: readonly number[]) => values[n % values.length] ?? values[0] ?? 0;
  return {
    respiratoryRate: wave([16, 14, 18, 15, 17]),
    oxygenSaturation: wave([97, 98, 96, 97]),
    spo2Scale: 1,
    airOrOxygen: 'Air',
    systolic: wave([122, 128, 118, 131, 125]),
    pulse: wave([74, 80, 69, 86, 77]),
    consciousness: 'Alert',
    temperature: wave([36.8, 37.0, 36.6, 37.2]),
    takenAt: null,
  };
}

/** The deteriorating patient, oldest first: NEWS2 0, 2, 3, 4, 6 (alert raised), 8 on oxygen (alert moved). */
const DETERIORATING: ReadonlyArray<Partial<RecordObservations>> = [
  { respiratoryRate: 18, oxygenSaturation: 96, systolic: 124, pulse: 84, temperature: 37.2 },
  { respiratoryRate: 20, oxygenSaturation: 95, systolic: 118, pulse: 92, temperature: 37.9 },
  { respiratoryRate: 21, oxygenSaturation: 96, systolic: 116, pulse: 92, temperature: 37.8 },
  { respiratoryRate: 22, oxygenSaturation: 95, systolic: 114, pulse: 94, temperature: 37.9 },
  { respiratoryRate: 23, oxygenSaturation: 94, systolic: 106, pulse: 104, temperature: 38.4 },
  {
    respiratoryRate: 24,
    oxygenSaturation: 95,
    airOrOxygen: 'Oxygen',
    systolic: 108,
    pulse: 108,
    temperature: 38.6,
  },
];

const at = (when: number) => new Date(when).toISOString();

export async function seedObservations(ctx: SeedContext) {
  const [nurse] = await ctx.db.select().from(users).where(eq(users.email, 'nurse@carepoint.example'));
  const [doctor] = await ctx.db.select().from(users).where(eq(users.email, 'doctor@carepoint.example'));
  if (!nurse || !doctor) throw new Error('the demo nurse or doctor is missing');
  const asNurse = actingAs(ctx, actorOf(nurse));
  const admitted = await ctx.db
    .select({ id: stays.id, doctorId: stays.doctorId, admittedAt: stays.admittedAt })
    .from(stays)
    .where(eq(stays.status, 'Admitted'))
    .orderBy(asc(stays.admittedAt), asc(stays.id));
  const doctorsOwn = admitted.filter((s) => s.doctorId === doctor.id);
  const deteriorating = doctorsOwn[0];
  const confusedOnce = doctorsOwn[1];
  const now = ctx.seededAt.getTime();

  for (const stay of admitted) {
    if (!stay.admittedAt) continue;
    const from = stay.admittedAt.getTime() + HOUR;
    const until = stay === deteriorating ? now - 2 * 24 * HOUR : now - HOUR;
    const times: number[] = [];
    for (let when = until; when >= from && times.length < 6; when -= 12 * HOUR) times.unshift(when);
    for (const [n, when] of times.entries()) {
      const confused = stay === confusedOnce && n === Math.max(0, times.length - 3);
      await recordObservations(asNurse, stay.id, {
        ...calmSet(n),
        ...(confused ? { consciousness: 'New confusion' as const, temperature: 38.2 } : {}),
        takenAt: at(when),
      });
    }
  }
  if (deteriorating?.admittedAt) {
    // 8-hourly up to an hour ago, closer together should the admission be more recent.
    const last = now - HOUR;
    const first = Math.max(
      deteriorating.admittedAt.getTime() + HOUR,
      last - (DETERIORATING.length - 1) * 8 * HOUR,
    );
    const step = (last - first) / (DETERIORATING.length - 1);
    for (const [n, change] of DETERIORATING.entries()) {
      await recordObservations(asNurse, deteriorating.id, {
        ...calmSet(n),
        ...change,
        takenAt: at(Math.round(first + n * step)),
      });
    }
  }
  // The doctor took note of the confusion (since resolved); the deterioration's alert stays open.
  if (confusedOnce) {
    const asDoctor = actingAs(ctx, actorOf(doctor));
    const [open] = await ctx.db
      .select({ id: observationAlerts.id })
      .from(observationAlerts)
      .where(and(eq(observationAlerts.stayId, confusedOnce.id), isNull(observationAlerts.acknowledgedAt)));
    if (open) await acknowledgeAlert(asDoctor, open.id);
  }
}
