import {
  news2,
  OBSERVATION_FUTURE_SKEW_MS,
  OBSERVATION_MESSAGES,
  type ObservationSet,
  type RecordObservations,
} from '@carepoint/contract';
import { eq, sql } from 'drizzle-orm';
import { observationAlerts, observationSets, stays, vitalSigns } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { readSet } from './sets';

/**
 * POST a set of observations for an admitted stay. The stay's row is held FOR SHARE, so a discharge
 * (which updates it) waits for the set or the set sees the discharge: never a set on a finished
 * stay. The values go to vital_signs (source 'ward'), the NEWS2 to observation_sets; a set that
 * alerts raises the stay's open alert, or moves it to this set (one open alert per stay: the
 * partial unique index observation_alerts_open_unique, so parallel sets renew one alert).
 */
export async function recordObservations(
  ctx: ServiceContext,
  stayId: string,
  input: RecordObservations,
): Promise<ObservationSet> {
  const recorderId = signedIn(ctx.actor).id;
  const result = news2(input);
  const { setId, doctorId } = await ctx.db.transaction(async (tx) => {
    const [stay] = await tx
      .select({
        patientId: stays.patientId,
        doctorId: stays.doctorId,
        status: stays.status,
        admittedAt: stays.admittedAt,
      })
      .from(stays)
      .where(eq(stays.id, stayId))
      .for('share');
    if (!stay) throw notFoundWith(OBSERVATION_MESSAGES.stayNotFound);
    if (stay.status !== 'Admitted') throw conflict('STAY_NOT_ADMITTED', OBSERVATION_MESSAGES.stayNotAdmitted);
    const now = ctx.now();
    const takenAt = input.takenAt ? new Date(input.takenAt) : now;
    if (takenAt.getTime() > now.getTime() + OBSERVATION_FUTURE_SKEW_MS)
      throw badRequest(OBSERVATION_MESSAGES.takenAtFuture, 'takenAt');
    if (stay.admittedAt && takenAt < stay.admittedAt)
      throw badRequest(OBSERVATION_MESSAGES.takenAtBeforeAdmission, 'takenAt');

    const [vital] = await tx
      .insert(vitalSigns)
      .values({
        patientId: stay.patientId,
        recordedAt: takenAt,
        recordedBy: recorderId,
        source: 'ward',
        heartRate: input.pulse,
        systolic: input.systolic,
        temperature: input.temperature,
        respiratoryRate: input.respiratoryRate,
        oxygenSaturation: input.oxygenSaturation,
      })
      .returning({ id: vitalSigns.id });
    if (!vital) throw new Error('vital signs not written');
    const [set] = await tx
      .insert(observationSets)
      .values({
        stayId,
        patientId: stay.patientId,
        vitalSignsId: vital.id,
        recordedBy: recorderId,
        takenAt,
        spo2Scale: input.spo2Scale,
        onOxygen: input.airOrOxygen === 'Oxygen',
        consciousness: input.consciousness,
        score: result.score,
        risk: result.risk,
        alertsDoctor: result.alertsDoctor,
      })
      .returning({ id: observationSets.id });
    if (!set) throw new Error('observation set not written');

    let alertId: string | undefined;
    if (result.alertsDoctor) {
      const trigger = { observationSetId: set.id, score: result.score, risk: result.risk, takenAt };
      const [alert] = await tx
        .insert(observationAlerts)
        .values({ stayId, raisedAt: now, ...trigger })
        .onConflictDoUpdate({
          target: observationAlerts.stayId,
          targetWhere: sql`${observationAlerts.acknowledgedAt} is null`,
          set: trigger,
          // A set entered late (taken before the alert's latest) leaves the alert on the newer one.
          setWhere: sql`${observationAlerts.takenAt} <= excluded.taken_at`,
        })
        .returning({ id: observationAlerts.id });
      alertId = alert?.id;
    }
    await audit(inTransaction(ctx, tx), {
      action: 'observations.record',
      entityType: 'stay',
      entityId: stayId,
      patientId: stay.patientId,
      details: {
        observationSetId: set.id,
        score: result.score,
        risk: result.risk,
        ...(alertId ? { alertId } : {}),
      },
    });
    return { setId: set.id, doctorId: stay.doctorId };
  });
  await ctx.publish('wards', { doctorIds: [doctorId] });
  return readSet(ctx.db, setId);
}
