import { type DoctorAlert, type DoctorAlertList, OBSERVATION_MESSAGES } from '@carepoint/contract';
import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { beds, observationAlerts, stays, users, wards } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { conflict, notFoundWith, signedIn } from '../../lib/errors';
import { fullNameOf, recordNumberOf } from '../../lib/people';

/*
 * The doctor's alerts: a stay's open alert reaches only its doctor in charge (stays.doctor_id as it
 * is now, so a change of doctor hands the alert over), and only while the patient is admitted.
 */

/** More open alerts than this at once would be a ward in crisis; the panel shows the worst first. */
const OPEN_ALERTS_SHOWN = 100;

const patient = alias(users, 'patient');
const acknowledger = alias(users, 'acknowledger');

const alertRows = (ctx: ServiceContext, where: SQL | undefined) =>
  ctx.db
    .select({
      id: observationAlerts.id,
      stayId: observationAlerts.stayId,
      score: observationAlerts.score,
      risk: observationAlerts.risk,
      raisedAt: observationAlerts.raisedAt,
      takenAt: observationAlerts.takenAt,
      observationSetId: observationAlerts.observationSetId,
      acknowledgedAt: observationAlerts.acknowledgedAt,
      acknowledgerId: acknowledger.id,
      acknowledgerName: fullNameOf(acknowledger),
      patientId: patient.id,
      patientName: fullNameOf(patient),
      recordNumber: recordNumberOf(patient),
      wardId: wards.id,
      wardName: wards.name,
      bed: beds.label,
    })
    .from(observationAlerts)
    .innerJoin(stays, eq(stays.id, observationAlerts.stayId))
    .innerJoin(patient, eq(patient.id, stays.patientId))
    .innerJoin(wards, eq(wards.id, stays.wardId))
    .leftJoin(beds, eq(beds.id, stays.bedId))
    .leftJoin(acknowledger, eq(acknowledger.id, observationAlerts.acknowledgedBy))
    .where(where);

type AlertRow = Awaited<ReturnType<typeof alertRows>>[number];

const toAlert = (row: AlertRow): DoctorAlert => ({
  id: row.id,
  stayId: row.stayId,
  score: row.score,
  risk: row.risk,
  patient: { id: row.patientId, name: row.patientName, recordNumber: row.recordNumber },
  ward: { id: row.wardId, name: row.wardName },
  bed: row.bed,
  raisedAt: row.raisedAt.toISOString(),
  takenAt: row.takenAt.toISOString(),
  observationSetId: row.observationSetId,
  acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  acknowledgedBy:
    row.acknowledgerId && row.acknowledgerName
      ? { id: row.acknowledgerId, name: row.acknowledgerName }
      : null,
});

/** GET the signed-in doctor's open alerts, highest score first. Audited with the patients named. */
export async function listDoctorAlerts(ctx: ServiceContext): Promise<DoctorAlertList> {
  const doctorId = signedIn(ctx.actor).id;
  const rows = await alertRows(
    ctx,
    and(eq(stays.doctorId, doctorId), eq(stays.status, 'Admitted'), isNull(observationAlerts.acknowledgedAt)),
  )
    .orderBy(desc(observationAlerts.score), desc(observationAlerts.takenAt), observationAlerts.id)
    .limit(OPEN_ALERTS_SHOWN);
  await audit(ctx, {
    action: 'observations.alerts.list',
    entityType: 'observation_alert',
    details: { alertIds: rows.map((r) => r.id), patientIds: rows.map((r) => r.patientId) },
  });
  return { data: rows.map(toAlert) };
}

/**
 * POST acknowledge: the doctor in charge takes note. The alert's row is locked FOR UPDATE, so of
 * two acknowledgements at once the second reads the first's and is refused (409): an alert is
 * acknowledged once, by one doctor, at one time. Another doctor's alert answers 404.
 */
export async function acknowledgeAlert(ctx: ServiceContext, alertId: string): Promise<DoctorAlert> {
  const doctorId = signedIn(ctx.actor).id;
  await ctx.db.transaction(async (tx) => {
    const [alert] = await tx
      .select({
        acknowledgedAt: observationAlerts.acknowledgedAt,
        stayId: observationAlerts.stayId,
        doctorId: stays.doctorId,
        patientId: stays.patientId,
      })
      .from(observationAlerts)
      .innerJoin(stays, eq(stays.id, observationAlerts.stayId))
      .where(eq(observationAlerts.id, alertId))
      .for('update', { of: observationAlerts });
    if (!alert || alert.doctorId !== doctorId) throw notFoundWith(OBSERVATION_MESSAGES.alertNotFound);
    if (alert.acknowledgedAt) throw conflict('ALERT_ACKNOWLEDGED', OBSERVATION_MESSAGES.alertAcknowledged);
    await tx
      .update(observationAlerts)
      .set({ acknowledgedAt: ctx.now(), acknowledgedBy: doctorId })
      .where(eq(observationAlerts.id, alertId));
    await audit(inTransaction(ctx, tx), {
      action: 'observations.alert.acknowledge',
      entityType: 'stay',
      entityId: alert.stayId,
      patientId: alert.patientId,
      details: { alertId },
    });
  });
  await ctx.publish('wards', { doctorIds: [doctorId] });
  const [row] = await alertRows(ctx, eq(observationAlerts.id, alertId));
  if (!row) throw notFoundWith(OBSERVATION_MESSAGES.alertNotFound);
  return toAlert(row);
}
