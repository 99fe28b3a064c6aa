import { LAB_RESULT_MESSAGES, type LabCriticalAlert, type LabCriticalAlertList } from '@carepoint/contract';
import { and, asc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { labCriticalAlerts, labResults, labTests, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { conflict, notFoundWith, signedIn } from '../../lib/errors';
import { fullNameOf } from '../../lib/people';
import { storedValue } from './order-view';

/*
 * Critical results waiting for the ordering doctor (docs/areas/lab-results.md): raised on
 * verification (verify.ts) or a correction to a critical value (correct.ts), shown on the doctor's
 * dashboard until acknowledged, and on the administrators' once escalated (escalation.ts).
 */

/** More open at once would be a laboratory in crisis: the panel shows the oldest first. */
const OPEN_ALERTS_SHOWN = 100;

const patient = alias(users, 'patient');
const doctor = alias(users, 'doctor');
const acknowledger = alias(users, 'acknowledger');

const alertRows = (ctx: ServiceContext, where: SQL | undefined) =>
  ctx.db
    .select({
      alert: labCriticalAlerts,
      orderId: labResults.orderId,
      value: { valueQuantity: labResults.valueQuantity, valueText: labResults.valueText },
      interpretation: labResults.interpretation,
      testName: labTests.name,
      unit: labResults.unit,
      patientName: fullNameOf(patient),
      recordNumber: patient.recordNumber,
      doctorName: fullNameOf(doctor),
      acknowledgerName: fullNameOf(acknowledger),
    })
    .from(labCriticalAlerts)
    .innerJoin(labResults, eq(labResults.id, labCriticalAlerts.resultId))
    .innerJoin(labTests, eq(labTests.id, labResults.testId))
    .innerJoin(patient, eq(patient.id, labCriticalAlerts.patientId))
    .innerJoin(doctor, eq(doctor.id, labCriticalAlerts.doctorId))
    .leftJoin(acknowledger, eq(acknowledger.id, labCriticalAlerts.acknowledgedBy))
    .where(where);
type AlertRow = Awaited<ReturnType<typeof alertRows>>[number];

const toAlert = (row: AlertRow): LabCriticalAlert => ({
  id: row.alert.id,
  resultId: row.alert.resultId,
  orderId: row.orderId,
  patient: { id: row.alert.patientId, name: row.patientName, recordNumber: row.recordNumber },
  doctor: { id: row.alert.doctorId, name: row.doctorName },
  test: { name: row.testName, unit: row.unit },
  value: storedValue(row.value),
  interpretation: row.interpretation,
  raisedAt: row.alert.raisedAt.toISOString(),
  escalatedAt: row.alert.escalatedAt?.toISOString() ?? null,
  acknowledgedAt: row.alert.acknowledgedAt?.toISOString() ?? null,
  acknowledgedBy:
    row.alert.acknowledgedBy && row.acknowledgerName
      ? { id: row.alert.acknowledgedBy, name: row.acknowledgerName }
      : null,
});

async function listAlerts(
  ctx: ServiceContext,
  where: SQL | undefined,
  action: string,
): Promise<LabCriticalAlertList> {
  const rows = await alertRows(ctx, where)
    .orderBy(asc(labCriticalAlerts.raisedAt), asc(labCriticalAlerts.id))
    .limit(OPEN_ALERTS_SHOWN);
  await audit(ctx, {
    action,
    entityType: 'lab_critical_alert',
    details: {
      alertIds: rows.map((r) => r.alert.id),
      patientIds: rows.map((r) => r.alert.patientId),
      orderIds: rows.map((r) => r.orderId),
    },
  });
  return { data: rows.map(toAlert) };
}

/** GET /api/doctor/lab-alerts: the signed-in doctor's open critical results, oldest first. Audited. */
export function listDoctorLabAlerts(ctx: ServiceContext): Promise<LabCriticalAlertList> {
  const doctorId = signedIn(ctx.actor).id;
  return listAlerts(
    ctx,
    and(eq(labCriticalAlerts.doctorId, doctorId), isNull(labCriticalAlerts.acknowledgedAt)),
    'lab.alerts.list',
  );
}

/** GET /api/admin/lab-alerts: the escalated critical results no doctor has acknowledged yet. Audited. */
export function listEscalatedLabAlerts(ctx: ServiceContext): Promise<LabCriticalAlertList> {
  return listAlerts(
    ctx,
    and(isNotNull(labCriticalAlerts.escalatedAt), isNull(labCriticalAlerts.acknowledgedAt)),
    'lab.alerts.escalated.list',
  );
}

/**
 * POST /api/doctor/lab-alerts/:id/acknowledge: the ordering doctor takes note. The alert's row is
 * locked FOR UPDATE, so of two acknowledgements at once the second reads the first's and is
 * refused (409). Another doctor's alert answers 404.
 */
export async function acknowledgeLabAlert(ctx: ServiceContext, alertId: string): Promise<LabCriticalAlert> {
  const doctorId = signedIn(ctx.actor).id;
  await ctx.db.transaction(async (tx) => {
    const [alert] = await tx
      .select()
      .from(labCriticalAlerts)
      .where(eq(labCriticalAlerts.id, alertId))
      .for('update');
    if (!alert || alert.doctorId !== doctorId) throw notFoundWith(LAB_RESULT_MESSAGES.alertNotFound);
    if (alert.acknowledgedAt) throw conflict('ALERT_ACKNOWLEDGED', LAB_RESULT_MESSAGES.alertAcknowledged);
    await tx
      .update(labCriticalAlerts)
      .set({ acknowledgedAt: ctx.now(), acknowledgedBy: doctorId })
      .where(eq(labCriticalAlerts.id, alertId));
    await audit(inTransaction(ctx, tx), {
      action: 'lab.alert.acknowledge',
      entityType: 'lab_critical_alert',
      entityId: alertId,
      patientId: alert.patientId,
      details: { resultId: alert.resultId, escalated: alert.escalatedAt !== null },
    });
  });
  await ctx.publish('lab', { doctorIds: [doctorId] });
  const [row] = await alertRows(ctx, eq(labCriticalAlerts.id, alertId));
  if (!row) throw notFoundWith(LAB_RESULT_MESSAGES.alertNotFound);
  return toAlert(row);
}
