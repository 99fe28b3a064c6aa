import type { ErEntry, PatientChart, TriageAssessment, VitalsSeries } from '@carepoint/contract';
import type { Bundle, Observation } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, fhirGet } from '../../../test/fhir';
import { createTestApp, createUser, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { auditEvents } from '../../db/schema';

/*
 * A walk-in triaged to the ER, then matched at the desk to their record: what the intake
 * recorded (vitals, complaint, score) becomes part of that record, in the chart, its trends and
 * FHIR. Before, the intake stayed with nobody and the chart said "No vitals recorded".
 */

type Headers = Record<string, string>;
let t: TestApp;
let admin: Headers;
let doctor: { user: TestUser; headers: Headers };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
  doctor = await signedIn(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze' });
});
afterAll(() => t.close());

const call = async <T>(method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => {
  const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json<T>();
};

/** Heart rate 130, BP 85/50, 39 °C: a High walk-in, sent to the ER. */
async function triagedWalkIn(patientName: string) {
  const intake = await call<TriageAssessment>('POST', '/api/doctor/triage', doctor.headers, {
    patientName,
    heartRate: 130,
    systolic: 85,
    diastolic: 50,
    temperature: 39,
    complaint: 'Fever and fainting',
  });
  expect(intake).toMatchObject({ patientId: null, priority: 'High', placement: { kind: 'emergency-room' } });
  if (intake.placement?.kind !== 'emergency-room') throw new Error('not sent to the ER');
  return { intake, arrivalId: intake.placement.entryId };
}

const link = (arrivalId: string, patientId: string) =>
  call<ErEntry>('POST', `/api/admin/emergency-room/${arrivalId}/link`, admin, { patientId, confirmed: true });

describe("a walk-in's triage follows them to their record", () => {
  it('once linked, the chart, its trends and FHIR hold the intake; the link is audited', async () => {
    t.clock.set('2030-01-07T09:30:00Z');
    const { intake, arrivalId } = await triagedWalkIn('Chidi at the door');
    const patient = await createUser(t, 'patient', { firstName: 'Chidi', lastName: 'Obi' });
    t.clock.set('2030-01-07T09:40:00Z');
    await link(arrivalId, patient.id);

    const chart = await call<PatientChart>('GET', `/api/doctor/patients/${patient.id}`, doctor.headers);
    expect(chart.vitals).toMatchObject({
      heartRate: { value: 130, recordedAt: '2030-01-07T09:30:00.000Z' },
      bloodPressure: { systolic: 85, diastolic: 50 },
      temperature: { value: 39 },
    });
    // The complaint and the score are in the chart's history, beside the visits.
    expect(chart.reports.data).toContainEqual(
      expect.objectContaining({
        id: intake.id,
        kind: 'triage',
        title: 'Fever and fainting',
        surgery: 'Triage score 5, sent to ER',
        generatedBy: 'Dr Ngozi Eze',
        status: 'High',
      }),
    );

    const series = await call<VitalsSeries>(
      'GET',
      `/api/doctor/patients/${patient.id}/vitals`,
      doctor.headers,
    );
    expect(series.points).toEqual([
      expect.objectContaining({
        source: 'triage',
        heartRate: 130,
        systolic: 85,
        diastolic: 50,
        temperature: 39,
      }),
    ]);

    const bundle = await fhirGet<Bundle>(t, `/Observation?patient=${patient.id}`, admin);
    // Their shape is checked against FHIR's schema in fhir/observation.test.ts; here, that they are the patient's.
    expect(bundle.status).toBe(200);
    const found = entries<Observation>(bundle.body);
    const byCode = new Map(found.map((o) => [o.code.coding?.[0]?.code, o]));
    expect(found).toHaveLength(3);
    expect(byCode.get('8867-4')?.valueQuantity).toMatchObject({ value: 130, code: '/min' });
    expect(byCode.get('8310-5')?.valueQuantity).toMatchObject({ value: 39, code: 'Cel' });
    const pressure = byCode.get('85354-9');
    expect(pressure?.subject?.reference).toBe(`Patient/${patient.id}`);
    expect(pressure?.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value])).toEqual([
      ['8480-6', 85],
      ['8462-4', 50],
    ]);

    const [trail] = await t.database.db
      .select({ patientId: auditEvents.patientId, details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'triage.attach'), eq(auditEvents.entityId, intake.id)));
    expect(trail).toMatchObject({
      patientId: patient.id,
      details: { erEntryId: arrivalId, typedName: 'Chidi at the door' },
    });
  });

  it("leaves other walk-ins' intakes with nobody", async () => {
    const first = await triagedWalkIn('First at the door');
    const other = await triagedWalkIn('Second at the door');
    const patient = await createUser(t, 'patient');
    await link(first.arrivalId, patient.id);

    const chart = await call<PatientChart>('GET', `/api/doctor/patients/${patient.id}`, doctor.headers);
    expect(chart.reports.data.map((r) => r.id)).toEqual([first.intake.id]);
    const intakes = await call<{ data: TriageAssessment[] }>('GET', '/api/doctor/triage', doctor.headers);
    expect(intakes.data.find((i) => i.id === first.intake.id)).toMatchObject({
      patientId: patient.id,
      patientName: `${patient.firstName} ${patient.lastName}`,
    });
    expect(intakes.data.find((i) => i.id === other.intake.id)).toMatchObject({
      patientId: null,
      patientName: 'Second at the door',
    });
  });
});
