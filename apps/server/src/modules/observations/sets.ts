import { news2Parameters, type ObservationSet } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { observationSets, users, vitalSigns } from '../../db/schema';
import { type Select, selectOf } from '../../lib/list';
import { fullNameOf } from '../../lib/people';

/*
 * A set as the API answers it: its own row (NEWS2's inputs and score) joined to the vital_signs row
 * that holds its measured values, and who recorded it.
 */

const recorder = alias(users, 'recorder');

const setColumns = {
  id: observationSets.id,
  stayId: observationSets.stayId,
  patientId: observationSets.patientId,
  takenAt: observationSets.takenAt,
  spo2Scale: observationSets.spo2Scale,
  onOxygen: observationSets.onOxygen,
  consciousness: observationSets.consciousness,
  score: observationSets.score,
  risk: observationSets.risk,
  alertsDoctor: observationSets.alertsDoctor,
  respiratoryRate: vitalSigns.respiratoryRate,
  oxygenSaturation: vitalSigns.oxygenSaturation,
  systolic: vitalSigns.systolic,
  pulse: vitalSigns.heartRate,
  temperature: vitalSigns.temperature,
  recorderId: recorder.id,
  recorderName: fullNameOf(recorder),
  recorderRole: recorder.role,
};

/** The base query of sets (add the WHERE), started with `select` (see lib/list.ts). */
export const setRows = (select: Select) =>
  select(setColumns)
    .from(observationSets)
    .innerJoin(vitalSigns, eq(vitalSigns.id, observationSets.vitalSignsId))
    .leftJoin(recorder, eq(recorder.id, observationSets.recordedBy))
    .$dynamic();

type SetRow = Awaited<ReturnType<ReturnType<typeof setRows>['execute']>>[number];

/** A ward set's values are never null (recordObservations writes them all); 0 only guards the types. */
const measured = (value: number | null) => value ?? 0;

export function toObservationSet(row: SetRow): ObservationSet {
  const values = {
    respiratoryRate: measured(row.respiratoryRate),
    oxygenSaturation: measured(row.oxygenSaturation),
    spo2Scale: row.spo2Scale === 2 ? (2 as const) : (1 as const),
    airOrOxygen: row.onOxygen ? ('Oxygen' as const) : ('Air' as const),
    systolic: measured(row.systolic),
    pulse: measured(row.pulse),
    consciousness: row.consciousness,
    temperature: measured(row.temperature),
  };
  return {
    id: row.id,
    stayId: row.stayId,
    patientId: row.patientId,
    takenAt: row.takenAt.toISOString(),
    recordedBy:
      row.recorderId && row.recorderRole
        ? { id: row.recorderId, name: row.recorderName ?? '', role: row.recorderRole }
        : null,
    ...values,
    score: row.score,
    risk: row.risk,
    parameters: news2Parameters(values),
    alertsDoctor: row.alertsDoctor,
  };
}

export async function readSet(db: Executor, id: string): Promise<ObservationSet> {
  const [row] = await setRows(selectOf(db)).where(eq(observationSets.id, id));
  if (!row) throw new Error('the set just written is missing');
  return toObservationSet(row);
}
