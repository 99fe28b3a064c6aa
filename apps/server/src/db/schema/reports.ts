import {
  BIRTH_SEXES,
  DELIVERY_METHODS,
  INVESTIGATION_STATUSES,
  OPERATION_OUTCOMES,
  REPORT_KINDS,
} from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  time,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { bytea, createdAt, id, updatedAt } from './columns';

export const reportKind = pgEnum('report_kind', REPORT_KINDS);
export const birthSex = pgEnum('birth_sex', BIRTH_SEXES);
export const deliveryMethod = pgEnum('delivery_method', DELIVERY_METHODS);
export const investigationStatus = pgEnum('investigation_status', INVESTIGATION_STATUSES);
export const operationOutcome = pgEnum('operation_outcome', OPERATION_OUTCOMES);

/**
 * The doctor area's reports, all four kinds in one table: the fields every kind has (case ID,
 * subject, doctor, author, date) plus those of its kind, null for the others (a check says
 * which each kind needs). `doctorId` is the doctor shown in the lists: the author for births
 * and investigations, the certifying doctor, the surgeon. Only `authorId` may change a report.
 */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    kind: reportKind().notNull(),
    caseId: text().notNull(),
    /** The mother of a birth, the deceased, the investigated or operated patient. */
    patientId: uuid()
      .notNull()
      .references(() => users.id),
    doctorId: uuid()
      .notNull()
      .references(() => users.id),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    /** Facility date and (birth, death) time of day. */
    occurredOn: date().notNull(),
    occurredTime: time(),
    childName: text(),
    sex: birthSex(),
    weightKg: numeric({ precision: 4, scale: 2, mode: 'number' }),
    delivery: deliveryMethod(),
    cause: text(),
    /** The investigation's title or the operation's procedure. */
    title: text(),
    status: investigationStatus(),
    outcome: operationOutcome(),
    notes: text(),
    /** The author chose to show it to the patient (My Results); not until then. */
    sharedWithPatient: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reports_case_id_idx').on(t.caseId),
    // A tab's list, newest first.
    index('reports_kind_date_idx').on(t.kind, t.occurredOn.desc(), t.id),
    // The patient drawer's Medical reports.
    index('reports_patient_date_idx').on(t.patientId, t.occurredOn.desc()),
    index('reports_author_idx').on(t.authorId),
    // Substring search (ILIKE '%term%') on the case ID, title and child's name, as reportSearchText writes it.
    index('reports_search_trgm_idx').using(
      'gin',
      sql`(${t.caseId} || ' ' || coalesce(${t.title}, '') || ' ' || coalesce(${t.childName}, '')) gin_trgm_ops`,
    ),
    check(
      'reports_kind_fields',
      sql`case ${t.kind}
        when 'birth' then ${t.childName} is not null and ${t.sex} is not null and ${t.weightKg} is not null
          and ${t.delivery} is not null and ${t.occurredTime} is not null
        when 'death' then ${t.cause} is not null and ${t.occurredTime} is not null
        when 'investigation' then ${t.title} is not null and ${t.status} is not null
        when 'operation' then ${t.title} is not null and ${t.outcome} is not null
      end`,
    ),
  ],
);

/** The searchable text of a report, exactly as its trigram index is built. */
export const reportSearchText = sql<string>`(${reports.caseId} || ' ' || coalesce(${reports.title}, '') || ' ' || coalesce(${reports.childName}, ''))`;

/**
 * Files attached to a report (PDF, PNG, JPEG; the type sniffed from the bytes), in the
 * database so that every instance serves them. Removed with their report.
 */
export const reportAttachments = pgTable(
  'report_attachments',
  {
    id: id(),
    reportId: uuid()
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    data: bytea().notNull(),
    uploadedBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('report_attachments_report_idx').on(t.reportId, t.createdAt)],
);
