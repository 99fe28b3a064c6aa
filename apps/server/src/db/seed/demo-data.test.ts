import { addDays, findAllergyConflicts, TRIAGE_LEVELS, type TriageLevel, triage } from '@carepoint/contract';
import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCoverageChecks } from '../../../test/demo-coverage';
import { demoLaboratoryChecks } from '../../../test/demo-lab';
import { demoPharmacyChecks } from '../../../test/demo-pharmacy';
import { createTestApp, serviceContext, type TestApp } from '../../../test/helpers';
import { facilityDate } from '../../lib/facility-time';
import { ageOn } from '../../lib/people';
import {
  appointments,
  beds,
  charges,
  diagnosisTestProperties,
  diagnosisTests,
  erEntries,
  medicationOrders,
  nurseWards,
  patientMedicalDetails,
  users,
  vitalSigns,
  wards,
} from '../schema';
import { seedDemoData } from '.';
import { ER_COMPLAINTS } from './admin-area';

/*
 * The demo data reads as a clinician would expect: every patient has a gender (FHIR
 * Patient.gender), findings agree with the values they rest on, a patient weighs the same in a
 * test as on their chart, and the ER triages as the app's own rule does.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  expect(await seedDemoData(serviceContext(t))).toBe(true);
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const DIABETES = ['Type 1', 'Type 2', 'Gestational'];

/** The ADA's HbA1c thresholds: 6.5 % or more is diabetes, 5.7-6.4 % prediabetes, below 5.7 % neither. */
function findingOfHbA1c(percent: number): string[] {
  if (percent >= 6.5) return DIABETES;
  if (percent >= 5.7) return ['Prediabetes'];
  return ['No diabetes'];
}

describe('the demo data', () => {
  it('gives every patient a gender', async () => {
    const without = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.role, 'patient'), isNull(users.gender)));
    expect(without).toEqual([]);
  });

  it("reads every HbA1c result's diabetes finding by the ADA thresholds", async () => {
    const results = await t.database.db
      .select({ value: diagnosisTestProperties.value, diabetes: diagnosisTests.diabetes })
      .from(diagnosisTestProperties)
      .innerJoin(diagnosisTests, eq(diagnosisTests.id, diagnosisTestProperties.testId))
      .where(eq(diagnosisTestProperties.name, 'HbA1c'));
    expect(results.length).toBeGreaterThan(0);
    for (const { value, diabetes } of results) {
      const percent = Number.parseFloat(value);
      expect(findingOfHbA1c(percent), `HbA1c ${value}`).toContain(diabetes);
    }
    // A later test of the same patient does not take the diagnosis back.
    const findings = await t.database.db
      .select({ patientId: diagnosisTests.patientId, diabetes: diagnosisTests.diabetes })
      .from(diagnosisTests)
      .orderBy(asc(diagnosisTests.createdAt));
    const diabetic = new Set<string>();
    for (const { patientId, diabetes } of findings) {
      if (diabetes && DIABETES.includes(diabetes)) diabetic.add(patientId);
      else if (diabetes)
        expect(diabetic.has(patientId), `${patientId}: ${diabetes} after diabetes`).toBe(false);
    }
  });

  it("weighs a patient in a test as their chart's vitals do, and gives their age from the birth date", async () => {
    const tests = await t.database.db
      .select({
        patientId: diagnosisTests.patientId,
        at: diagnosisTests.createdAt,
        age: diagnosisTests.age,
        weight: diagnosisTests.weight,
        height: diagnosisTests.height,
        dateOfBirth: users.dateOfBirth,
      })
      .from(diagnosisTests)
      .innerJoin(users, eq(users.id, diagnosisTests.patientId));
    const vitals = await t.database.db
      .select({
        patientId: vitalSigns.patientId,
        at: vitalSigns.recordedAt,
        weight: vitalSigns.weight,
        height: vitalSigns.height,
      })
      .from(vitalSigns);
    let weighed = 0;
    for (const test of tests) {
      if (test.age !== null)
        expect(test.age).toBe(ageOn(test.dateOfBirth, facilityDate(test.at, t.app.config.TIME_ZONE)));
      if (test.weight === null) continue;
      // The chart's measurement nearest in time; a month or two apart, a kilogram or two at most.
      const nearest = vitals
        .filter((v) => v.patientId === test.patientId && v.weight !== null)
        .sort(
          (a, b) =>
            Math.abs(a.at.getTime() - test.at.getTime()) - Math.abs(b.at.getTime() - test.at.getTime()),
        )[0];
      expect(nearest, 'a weighed patient has vitals on file').toBeDefined();
      if (!nearest?.weight) continue;
      const days = Math.abs(nearest.at.getTime() - test.at.getTime()) / DAY;
      expect(Math.abs(nearest.weight - test.weight)).toBeLessThanOrEqual(1 + days / 30);
      const measured = vitals.find((v) => v.patientId === test.patientId && v.height !== null);
      if (test.height !== null) expect(measured?.height).toBe(test.height);
      weighed++;
    }
    expect(weighed).toBeGreaterThan(0);
  });

  it('triages every ER arrival at least as the triage rule does its complaint; chest pain is never Low or Medium', async () => {
    const arrivals = await t.database.db
      .select({ complaint: erEntries.complaint, level: erEntries.triageLevel })
      .from(erEntries);
    const severity = (level: TriageLevel) => TRIAGE_LEVELS.indexOf(level);
    let chestPains = 0;
    for (const { complaint, level } of arrivals) {
      const typical = ER_COMPLAINTS.find((c) => c.complaint === complaint);
      if (!typical) continue;
      expect(severity(level), `${complaint}: ${level}`).toBeGreaterThanOrEqual(
        severity(triage(typical.vitals).priority),
      );
      if (/chest pain/i.test(complaint)) {
        chestPains++;
        expect(['High', 'Urgent']).toContain(level);
      }
    }
    expect(chestPains).toBeGreaterThan(0);
  });
});

describe('the demo wards', () => {
  it('hold every bed, of each kind, and keep their sex rule and one bed per patient', async () => {
    const { db } = t.database;
    const rows = await db
      .select({
        ward: wards.name,
        kind: wards.kind,
        rule: wards.sexRule,
        status: beds.status,
        gender: users.gender,
        patientId: beds.patientId,
      })
      .from(beds)
      .innerJoin(wards, eq(wards.id, beds.wardId))
      .leftJoin(users, eq(users.id, beds.patientId));
    expect(new Set(rows.map((r) => r.kind))).toEqual(
      new Set(['General', 'Maternity', 'Paediatric', 'Surgical', 'Intensive care']),
    );
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Free', 'Occupied', 'Reserved', 'Cleaning']));
    for (const row of rows) {
      if (row.rule === 'Female only') expect(row.gender, row.ward).not.toBe('male');
      if (row.status === 'Free' || row.status === 'Cleaning') expect(row.patientId).toBeNull();
    }
    const named = rows.flatMap((r) => (r.patientId ? [r.patientId] : []));
    expect(new Set(named).size).toBe(named.length);
    // The first demo beds keep the patients they had before wards came.
    expect(rows.filter((r) => r.ward === 'General Ward' && r.status === 'Occupied')).toHaveLength(3);
  });

  it("puts the README's nurse on the wards with patients, and each ward nurse on their department's ward", async () => {
    const onWards = await t.database.db
      .select({ email: users.email, ward: wards.name })
      .from(nurseWards)
      .innerJoin(users, eq(users.id, nurseWards.nurseId))
      .innerJoin(wards, eq(wards.id, nurseWards.wardId))
      .orderBy(asc(users.email), asc(wards.name));
    expect(onWards.filter((r) => r.email === 'nurse@carepoint.example').map((r) => r.ward)).toEqual([
      'General Ward',
      'Surgical Ward',
    ]);
    expect(onWards).toContainEqual({ email: 'chidinma.eze@carepoint.example', ward: 'Intensive Care Unit' });
    const occupied = await t.database.db
      .select({ ward: wards.name })
      .from(beds)
      .innerJoin(wards, eq(wards.id, beds.wardId))
      .where(eq(beds.status, 'Occupied'));
    expect(occupied.some((bed) => bed.ward === 'Surgical Ward')).toBe(true);
  });
});

describe('the demo medication round', () => {
  // A defect once gave a penicillin-allergic patient amoxicillin: the round was seeded before the
  // patients' allergies were, so its check saw none.
  it('orders no medicine a patient is recorded as allergic to', async () => {
    const orders = await t.database.db
      .select({ medicine: medicationOrders.medicine, allergies: patientMedicalDetails.allergies })
      .from(medicationOrders)
      .innerJoin(patientMedicalDetails, eq(patientMedicalDetails.patientId, medicationOrders.patientId));
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.some((o) => o.allergies.length > 0)).toBe(true);
    const conflicts = orders.filter(
      (o) => findAllergyConflicts([{ name: o.medicine }], o.allergies).length > 0,
    );
    expect(conflicts).toEqual([]);
  });
});

describe('the demo pharmacy', () => demoPharmacyChecks(() => t));

describe('the demo coverage', () => demoCoverageChecks(() => t));

// Last: its escalation check moves the app's clock.
describe('the demo laboratory', () => demoLaboratoryChecks(() => t));

describe('the demo’s bills', () => {
  it('charge each completed consultation once, the stays’ nights, and hold a manual charge and a void', async () => {
    const { db } = t.database;
    // The self-pay list prices consultations from 90 days back (seed/billing.ts): every completed
    // appointment since is charged once; one before it nothing prices, so it is not charged.
    const since = addDays(facilityDate(t.clock.now(), 'Africa/Lagos'), -90);
    const completed = await db.$count(
      appointments,
      and(eq(appointments.status, 'Completed'), gte(appointments.date, since)),
    );
    expect(completed).toBeGreaterThan(0);
    expect(await db.$count(charges, eq(charges.source, 'consultation'))).toBe(completed);
    expect(await db.$count(charges, eq(charges.source, 'bed-day'))).toBeGreaterThan(0);
    expect(await db.$count(charges, eq(charges.source, 'lab-test'))).toBeGreaterThan(0);
    expect(await db.$count(charges, eq(charges.source, 'medicine'))).toBeGreaterThan(0);
    const [patient] = await db.select().from(users).where(eq(users.email, 'patient@carepoint.example'));
    const manual = await db
      .select()
      .from(charges)
      .where(and(eq(charges.source, 'manual'), eq(charges.patientId, patient?.id ?? '')));
    expect(manual.map((c) => c.status).sort()).toEqual(['active', 'void']);
  });
});
