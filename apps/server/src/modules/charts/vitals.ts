import {
  type LatestVitals,
  VITALS_SERIES_MAX_POINTS,
  VITALS_SERIES_MONTHS,
  type VitalsSeries,
} from '@carepoint/contract';
import { type AnyColumn, and, desc, eq, gte, isNotNull, or, sql } from 'drizzle-orm';
import { vitalSigns } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { iso } from '../../lib/list';
import { latestPressure, latestValue, requirePatient } from './queries';

/** The chart's vitals: each measure's latest value, and the trends over the last months. */

/** Each measure's newest recorded value and when, in one pass over the patient's history. */
export async function latestVitalsOf(ctx: ServiceContext, patientId: string): Promise<LatestVitals> {
  const newest = (column: AnyColumn, measuredBy: AnyColumn = column) =>
    sql<
      number | null
    >`(array_agg(${column} order by ${vitalSigns.recordedAt} desc) filter (where ${measuredBy} is not null))[1]`.mapWith(
      Number,
    );
  const newestAt = (column: AnyColumn) =>
    sql<Date | null>`max(${vitalSigns.recordedAt}) filter (where ${column} is not null)`.mapWith(
      vitalSigns.recordedAt,
    );
  const measure = (column: AnyColumn) => ({ value: newest(column), at: newestAt(column) });
  const [row] = await ctx.db
    .select({
      heartRate: measure(vitalSigns.heartRate),
      temperature: measure(vitalSigns.temperature),
      respiratoryRate: measure(vitalSigns.respiratoryRate),
      oxygenSaturation: measure(vitalSigns.oxygenSaturation),
      weight: measure(vitalSigns.weight),
      height: measure(vitalSigns.height),
      bloodGlucose: measure(vitalSigns.bloodGlucose),
      pressure: {
        systolic: newest(vitalSigns.systolic),
        diastolic: newest(vitalSigns.diastolic, vitalSigns.systolic),
        at: newestAt(vitalSigns.systolic),
      },
    })
    .from(vitalSigns)
    .where(eq(vitalSigns.patientId, patientId));
  if (!row) throw new Error('an aggregate always answers one row');
  const one = (m: { value: number | null; at: Date | null }) => latestValue(m.value, m.at);
  return {
    heartRate: one(row.heartRate),
    bloodPressure: latestPressure(row.pressure.systolic, row.pressure.diastolic, row.pressure.at),
    temperature: one(row.temperature),
    respiratoryRate: one(row.respiratoryRate),
    oxygenSaturation: one(row.oxygenSaturation),
    weight: one(row.weight),
    height: one(row.height),
    bloodGlucose: one(row.bloodGlucose),
  };
}

/** The start of the trends' window: the same instant VITALS_SERIES_MONTHS months before `now`. */
function seriesStart(now: Date) {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - VITALS_SERIES_MONTHS);
  return since;
}

/**
 * GET the vitals over time: the patient's measurements of the last VITALS_SERIES_MONTHS months
 * that hold a trend measure, the newest VITALS_SERIES_MAX_POINTS of them, answered oldest first
 * (read newest first down vital_signs_patient_recorded_idx, so the cost is bounded by the limit).
 * Same access as the chart; audited like it, with the ids the answer holds.
 */
export async function readVitalsSeries(ctx: ServiceContext, patientId: string): Promise<VitalsSeries> {
  await requirePatient(ctx.db, patientId);
  const since = seriesStart(ctx.now());
  const {
    heartRate,
    systolic,
    diastolic,
    temperature,
    respiratoryRate,
    oxygenSaturation,
    weight,
    bloodGlucose,
  } = vitalSigns;
  const rows = await ctx.db
    .select({
      id: vitalSigns.id,
      recordedAt: vitalSigns.recordedAt,
      source: vitalSigns.source,
      heartRate,
      systolic,
      diastolic,
      temperature,
      respiratoryRate,
      oxygenSaturation,
      weight,
      bloodGlucose,
    })
    .from(vitalSigns)
    .where(
      and(
        eq(vitalSigns.patientId, patientId),
        gte(vitalSigns.recordedAt, since),
        or(
          ...[heartRate, systolic, temperature, respiratoryRate, oxygenSaturation, weight, bloodGlucose].map(
            (c) => isNotNull(c),
          ),
        ),
      ),
    )
    .orderBy(desc(vitalSigns.recordedAt), desc(vitalSigns.id))
    .limit(VITALS_SERIES_MAX_POINTS);
  await audit(ctx, {
    action: 'chart.vitals.read',
    entityType: 'patient',
    entityId: patientId,
    patientId,
    details: { since: since.toISOString(), vitalSignIds: rows.map((r) => r.id) },
  });
  return {
    since: since.toISOString(),
    points: rows
      .reverse()
      .map(({ id: _id, recordedAt, ...values }) => ({ recordedAt: iso(recordedAt), ...values })),
  };
}
