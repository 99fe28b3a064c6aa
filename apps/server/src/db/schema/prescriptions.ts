import {
  DIABETIC_STATUSES,
  MEDICINE_DURATION_MAX_DAYS,
  MEDICINE_INTERVALS,
  MEDICINE_TIMES,
  NEXT_VISIT_UNITS,
} from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { medicines } from './formulary';

export const medicineTime = pgEnum('medicine_time', MEDICINE_TIMES);
export const medicineInterval = pgEnum('medicine_interval', MEDICINE_INTERVALS);
export const nextVisitUnit = pgEnum('next_visit_unit', NEXT_VISIT_UNITS);
export const diabeticStatus = pgEnum('diabetic_status', DIABETIC_STATUSES);

/**
 * A prescription written by a doctor for a patient (optionally in an appointment), with its
 * physical information at the time and its additional information; the medicines are lines of
 * their own. Lists read it by author, by patient and by date, newest first.
 */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: id(),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'set null' }),
    status: boolean().notNull().default(true),
    systolic: smallint(),
    diastolic: smallint(),
    pulseRate: smallint(),
    temperature: numeric({ precision: 4, scale: 1, mode: 'number' }),
    foodAllergies: text(),
    diabetic: diabeticStatus(),
    currentMedication: text(),
    problemDescription: text(),
    /**
     * The visit's diagnosis coded in ICD-10-CM (decision 0031): the code and the classification's
     * title as they were when chosen; problemDescription stays the doctor's own wording.
     */
    diagnosisCode: text(),
    diagnosisTitle: text(),
    test: text(),
    advice: text(),
    nextVisitCount: smallint(),
    nextVisitUnit: nextVisitUnit(),
    /** Recorded allergies the doctor was warned of and prescribed past, at the last save. */
    acknowledgedAllergies: text().array().notNull().default(sql`'{}'::text[]`),
    /** When the prescribing doctor confirmed them (null when none). */
    allergiesAcknowledgedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('prescriptions_doctor_created_idx').on(t.doctorId, t.createdAt.desc(), t.id),
    index('prescriptions_patient_created_idx').on(t.patientId, t.createdAt.desc(), t.id),
    index('prescriptions_created_idx').on(t.createdAt.desc(), t.id),
    index('prescriptions_appointment_idx').on(t.appointmentId),
    check(
      'prescriptions_next_visit',
      sql`(${t.nextVisitCount} is null) = (${t.nextVisitUnit} is null) and coalesce(${t.nextVisitCount}, 1) between 1 and 365`,
    ),
    check('prescriptions_diagnosis', sql`(${t.diagnosisCode} is null) = (${t.diagnosisTitle} is null)`),
    check(
      'prescriptions_pressure',
      sql`(${t.systolic} is null) = (${t.diastolic} is null) and (${t.diastolic} is null or ${t.diastolic} < ${t.systolic})`,
    ),
  ],
);

/** A prescription's medicines, in the order written (`position` from 0). */
export const prescriptionMedicines = pgTable(
  'prescription_medicines',
  {
    id: id(),
    prescriptionId: uuid()
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    /** The line as the doctor wrote it (the printed sheet's words), from the formulary or not. */
    name: text().notNull(),
    /** The formulary medicine picked, so the pharmacy dispenses what was meant; null: "Not stocked". */
    medicineId: uuid().references(() => medicines.id, { onDelete: 'restrict' }),
    dosage: text().notNull(),
    /** The course's length in days (the listed durations and any other from 1 to 365). */
    durationDays: smallint().notNull(),
    time: medicineTime().notNull(),
    interval: medicineInterval().notNull(),
    comment: text(),
    /** A line edited in place gets a new version (FHIR MedicationRequest.meta). */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('prescription_medicines_position_idx').on(t.prescriptionId, t.position),
    index('prescription_medicines_medicine_idx').on(t.medicineId),
    check(
      'prescription_medicines_duration_days',
      sql`${t.durationDays} between 1 and ${sql.raw(String(MEDICINE_DURATION_MAX_DAYS))}`,
    ),
  ],
);

export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type PrescriptionMedicineRow = typeof prescriptionMedicines.$inferSelect;
