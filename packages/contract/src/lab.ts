/*
 * The laboratory's words (docs/areas/laboratory.md): the constants the database enums, the API,
 * the screens, FHIR and the HL7 listener share. Each slice of the lab adds its schemas in its own
 * file (lab-catalogue.ts, lab-orders.ts, lab-results.ts); these are the ones they all name.
 */

/** An order's priority, most urgent first (FHIR request-priority: stat, urgent, routine). */
export const LAB_PRIORITIES = ['STAT', 'Urgent', 'Routine'] as const;
export type LabPriority = (typeof LAB_PRIORITIES)[number];

/**
 * Where an order (one specimen's worth of tests) stands. A rejected specimen sends its order back
 * to Ordered for recollection; Cancelled ends it before a result.
 */
export const LAB_ORDER_STATES = [
  'Ordered',
  'Collected',
  'Received',
  'In Progress',
  'Resulted',
  'Verified',
  'Cancelled',
] as const;
export type LabOrderState = (typeof LAB_ORDER_STATES)[number];

/** The states that still wait on the laboratory: the worklist's default, and the duplicate check's "pending". */
export const LAB_OPEN_STATES = [
  'Ordered',
  'Collected',
  'Received',
  'In Progress',
  'Resulted',
] as const satisfies readonly LabOrderState[];

/** A catalogue entry is one test, or a panel that orders several (a full blood count). */
export const LAB_TEST_KINDS = ['test', 'panel'] as const;
export type LabTestKind = (typeof LAB_TEST_KINDS)[number];

/** What a test's result is: a number with a UCUM unit, one of a list of answers, or free text. */
export const LAB_RESULT_TYPES = ['quantity', 'choice', 'text'] as const;
export type LabResultType = (typeof LAB_RESULT_TYPES)[number];

/** Specimen types, by HL7 v2 table 0487's codes (FHIR Specimen.type, the ORU's SPM-4). */
export const SPECIMEN_TYPES = {
  BLD: 'Whole blood',
  BLDC: 'Capillary blood',
  SER: 'Serum',
  PLAS: 'Plasma',
  UR: 'Urine',
  STL: 'Stool',
  CSF: 'Cerebrospinal fluid',
  SPT: 'Sputum',
} as const;
export type SpecimenType = keyof typeof SPECIMEN_TYPES;
export const SPECIMEN_TYPE_CODES = Object.keys(SPECIMEN_TYPES) as [SpecimenType, ...SpecimenType[]];

/** Why a specimen cannot be tested; its order goes back for recollection and the doctor sees why. */
export const SPECIMEN_REJECTION_REASONS = ['Haemolysed', 'Clotted', 'Insufficient', 'Unlabelled'] as const;
export type SpecimenRejectionReason = (typeof SPECIMEN_REJECTION_REASONS)[number];

/**
 * A result's flag, by HL7's ObservationInterpretation codes (the ORU's OBX-8, FHIR's
 * interpretation): normal, low, high, critically low, critically high, abnormal (a choice or
 * text outside the expected answers).
 */
export const LAB_INTERPRETATIONS = ['N', 'L', 'H', 'LL', 'HH', 'A'] as const;
export type LabInterpretation = (typeof LAB_INTERPRETATIONS)[number];

/**
 * A result version's status (FHIR Observation.status): preliminary until a scientist verifies
 * it, final once verified, corrected for a verified value replaced by a new version.
 */
export const LAB_RESULT_STATUSES = ['preliminary', 'final', 'corrected'] as const;
export type LabResultStatus = (typeof LAB_RESULT_STATUSES)[number];

/** Where a value came from: typed by a scientist, or filed from an analyser's HL7 message. */
export const LAB_RESULT_SOURCES = ['manual', 'analyser'] as const;
export type LabResultSource = (typeof LAB_RESULT_SOURCES)[number];
