import {
  APPOINTMENT_PRIORITIES,
  APPOINTMENT_STATUSES,
  APPOINTMENT_TYPES,
  type AppointmentStatusEvent,
} from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { createdAt, id, updatedAt } from './columns';

type AppointmentMove = NonNullable<AppointmentStatusEvent['move']>;

export const appointmentStatus = pgEnum('appointment_status', APPOINTMENT_STATUSES);
export const appointmentPriority = pgEnum('appointment_priority', APPOINTMENT_PRIORITIES);
export const appointmentType = pgEnum('appointment_type', APPOINTMENT_TYPES);

/**
 * One weekly schedule per doctor. Its row is also the lock that serialises bookings of that
 * doctor (select ... for update), so two concurrent bookings cannot both take a slot.
 */
export const doctorSchedules = pgTable(
  'doctor_schedules',
  {
    doctorId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    perPatientMinutes: integer().notNull().default(45),
    updatedAt: updatedAt(),
  },
  (t) => [check('doctor_schedules_per_patient_range', sql`${t.perPatientMinutes} between 5 and 480`)],
);

/** The seven entries of a schedule; weekday 1 is Monday (ISO). An off day has no hours. */
export const doctorScheduleDays = pgTable(
  'doctor_schedule_days',
  {
    doctorId: uuid()
      .notNull()
      .references(() => doctorSchedules.doctorId, { onDelete: 'cascade' }),
    weekday: smallint().notNull(),
    off: boolean().notNull().default(false),
    fromTime: time(),
    toTime: time(),
  },
  (t) => [
    primaryKey({ columns: [t.doctorId, t.weekday] }),
    check('doctor_schedule_days_weekday', sql`${t.weekday} between 1 and 7`),
    check(
      'doctor_schedule_days_hours',
      sql`${t.off} or (${t.fromTime} is not null and ${t.toTime} is not null and ${t.fromTime} < ${t.toTime})`,
    ),
  ],
);

/**
 * Appointments. `date` + `time` are the facility's wall clock (spec); `startsAt` is the same
 * moment as an instant, for ordering, "upcoming" and the double-booking index.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text().notNull(),
    priority: appointmentPriority().notNull(),
    /** Spec's add dialog: checkup or surgery; patients' own bookings are checkups. */
    type: appointmentType().notNull().default('checkup'),
    notes: text(),
    /** The age the patient gave when a doctor booked for them (the account may have no birth date). */
    patientAge: smallint(),
    date: date({ mode: 'string' }).notNull(),
    time: time().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    durationMinutes: integer().notNull(),
    status: appointmentStatus().notNull().default('Pending'),
    statusChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Why it was cancelled, when it was (shown to the patient). */
    cancelReason: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The database's own guard against double booking: one active appointment per doctor and start.
    uniqueIndex('appointments_doctor_active_start_unique')
      .on(t.doctorId, t.startsAt)
      .where(sql`status in ('Pending', 'Confirmed')`),
    index('appointments_patient_starts_idx').on(t.patientId, t.startsAt),
    // A patient's visits (Completed): "Last visited", and the last-visit filter and export of the doctor's patient list.
    index('appointments_patient_completed_idx').on(t.patientId, t.startsAt).where(sql`status = 'Completed'`),
    index('appointments_doctor_date_idx').on(t.doctorId, t.date),
    index('appointments_status_starts_idx').on(t.status, t.startsAt),
    // The front desk's list: every appointment by start, or one day's, or one doctor's.
    index('appointments_starts_idx').on(t.startsAt),
    index('appointments_date_starts_idx').on(t.date, t.startsAt),
    index('appointments_doctor_starts_idx').on(t.doctorId, t.startsAt),
    check('appointments_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);

/** Every status an appointment went through, with who moved it and why: the detail page's history. */
export const appointmentStatusEvents = pgTable(
  'appointment_status_events',
  {
    id: id(),
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    /** Null for the booking itself. */
    fromStatus: appointmentStatus(),
    toStatus: appointmentStatus().notNull(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    reason: text(),
    /** A move to another time or doctor: where it was and where it went (names as they were). */
    move: jsonb().$type<AppointmentMove>(),
  },
  (t) => [index('appointment_status_events_appointment_idx').on(t.appointmentId, t.at)],
);
