import { DIAGNOSIS_RANGES, VITAL_RANGES } from '@carepoint/contract';
import type { CodeableConcept, Coding } from '@medplum/fhirtypes';
import type { TokenValue } from './params';

/*
 * The codes our measurements leave with: LOINC for what was measured, UCUM for its unit, HL7's
 * observation categories and v2 diagnostic service sections. Our units are the contract's
 * (VITAL_RANGES, DIAGNOSIS_RANGES), each already a UCUM unit under another spelling, so values
 * leave unconverted; `unit` keeps the spelling the app shows.
 */

const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const DIAGNOSTIC_SERVICE_SECTION = 'http://terminology.hl7.org/CodeSystem/v2-0074';

export type ObservationCategory = 'vital-signs' | 'laboratory' | 'imaging' | 'exam' | 'survey';
const CATEGORY_DISPLAY: Record<ObservationCategory, string> = {
  'vital-signs': 'Vital Signs',
  laboratory: 'Laboratory',
  imaging: 'Imaging',
  exam: 'Exam',
  survey: 'Survey',
};

export const categoryConcept = (category: ObservationCategory): CodeableConcept => ({
  coding: [{ system: OBSERVATION_CATEGORY, code: category, display: CATEGORY_DISPLAY[category] }],
});

/** One kind of numeric measurement: its id suffix, codes and unit. */
export interface Measure {
  /** The end of the Observation's id, `<row id>-<suffix>`. */
  suffix: string;
  /** LOINC codings, the first being the one a client should look for; none: `text` only. */
  loinc: Array<{ code: string; display: string }>;
  text: string;
  /** Absent when the measurement belongs to no category of HL7's list (a patient's age). */
  category?: ObservationCategory;
  /** As the app shows it. */
  unit: string;
  /** The same unit in UCUM. */
  ucum: string;
  /** R4's vital-signs profile the Observation meets (meta.profile, beside the generic one). */
  vitalSignsProfile?: string;
}

/**
 * Measurements that leave together as one Observation, each a component of it (its code and
 * valueQuantity): blood pressure, as R4's vital-signs profile wants it.
 */
export interface Panel {
  suffix: string;
  loinc: Array<{ code: string; display: string }>;
  text: string;
  category: ObservationCategory;
  vitalSignsProfile: string;
  components: readonly [Measure, Measure];
}

const VITAL_SIGNS_PROFILE = 'http://hl7.org/fhir/StructureDefinition/vitalsigns';
const vitalProfile = (name: string) => `http://hl7.org/fhir/StructureDefinition/${name}`;
/** The profiles an Observation of this measure claims. */
export const measureProfiles = (measure: Pick<Measure, 'vitalSignsProfile'>) =>
  measure.vitalSignsProfile ? [VITAL_SIGNS_PROFILE, measure.vitalSignsProfile] : [];

const loinc = (code: string, display: string) => ({ code, display });

const heartRate: Measure = {
  suffix: 'hr',
  loinc: [loinc('8867-4', 'Heart rate')],
  text: VITAL_RANGES.heartRate.label,
  category: 'vital-signs',
  unit: VITAL_RANGES.heartRate.unit,
  ucum: '/min',
  vitalSignsProfile: vitalProfile('heartrate'),
};
const systolic: Measure = {
  suffix: 'sys',
  loinc: [loinc('8480-6', 'Systolic blood pressure')],
  text: VITAL_RANGES.systolic.label,
  category: 'vital-signs',
  unit: VITAL_RANGES.systolic.unit,
  ucum: 'mm[Hg]',
};
const diastolic: Measure = {
  suffix: 'dia',
  loinc: [loinc('8462-4', 'Diastolic blood pressure')],
  text: VITAL_RANGES.diastolic.label,
  category: 'vital-signs',
  unit: VITAL_RANGES.diastolic.unit,
  ucum: 'mm[Hg]',
};
const weight: Measure = {
  suffix: 'wt',
  loinc: [loinc('29463-7', 'Body weight')],
  text: 'Body weight',
  category: 'vital-signs',
  unit: VITAL_RANGES.weight.unit,
  ucum: 'kg',
  vitalSignsProfile: vitalProfile('bodyweight'),
};
const height: Measure = {
  suffix: 'ht',
  loinc: [loinc('8302-2', 'Body height')],
  text: 'Body height',
  category: 'vital-signs',
  unit: VITAL_RANGES.height.unit,
  ucum: 'cm',
  vitalSignsProfile: vitalProfile('bodyheight'),
};
/** Systolic and diastolic: one Observation `<row id>-bp`, either component recorded alone being enough. */
const BLOOD_PRESSURE: Panel = {
  suffix: 'bp',
  loinc: [loinc('85354-9', 'Blood pressure panel with all children optional')],
  text: 'Blood pressure',
  category: 'vital-signs',
  vitalSignsProfile: vitalProfile('bp'),
  components: [systolic, diastolic],
};
const PANELS: readonly Panel[] = [BLOOD_PRESSURE];

/** A laboratory value, not a vital sign (HL7's vital-signs list has no glucose), even when measured at triage. */
const bloodGlucose: Measure = {
  suffix: 'glu',
  loinc: [loinc('2339-0', 'Glucose [Mass/volume] in Blood')],
  text: VITAL_RANGES.bloodGlucose.label,
  category: 'laboratory',
  unit: VITAL_RANGES.bloodGlucose.unit,
  ucum: 'mg/dL',
};

/** The columns of a vital_signs row, in the order a chart lists them. */
export const VITAL_MEASURES = {
  heartRate,
  systolic,
  diastolic,
  temperature: {
    suffix: 'temp',
    loinc: [loinc('8310-5', 'Body temperature')],
    text: 'Body temperature',
    category: 'vital-signs',
    unit: VITAL_RANGES.temperature.unit,
    ucum: 'Cel',
    vitalSignsProfile: vitalProfile('bodytemp'),
  },
  respiratoryRate: {
    suffix: 'rr',
    loinc: [loinc('9279-1', 'Respiratory rate')],
    text: VITAL_RANGES.respiratoryRate.label,
    category: 'vital-signs',
    unit: VITAL_RANGES.respiratoryRate.unit,
    ucum: '/min',
    vitalSignsProfile: vitalProfile('resprate'),
  },
  // Measured at triage with a pulse oximeter: the vital-signs code and the pulse-oximetry one.
  oxygenSaturation: {
    suffix: 'spo2',
    loinc: [
      loinc('2708-6', 'Oxygen saturation in Arterial blood'),
      loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'),
    ],
    text: VITAL_RANGES.oxygenSaturation.label,
    category: 'vital-signs',
    unit: VITAL_RANGES.oxygenSaturation.unit,
    ucum: '%',
    vitalSignsProfile: vitalProfile('oxygensat'),
  },
  weight,
  height,
  bloodGlucose,
} as const satisfies Record<keyof typeof VITAL_RANGES, Measure>;

/** The measurement columns of a diagnosis test. */
export const DIAGNOSIS_MEASURES = {
  age: {
    suffix: 'age',
    loinc: [loinc('30525-0', 'Age')],
    text: DIAGNOSIS_RANGES.age.label,
    unit: DIAGNOSIS_RANGES.age.unit,
    ucum: 'a',
  },
  height,
  weight,
  // Our "average glucose" is not said to be estimated from HbA1c (LOINC's only average): text only.
  averageGlucose: {
    suffix: 'avg-glu',
    loinc: [],
    text: DIAGNOSIS_RANGES.averageGlucose.label,
    category: 'laboratory',
    unit: DIAGNOSIS_RANGES.averageGlucose.unit,
    ucum: 'mg/dL',
  },
  bloodSugar: { ...bloodGlucose, text: DIAGNOSIS_RANGES.bloodSugar.label },
  urinSugar: {
    suffix: 'u-glu',
    loinc: [loinc('2350-7', 'Glucose [Mass/volume] in Urine')],
    text: DIAGNOSIS_RANGES.urinSugar.label,
    category: 'laboratory',
    unit: DIAGNOSIS_RANGES.urinSugar.unit,
    ucum: 'mg/dL',
  },
  systolic,
  diastolic,
  cholesterol: {
    suffix: 'chol',
    loinc: [loinc('2093-3', 'Cholesterol [Mass/volume] in Serum or Plasma')],
    text: DIAGNOSIS_RANGES.cholesterol.label,
    category: 'laboratory',
    unit: DIAGNOSIS_RANGES.cholesterol.unit,
    ucum: 'mg/dL',
  },
} as const satisfies Record<keyof typeof DIAGNOSIS_RANGES, Measure>;

/**
 * One Observation of a row: one measure's column, or a panel and the columns of its components
 * (in the panel's order).
 */
export type Observed<K extends string> =
  | { kind: 'measure'; suffix: string; measure: Measure; column: K }
  | { kind: 'panel'; suffix: string; panel: Panel; columns: readonly [K, K] };

/** The Observations a table's measurement columns make, in the columns' order (a panel where its first component is). */
export function observedIn<K extends string>(measures: Record<K, Measure>): Observed<K>[] {
  const entries = Object.entries(measures) as Array<[K, Measure]>;
  const columnOf = (measure: Measure) => entries.find(([, m]) => m === measure)?.[0];
  return entries.flatMap(([column, measure]): Observed<K>[] => {
    const panel = PANELS.find((p) => p.components.includes(measure));
    if (!panel) return [{ kind: 'measure', suffix: measure.suffix, measure, column }];
    const [first, second] = panel.components.map(columnOf);
    if (first !== column || second === undefined) return [];
    return [{ kind: 'panel', suffix: panel.suffix, panel, columns: [first, second] }];
  });
}

export const measureCode = (measure: Pick<Measure, 'loinc' | 'text'>): CodeableConcept => ({
  ...(measure.loinc.length > 0
    ? { coding: measure.loinc.map(({ code, display }): Coding => ({ system: LOINC, code, display })) }
    : {}),
  text: measure.text,
});

/** Whether a token names one of these codings (`code`, `system|code`, `system|`). */
export function tokenNames(token: TokenValue, codings: ReadonlyArray<{ system: string; code: string }>) {
  return codings.some(
    (coding) =>
      (token.system === undefined || token.system === coding.system) &&
      (token.code === undefined || token.code === coding.code),
  );
}

/** Every occurrence of a token parameter (AND) names one of the codings (any of its values: OR). */
export const tokensMatch = (
  occurrences: TokenValue[][],
  codings: ReadonlyArray<{ system: string; code: string }>,
) => occurrences.every((values) => values.some((token) => tokenNames(token, codings)));

export const measureCodings = (measure: Pick<Measure, 'loinc'>) =>
  measure.loinc.map(({ code }) => ({ system: LOINC, code }));
/** What `component-code` matches: a panel's components' codes; a single measure has none. */
export const componentCodings = (observed: Observed<string>) =>
  observed.kind === 'panel' ? observed.panel.components.flatMap(measureCodings) : [];
/** What `code` matches: the Observation's own code, and a panel's components' codes too. */
export const observedCodings = (observed: Observed<string>) =>
  observed.kind === 'panel'
    ? [...measureCodings(observed.panel), ...componentCodings(observed)]
    : measureCodings(observed.measure);
export const observedCategory = (observed: Observed<string>) =>
  observed.kind === 'panel' ? observed.panel.category : observed.measure.category;
export const categoryCodings = (category: ObservationCategory | undefined) =>
  category ? [{ system: OBSERVATION_CATEGORY, code: category }] : [];

/**
 * Our diagnosis categories as HL7 v2 diagnostic service sections (table 0074) where one clearly
 * applies, and the Observation category of their free-form properties. Categories an admin adds
 * later, or ones without a clear section, keep their name as text and count as laboratory.
 */
export const DIAGNOSIS_SECTIONS: Record<
  string,
  { section?: { code: string; display: string }; category: ObservationCategory }
> = {
  haematology: { section: { code: 'HM', display: 'Hematology' }, category: 'laboratory' },
  'clinical chemistry': { section: { code: 'CH', display: 'Chemistry' }, category: 'laboratory' },
  microbiology: { section: { code: 'MB', display: 'Microbiology' }, category: 'laboratory' },
  'immunology and serology': { section: { code: 'IMM', display: 'Immunology' }, category: 'laboratory' },
  parasitology: { section: { code: 'LAB', display: 'Laboratory' }, category: 'laboratory' },
  urinalysis: { section: { code: 'LAB', display: 'Laboratory' }, category: 'laboratory' },
  endocrinology: { section: { code: 'LAB', display: 'Laboratory' }, category: 'laboratory' },
  histopathology: { section: { code: 'SP', display: 'Surgical Pathology' }, category: 'laboratory' },
  cytology: { section: { code: 'CP', display: 'Cytopathology' }, category: 'laboratory' },
  'blood transfusion': { section: { code: 'BLB', display: 'Blood bank' }, category: 'laboratory' },
  'molecular diagnostics': { section: { code: 'LAB', display: 'Laboratory' }, category: 'laboratory' },
  toxicology: { section: { code: 'TX', display: 'Toxicology' }, category: 'laboratory' },
  virology: { section: { code: 'VR', display: 'Virology' }, category: 'laboratory' },
  genetics: { section: { code: 'GE', display: 'Genetics' }, category: 'laboratory' },
  radiology: { section: { code: 'RAD', display: 'Radiology' }, category: 'imaging' },
  ultrasonography: { section: { code: 'RUS', display: 'Radiology Ultrasound' }, category: 'imaging' },
  cardiology: { category: 'exam' },
  pulmonology: { category: 'exam' },
  neurophysiology: { category: 'exam' },
  ophthalmology: { category: 'exam' },
};

export const diagnosisSection = (categoryName: string) => DIAGNOSIS_SECTIONS[categoryName.toLowerCase()];
/** The Observation category of a test's free-form properties. */
export const propertyCategory = (categoryName: string): ObservationCategory =>
  diagnosisSection(categoryName)?.category ?? 'laboratory';

/** Our category names (lower case) whose section or property category satisfies a predicate. */
export const categoryNamesWhere = (
  predicate: (entry: { section?: { code: string }; category: ObservationCategory }) => boolean,
) =>
  Object.entries(DIAGNOSIS_SECTIONS)
    .filter(([, entry]) => predicate(entry))
    .map(([name]) => name);

/*
 * NEWS2 and ACVPU in SNOMED CT (UK edition): LOINC has no code for the RCP's NEWS2 total. As the
 * UK's published FHIR profiles code them (the Yorkshire & Humber care record's
 * Interweave-Observation-NEWS2Score, and the NHS Wales emergency department guide's examples):
 * 1104051000000101 "Royal College of Physicians NEWS2 (National Early Warning Score 2) total
 * score" and 1104441000000107 "ACVPU (Alert Confusion Voice Pain Unresponsive) scale score",
 * both in category `survey`. The answers Alert, Voice, Pain and Unresponsive are the SNOMED CT
 * findings of the AVPU value sets published with them; new confusion has no agreed code there,
 * so it leaves as text only.
 */
const SNOMED = 'http://snomed.info/sct';

export const NEWS2_CODE: CodeableConcept = {
  coding: [
    {
      system: SNOMED,
      code: '1104051000000101',
      display: 'Royal College of Physicians NEWS2 (National Early Warning Score 2) total score',
    },
  ],
  text: 'NEWS2 total score',
};
export const ACVPU_CODE: CodeableConcept = {
  coding: [
    {
      system: SNOMED,
      code: '1104441000000107',
      display: 'ACVPU (Alert Confusion Voice Pain Unresponsive) scale score',
    },
  ],
  text: 'Level of consciousness (ACVPU)',
};
const ACVPU_ANSWERS: Record<string, { code: string; display: string } | undefined> = {
  Alert: { code: '248234008', display: 'Mentally alert' },
  Voice: { code: '300202002', display: 'Responds to voice' },
  Pain: { code: '450847001', display: 'Responds to pain' },
  Unresponsive: { code: '422768004', display: 'Unresponsive' },
};
/** An ACVPU level as an answer: its SNOMED CT finding where one is agreed, always its word. */
export function acvpuAnswer(level: string): CodeableConcept {
  const answer = ACVPU_ANSWERS[level];
  return { ...(answer ? { coding: [{ system: SNOMED, ...answer }] } : {}), text: level };
}
/** The codings a `code` search matches for each ward-set Observation. */
export const NEWS2_CODINGS = {
  news2: [{ system: SNOMED, code: '1104051000000101' }],
  acvpu: [{ system: SNOMED, code: '1104441000000107' }],
} as const;
