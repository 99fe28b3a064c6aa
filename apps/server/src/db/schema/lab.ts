import {
  LAB_INTERPRETATIONS,
  LAB_ORDER_STATES,
  LAB_PRIORITIES,
  LAB_RESULT_SOURCES,
  LAB_RESULT_STATUSES,
  LAB_RESULT_TYPES,
  LAB_TEST_KINDS,
  SPECIMEN_REJECTION_REASONS,
  SPECIMEN_TYPE_CODES,
} from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { gender, users } from './auth';
import { createdAt, id, updatedAt } from './columns';
import { stays } from './stays';

export const labPriority = pgEnum('lab_priority', LAB_PRIORITIES);
export const labOrderState = pgEnum('lab_order_state', LAB_ORDER_STATES);
export const labTestKind = pgEnum('lab_test_kind', LAB_TEST_KINDS);
export const labResultType = pgEnum('lab_result_type', LAB_RESULT_TYPES);
export const specimenType = pgEnum('specimen_type', SPECIMEN_TYPE_CODES);
export const specimenRejectionReason = pgEnum('specimen_rejection_reason', SPECIMEN_REJECTION_REASONS);
export const labInterpretation = pgEnum('lab_interpretation', LAB_INTERPRETATIONS);
export const labResultStatus = pgEnum('lab_result_status', LAB_RESULT_STATUSES);
export const labResultSource = pgEnum('lab_result_source', LAB_RESULT_SOURCES);

/** Values are exact decimals (a potassium of 6.1, a glucose of 5.55), read as JS numbers. */
const measure = () => numeric({ precision: 14, scale: 4, mode: 'number' });

/**
 * The test catalogue (docs/areas/lab-catalogue.md): one row a test or a panel. A test has its
 * LOINC code, its specimen and container, its result type (a number in a UCUM unit, a choice, a
 * text) and its turnaround target; a panel names its member tests in lab_panel_members.
 */
export const labTests = pgTable(
  'lab_tests',
  {
    id: id(),
    /** The laboratory's short code ("FBC", "K"): on labels, the worklist and HL7 OBX-3's local code. */
    code: text().notNull(),
    name: text().notNull(),
    loincCode: text().notNull(),
    kind: labTestKind().notNull(),
    specimenType: specimenType().notNull(),
    /** The tube or pot, in the words on the phlebotomist's tray ("EDTA (purple top)"). */
    container: text().notNull(),
    /** A panel's members carry the result types; a panel itself has none. */
    resultType: labResultType(),
    /** UCUM, for quantity results. */
    unit: text(),
    decimals: smallint(),
    /** A choice result's answers, and those among them that are flagged abnormal ("Positive"). */
    choices: text().array().notNull().default(sql`'{}'::text[]`),
    abnormalChoices: text().array().notNull().default(sql`'{}'::text[]`),
    turnaroundMinutes: integer().notNull(),
    /** Kobo, as every amount of money. */
    price: bigint({ mode: 'number' }).notNull(),
    active: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lab_tests_code_unique').on(sql`lower(${t.code})`),
    index('lab_tests_loinc_idx').on(t.loincCode),
    // The catalogue's search (a substring of the name or the code) on /admin/lab-tests and the order screen.
    index('lab_tests_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('lab_tests_code_trgm_idx').using('gin', sql`${t.code} gin_trgm_ops`),
    index('lab_tests_updated_idx').on(t.updatedAt),
    check(
      'lab_tests_result_type',
      sql`(${t.kind} = 'panel') = (${t.resultType} is null) and (${t.resultType} = 'quantity') = (${t.unit} is not null)`,
    ),
    check('lab_tests_turnaround', sql`${t.turnaroundMinutes} between 1 and 43200`),
    check('lab_tests_price', sql`${t.price} >= 0`),
  ],
);

/** A panel's member tests, in the order a report lists them. */
export const labPanelMembers = pgTable(
  'lab_panel_members',
  {
    panelId: uuid()
      .notNull()
      .references(() => labTests.id, { onDelete: 'cascade' }),
    testId: uuid()
      .notNull()
      .references(() => labTests.id, { onDelete: 'restrict' }),
    position: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.panelId, t.testId] }),
    check('lab_panel_members_not_self', sql`${t.panelId} <> ${t.testId}`),
  ],
);

/**
 * A quantity test's reference range for one sex (null: either) and age band in days (from
 * inclusive, to exclusive, null: no upper bound), with its critical limits. The most specific
 * band that holds the patient applies.
 */
export const labReferenceRanges = pgTable(
  'lab_reference_ranges',
  {
    id: id(),
    testId: uuid()
      .notNull()
      .references(() => labTests.id, { onDelete: 'cascade' }),
    sex: gender(),
    ageFromDays: integer().notNull().default(0),
    ageToDays: integer(),
    low: measure(),
    high: measure(),
    criticalLow: measure(),
    criticalHigh: measure(),
  },
  (t) => [
    index('lab_reference_ranges_test_idx').on(t.testId),
    check(
      'lab_reference_ranges_ages',
      sql`${t.ageFromDays} >= 0 and (${t.ageToDays} is null or ${t.ageToDays} > ${t.ageFromDays})`,
    ),
    check('lab_reference_ranges_bounds', sql`${t.low} is null or ${t.high} is null or ${t.low} <= ${t.high}`),
  ],
);

/**
 * One laboratory order: the tests one specimen (one tube or pot) carries, for one patient. Tests
 * ordered together that need different containers become several orders sharing a requisition.
 * Ordered by a doctor from the chart, an appointment or a stay.
 */
export const labOrders = pgTable(
  'lab_orders',
  {
    id: id(),
    /** The tests ordered together at one time share it (FHIR ServiceRequest.requisition). */
    requisitionId: uuid().notNull(),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    requesterId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    stayId: uuid().references(() => stays.id, { onDelete: 'restrict' }),
    appointmentId: uuid().references(() => appointments.id, { onDelete: 'restrict' }),
    priority: labPriority().notNull(),
    clinicalNote: text(),
    state: labOrderState().notNull().default('Ordered'),
    specimenType: specimenType().notNull(),
    container: text().notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    cancelledBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    cancelReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The worklist: open orders by state, priority and age.
    index('lab_orders_worklist_idx').on(t.state, t.priority, t.createdAt),
    index('lab_orders_patient_idx').on(t.patientId, t.createdAt),
    index('lab_orders_requisition_idx').on(t.requisitionId),
    index('lab_orders_stay_idx').on(t.stayId),
    index('lab_orders_updated_idx').on(t.updatedAt),
    check(
      'lab_orders_cancelled',
      sql`(${t.state} = 'Cancelled') = (${t.cancelledAt} is not null) and (${t.cancelledAt} is null) = (${t.cancelledBy} is null)`,
    ),
  ],
);

/** The catalogue entries (tests or panels) an order asks for: each is a FHIR ServiceRequest. */
export const labOrderTests = pgTable(
  'lab_order_tests',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => labOrders.id, { onDelete: 'cascade' }),
    testId: uuid()
      .notNull()
      .references(() => labTests.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lab_order_tests_unique').on(t.orderId, t.testId),
    index('lab_order_tests_test_idx').on(t.testId),
  ],
);

/**
 * A specimen collected for an order, with its accession number (`LAB-YYYY-NNNNNN`, a yearly
 * sequence) on the tube's label. A rejected specimen stays, with its reason, and its order waits
 * for a new one: an order has at most one specimen that is not rejected.
 */
export const labSpecimens = pgTable(
  'lab_specimens',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => labOrders.id, { onDelete: 'restrict' }),
    accession: text().notNull(),
    specimenType: specimenType().notNull(),
    container: text().notNull(),
    collectedAt: timestamp({ withTimezone: true }).notNull(),
    collectedBy: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    receivedAt: timestamp({ withTimezone: true }),
    receivedBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    rejectedAt: timestamp({ withTimezone: true }),
    rejectedBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    rejectionReason: specimenRejectionReason(),
    rejectionNote: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lab_specimens_accession_unique').on(t.accession),
    uniqueIndex('lab_specimens_live_unique').on(t.orderId).where(sql`${t.rejectedAt} is null`),
    index('lab_specimens_updated_idx').on(t.updatedAt),
    // Laboratory analytics: the specimens collected in a period.
    index('lab_specimens_collected_idx').on(t.collectedAt),
    check(
      'lab_specimens_rejected',
      sql`(${t.rejectedAt} is null) = (${t.rejectedBy} is null) and (${t.rejectedAt} is null) = (${t.rejectionReason} is null)`,
    ),
    check('lab_specimens_received', sql`(${t.receivedAt} is null) = (${t.receivedBy} is null)`),
  ],
);

/**
 * One version of one test's result on a specimen (a panel's members each have theirs). A
 * scientist or an analyser files it preliminary; verifying makes it final. A verified value is
 * corrected only by a new version with a reason: the old one is kept, superseded. One current
 * version per test and specimen, whoever files first.
 */
export const labResults = pgTable(
  'lab_results',
  {
    id: id(),
    orderId: uuid()
      .notNull()
      .references(() => labOrders.id, { onDelete: 'restrict' }),
    specimenId: uuid()
      .notNull()
      .references(() => labSpecimens.id, { onDelete: 'restrict' }),
    testId: uuid()
      .notNull()
      .references(() => labTests.id, { onDelete: 'restrict' }),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    version: smallint().notNull().default(1),
    valueQuantity: measure(),
    valueText: text(),
    /** UCUM, copied from the test when filed. */
    unit: text(),
    interpretation: labInterpretation(),
    /** The range that applied when filed, as the report shows it. */
    rangeLow: measure(),
    rangeHigh: measure(),
    status: labResultStatus().notNull().default('preliminary'),
    source: labResultSource().notNull(),
    /** The analyser's message this value came from (hl7_messages), when source is analyser. */
    hl7MessageId: uuid(),
    enteredBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    enteredAt: timestamp({ withTimezone: true }).notNull(),
    verifiedBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    verifiedAt: timestamp({ withTimezone: true }),
    correctionReason: text(),
    supersededAt: timestamp({ withTimezone: true }),
    sharedWithPatient: boolean().notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lab_results_current_unique')
      .on(t.specimenId, t.testId)
      .where(sql`${t.supersededAt} is null`),
    uniqueIndex('lab_results_version_unique').on(t.specimenId, t.testId, t.version),
    index('lab_results_order_idx').on(t.orderId),
    // The chart's trends: one patient's values of one test over time.
    index('lab_results_patient_test_idx').on(t.patientId, t.testId, t.enteredAt),
    index('lab_results_updated_idx').on(t.updatedAt),
    // Laboratory analytics: the results verified in a period (turnaround).
    index('lab_results_verified_idx').on(t.verifiedAt).where(sql`${t.verifiedAt} is not null`),
    check('lab_results_value', sql`${t.valueQuantity} is not null or ${t.valueText} is not null`),
    check('lab_results_verified', sql`(${t.verifiedAt} is null) = (${t.verifiedBy} is null)`),
    check('lab_results_final_verified', sql`${t.status} = 'preliminary' or ${t.verifiedAt} is not null`),
    check('lab_results_correction', sql`${t.version} = 1 or ${t.correctionReason} is not null`),
    check('lab_results_entered_by', sql`${t.source} = 'analyser' or ${t.enteredBy} is not null`),
  ],
);

/**
 * A critical result waiting for the ordering doctor: one alert per result version, open until
 * acknowledged; escalated to the administrators when left too long (docs/areas/lab-results.md).
 */
export const labCriticalAlerts = pgTable(
  'lab_critical_alerts',
  {
    id: id(),
    resultId: uuid()
      .notNull()
      .references(() => labResults.id, { onDelete: 'restrict' }),
    patientId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    doctorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    raisedAt: timestamp({ withTimezone: true }).notNull(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    acknowledgedBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    escalatedAt: timestamp({ withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lab_critical_alerts_result_unique').on(t.resultId),
    index('lab_critical_alerts_open_idx').on(t.doctorId, t.raisedAt).where(sql`${t.acknowledgedAt} is null`),
    // Laboratory analytics: the alerts raised in a period.
    index('lab_critical_alerts_raised_idx').on(t.raisedAt),
    check('lab_critical_alerts_ack', sql`(${t.acknowledgedAt} is null) = (${t.acknowledgedBy} is null)`),
  ],
);
