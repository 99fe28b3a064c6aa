import { GENDERS, ROLES, USER_STATUSES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const userRole = pgEnum('user_role', ROLES);
export const userStatus = pgEnum('user_status', USER_STATUSES);
export const gender = pgEnum('gender', GENDERS);

/**
 * The numbers of patient record numbers (CP-000123), taken by the trigger
 * carepoint_patient_record_number() (migration 0033) on each patient row inserted: unique under
 * parallel sign-ups, and a rolled-back registration leaves a gap, never a duplicate (decision 0026).
 */
export const patientRecordNumberSeq = pgSequence('patient_record_number_seq', { startWith: 1 });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    role: userRole().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    address: text(),
    dateOfBirth: date({ mode: 'string' }),
    status: userStatus().notNull().default('Active'),
    specialty: text(),
    /** Doctors: whole years of practice, shown on the profile card. */
    experienceYears: smallint(),
    gender: gender(),
    /** Patients: a reminder e-mail the day before each appointment (My Profile). */
    appointmentReminders: boolean().notNull().default(true),
    /**
     * Patients: the clinic's record number ("CP-000123"), set by the database when the row is
     * inserted (migration 0033's trigger, never by the app) and never changed; null for staff.
     */
    recordNumber: text(),
    /**
     * The names as patient search compares them (carepoint_fold(), migration 0021, decision 0013:
     * lower case, accents off), kept by the database on every write. Stored, so a search reads
     * them instead of folding each row it passes (measured 14 µs a row, 17 ms per 1,000 matches).
     */
    firstNameFolded: text().notNull().generatedAlwaysAs(sql`carepoint_fold(first_name)`),
    lastNameFolded: text().notNull().generatedAlwaysAs(sql`carepoint_fold(last_name)`),
    mustChangePassword: boolean().notNull().default(false),
    passwordChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // Patient search and FHIR Patient?identifier= look a number up here (lib/patient-search.ts).
    uniqueIndex('users_record_number_unique').on(t.recordNumber).where(sql`${t.role} = 'patient'`),
    check(
      'users_record_number_patients_only',
      sql`(${t.role} = 'patient') = (${t.recordNumber} is not null)`,
    ),
    // The lists' name order, tie-breaker included: a page reads just its rows. Without id every
    // page sorted a whole run of equal names (about 1,100 "Ngozi Okafor"s at 1,000,000 patients).
    index('users_role_idx').on(t.role, t.lastName, t.firstName, t.id),
    index('users_role_birth_idx').on(t.role, t.dateOfBirth),
    // Substring search (ILIKE '%term%') on names and e-mails, as lib/list.ts search() writes it.
    index('users_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_role_created_idx').on(t.role, t.createdAt),
    // Patient search (lib/patient-search.ts, decision 0013): the folded names in byte order.
    // Whole-name prefixes in each tier's order: "last first" and "first last". Migration 0021
    // adds INCLUDE (last_name_folded, first_name_folded) to these and the many-parts index (the
    // schema cannot say it), so a search counts its matches by an index-only scan.
    index('users_search_surname_idx').on(
      t.role,
      sql`(${t.lastNameFolded} || ' ' || ${t.firstNameFolded}) collate "C"`,
      t.id,
    ),
    index('users_search_first_name_idx').on(
      t.role,
      sql`(${t.firstNameFolded} || ' ' || ${t.lastNameFolded}) collate "C"`,
      t.id,
    ),
    // Words in any order ("chi ade"): one word a range of the first name, the other checked on the
    // last name inside the same index entries (and the reverse in users_family_given_idx below).
    index('users_given_family_idx').on(
      t.role,
      sql`${t.firstNameFolded} collate "C"`,
      sql`${t.lastNameFolded} collate "C"`,
      t.id,
    ),
    // Names of three or more parts ("Mary Jane Okafor"), whose inner parts no range above starts.
    index('users_search_many_parts_idx')
      .on(t.role, sql`(${t.lastNameFolded} || ' ' || ${t.firstNameFolded}) collate "C"`, t.id)
      .where(sql`(${t.firstNameFolded} || ' ' || ${t.lastNameFolded}) like '% % %'`),
    index('users_phone_digits_trgm_idx').using(
      'gin',
      sql`regexp_replace(${t.phone}, '\\D', '', 'g') gin_trgm_ops`,
    ),
    // FHIR Patient?phone= (modules/fhir/patient.ts): the whole number's digits; the trigram index
    // above answers equality too, but reads the posting lists of the trigrams every number shares (234…).
    index('users_phone_digits_idx').on(sql`regexp_replace(${t.phone}, '\\D', '', 'g')`),
    // FHIR Patient?family= (and family with given), and patient search's "surname, first name"
    // words: last name, then first name, each folded in byte order, so "starts with" on both is
    // one range read in (family, given) order, even for surnames of several words ("van der berg").
    index('users_family_given_idx').on(
      t.role,
      sql`${t.lastNameFolded} collate "C"`,
      sql`${t.firstNameFolded} collate "C"`,
      t.id,
    ),
  ],
);

/** Profile pictures live in the database so every instance serves them. */
export const userImages = pgTable('user_images', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  data: text().notNull(),
  size: integer().notNull(),
  updatedAt: updatedAt(),
});

/**
 * Server-side sessions: the cookie holds a random token, the table only its SHA-256. `id` is the
 * session's public name (the Security page's list, "Sign out" of one): the hash never leaves the server.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    id: uuid().notNull().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean().notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId).where(sql`${t.revokedAt} is null`),
    uniqueIndex('sessions_id_unique').on(t.id),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash)],
);
