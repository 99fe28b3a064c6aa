import { z } from 'zod';
import { CHART_MESSAGES } from './charts';
import { optionalVitalField, VITAL_RANGES, vitalField } from './clinical';
import { formularyMedicineIdField, listQuerySchema, pageOf, requiredText } from './common';
import { formatDay } from './dates';
import { codedDiagnosisSchema, diagnosisCodeField } from './diagnosis-codes';
import { lineSupplySchema } from './pharmacy-dispensing';
import { FORMULARY_MESSAGES } from './pharmacy-formulary';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * Prescriptions (docs/areas/prescriptions.md): the list, New Prescription, Prescription Details;
 * a prescription and its medicine lines, its status, the medicine lists.
 *
 *   GET    /api/doctor/prescriptions               [prescriptionsQuerySchema -> prescriptionPageSchema]
 *   POST   /api/doctor/prescriptions               [prescriptionInputSchema -> prescriptionSchema]
 *   GET    /api/doctor/prescriptions/:id           [-> prescriptionSchema]
 *   PUT    /api/doctor/prescriptions/:id           [prescriptionInputSchema -> prescriptionSchema]
 *   PATCH  /api/doctor/prescriptions/:id/status    [prescriptionStatusSchema -> prescriptionSchema]
 *   DELETE /api/doctor/prescriptions/:id           [-> ok]
 *   GET    /api/doctor/prescriptions/:id/pdf       [-> application/pdf]
 *   GET    /api/doctor/prescriptions/patients/:id  [-> prescriptionPatientSchema] (name, allergies, latest triage vitals)
 *   GET    /api/patient/prescriptions              [patientPrescriptionsQuerySchema -> prescriptionPageSchema]
 *   GET    /api/patient/prescriptions/:id/pdf      [-> application/pdf]
 *
 * Any doctor may read any prescription (as any doctor may open any chart); only its author
 * edits, toggles or deletes it. A patient reads only their own. Every read and change is audited.
 */

/**
 * The medicine lines' lists. The spec's durations are 1, 3, 7 and 30 days; 5, 10 and 14 days are
 * ours (the courses doctors write every day), and any other whole number of days is written as
 * "Other number of days" with the count. A duration is stored as its number of days.
 */
export const MEDICINE_DURATIONS = [
  'Only one day',
  '3 Days',
  '5 Days',
  '7 Days',
  '10 Days',
  '14 Days',
  '30 Days',
] as const;
/** The form's choice for a course of any other length (the count goes in `durationDays`). */
export const MEDICINE_DURATION_OTHER = 'Other number of days';
export const MEDICINE_DURATION_MAX_DAYS = 365;
export const MEDICINE_TIMES = ['Before Meal', 'After Meal'] as const;
/**
 * The spec's three intervals, then ours: "As needed" (a medicine taken when the symptom comes,
 * a painkiller, an inhaler; FHIR's dosage says it with asNeededBoolean), three and four times
 * a day, and by the clock every 6, 8 or 12 hours (antibiotics, analgesics).
 */
export const MEDICINE_INTERVALS = [
  'Daily morning',
  'Daily evening',
  'Morning and evening',
  'As needed',
  'Three times daily',
  'Four times daily',
  'Every 6 hours',
  'Every 8 hours',
  'Every 12 hours',
] as const;
export const NEXT_VISIT_UNITS = ['Days', 'Weeks', 'Months'] as const;
/** Not in the spec (there it is free text): what a clinician records about diabetes. */
export const DIABETIC_STATUSES = ['No', 'Type 1', 'Type 2', 'Gestational', 'Prediabetes'] as const;

export type MedicineDuration = (typeof MEDICINE_DURATIONS)[number];
export type MedicineTime = (typeof MEDICINE_TIMES)[number];
export type MedicineInterval = (typeof MEDICINE_INTERVALS)[number];

export const MEDICINES_MAX = 30;
const NEXT_VISIT_MAX = 365;
/** Doctor-area tables show 10 rows a page by default. */
export const PRESCRIPTIONS_PAGE_SIZE = 10;

export const PRESCRIPTION_MESSAGES = {
  /** The pharmacy handed over some of it: what was dispensed stays on record. */
  dispensed:
    'The pharmacy has dispensed this prescription: its dispensed medicines cannot be removed; set it Inactive instead',
  patientRequired: 'Please select a patient',
  patientNotFound: 'Choose a registered patient',
  appointmentMismatch: 'The appointment must be yours and with this patient',
  medicineName: 'Medicine name is required',
  dosage: 'Dosage is required',
  duration: 'Choose a duration',
  durationDays: `Enter the number of days, a whole number from 1 to ${MEDICINE_DURATION_MAX_DAYS}`,
  time: 'Choose before or after meal',
  interval: 'Choose an interval',
  atLeastOneMedicine: 'Add at least one medicine',
  tooManyMedicines: `At most ${MEDICINES_MAX} medicines`,
  bloodPressureFormat: 'Enter blood pressure as systolic/diastolic, for example 120/80',
  diabetic: `Choose one of: ${DIABETIC_STATUSES.join(', ')}`,
  nextVisitCount: `Next visit must be a whole number from 1 to ${NEXT_VISIT_MAX}`,
  nextVisitUnit: 'Choose days, weeks or months',
  acknowledgeAllergies:
    'A medicine matches a recorded allergy of the patient. Confirm to prescribe it anyway.',
  notFound: 'Prescription not found',
  loadFailed: 'Could not load prescriptions',
  detailFailed: 'Could not load the prescription',
  saveFailed: 'Failed to save the prescription',
  updated: 'Prescription updated',
  statusFailed: 'Could not change the status',
  deleteFailed: 'Failed to delete the prescription',
  pdfFailed: 'Could not download the PDF',
} as const;

// ---------------------------------------------------------------------------------------------
// The allergy rule: one place, used by the form as the doctor types and by the server on save
// ---------------------------------------------------------------------------------------------

/**
 * Allergies recorded as a class name ("Penicillin", "Sulfa drugs", "NSAIDs") also match the
 * common members of that class, including Nigerian brand names. Deliberately short: it flags,
 * the doctor decides; it is no substitute for a drug-interaction database.
 */
const ALLERGY_CLASSES: Record<string, readonly string[]> = {
  penicillin: [
    'amoxicillin',
    'ampicillin',
    'cloxacillin',
    'flucloxacillin',
    'dicloxacillin',
    'piperacillin',
    'benzylpenicillin',
    'phenoxymethylpenicillin',
    'augmentin',
    'co-amoxiclav',
    'ampiclox',
  ],
  sulfonamide: [
    'sulfamethoxazole',
    'co-trimoxazole',
    'cotrimoxazole',
    'septrin',
    'bactrim',
    'sulfadiazine',
    'sulfasalazine',
    'sulfadoxine',
    'fansidar',
  ],
  nsaid: [
    'ibuprofen',
    'diclofenac',
    'naproxen',
    'aspirin',
    'piroxicam',
    'indomethacin',
    'ketoprofen',
    'celecoxib',
    'mefenamic acid',
  ],
  cephalosporin: [
    'cefalexin',
    'cephalexin',
    'cefuroxime',
    'ceftriaxone',
    'cefixime',
    'cefpodoxime',
    'cefotaxime',
    'ceftazidime',
  ],
  aspirin: ['acetylsalicylic acid'],
  opioid: ['codeine', 'morphine', 'tramadol', 'pentazocine', 'pethidine'],
};
ALLERGY_CLASSES.sulfa = ALLERGY_CLASSES.sulfonamide ?? [];

/** Lower case, accents and punctuation gone, each word without a plural "s": comparable words. */
const wordsOf = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') ? w.slice(0, -1) : w));

/** Whether the word sequence `inner` appears, contiguous, in `outer`. */
const containsWords = (outer: readonly string[], inner: readonly string[]) => {
  if (inner.length === 0 || inner.length > outer.length) return false;
  for (let i = 0; i + inner.length <= outer.length; i += 1) {
    if (inner.every((w, j) => outer[i + j] === w)) return true;
  }
  return false;
};

export interface AllergyConflict {
  /** The medicine line's position (0-based). */
  index: number;
  medicine: string;
  allergy: string;
}

/**
 * The medicine lines that match a recorded allergy: the allergy's words appear in the
 * medicine's name (or the other way round: "Penicillin" prescribed, "Penicillin V" recorded),
 * or the allergy names a class the medicine belongs to. Allergies under 3 letters are ignored.
 */
export function findAllergyConflicts(
  medicines: ReadonlyArray<{ name: string }>,
  allergies: readonly string[],
): AllergyConflict[] {
  const recorded = allergies
    .map((allergy) => ({ allergy, words: wordsOf(allergy) }))
    .filter((a) => a.words.join('').length >= 3)
    .map(({ allergy, words }) => ({
      allergy,
      words,
      members: words.flatMap((w) => ALLERGY_CLASSES[w] ?? []).map(wordsOf),
    }));
  const conflicts: AllergyConflict[] = [];
  for (const [index, { name }] of medicines.entries()) {
    const medicine = wordsOf(name);
    if (medicine.join('').length < 3) continue;
    const hit = recorded.find(
      (a) =>
        containsWords(medicine, a.words) ||
        containsWords(a.words, medicine) ||
        a.members.some((m) => containsWords(medicine, m)),
    );
    if (hit) conflicts.push({ index, medicine: name.trim(), allergy: hit.allergy });
  }
  return conflicts;
}

/** Every drug and drug class the allergy rule knows by name, as medicine lines to check against. */
const KNOWN_DRUGS = Object.entries(ALLERGY_CLASSES).flatMap(([drugClass, members]) =>
  [drugClass, ...members].map((name) => ({ name })),
);

/**
 * Whether a recorded allergy names a drug or drug class the allergy rule knows ("Penicillin",
 * "NSAIDs", "Ibuprofen"): then it is known to be a medication allergy. Anything else (foods,
 * latex, a drug the list does not know) says nothing.
 */
export const namesKnownDrug = (allergy: string) => findAllergyConflicts(KNOWN_DRUGS, [allergy]).length > 0;

/** The flag on a medicine line. */
export const allergyWarning = (conflict: Pick<AllergyConflict, 'allergy'>) =>
  `Allergy: the patient is allergic to ${conflict.allergy}`;

/** A saved override of the allergy rule: which allergies, who confirmed, when (an instant). */
export const allergyOverrideSchema = z.object({
  allergies: z.array(z.string()),
  acknowledgedBy: z.object({ id: z.string(), name: z.string() }),
  acknowledgedAt: z.string(),
});
export type AllergyOverride = z.infer<typeof allergyOverrideSchema>;

/**
 * The one sentence every copy of a prescription carries for an override (the screen and its
 * print, the PDF, FHIR's MedicationRequest.note), so a pharmacist reads the same warning
 * whichever copy reaches them. `at` is the acknowledgement's time as people read it
 * ("24 Nov 2026, 14:30", the facility's clock: formatInstant).
 */
export const allergyOverrideNote = (allergies: readonly string[], doctorName: string, at: string) =>
  `Prescribed despite the recorded allergy to ${allergies.join(', ')}: ` +
  `${doctorName} was warned and confirmed on ${at}.`;
/** A prescription's override as its sentence; `formatAt` shows an instant on the facility's clock. */
export const allergyOverrideText = (override: AllergyOverride, formatAt: (iso: string) => string) =>
  allergyOverrideNote(override.allergies, override.acknowledgedBy.name, formatAt(override.acknowledgedAt));
/** The label the override is printed under. */
export const ALLERGY_OVERRIDE_LABEL = 'Allergy override';

// ---------------------------------------------------------------------------------------------
// Input: New Prescription and edit
// ---------------------------------------------------------------------------------------------

const blankAsNull = (v: unknown) => (v === '' || v === undefined ? null : v);

/** Free text: trimmed, clean, at most `max`; empty is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(isCleanText, INVALID_TEXT_MESSAGE)
    .nullish()
    .transform((v) => v || null);

/** "120/80": both parts within their plausible ranges (VITAL_RANGES), the diastolic below the systolic. */
const bloodPressureField = z
  .string({ error: PRESCRIPTION_MESSAGES.bloodPressureFormat })
  .trim()
  .max(20, PRESCRIPTION_MESSAGES.bloodPressureFormat)
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    const match = /^(\d{1,3})\s*\/\s*(\d{1,3})$/.exec(v);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: PRESCRIPTION_MESSAGES.bloodPressureFormat });
      return z.NEVER;
    }
    const systolic = vitalField('systolic').safeParse(match[1]);
    const diastolic = vitalField('diastolic').safeParse(match[2]);
    const wrong = systolic.error ?? diastolic.error;
    if (wrong || !systolic.success || !diastolic.success) {
      ctx.addIssue({
        code: 'custom',
        message: wrong?.issues[0]?.message ?? PRESCRIPTION_MESSAGES.bloodPressureFormat,
      });
      return z.NEVER;
    }
    if (diastolic.data >= systolic.data) {
      ctx.addIssue({ code: 'custom', message: CHART_MESSAGES.diastolicBelowSystolic });
      return z.NEVER;
    }
    return { systolic: systolic.data, diastolic: diastolic.data };
  });

const physicalInfoInputSchema = z.object({
  bloodPressure: bloodPressureField,
  foodAllergies: optionalText(300),
  diabetic: z
    .preprocess(blankAsNull, z.enum(DIABETIC_STATUSES, { error: PRESCRIPTION_MESSAGES.diabetic }).nullable())
    .optional()
    .transform((v) => v ?? null),
  currentMedication: optionalText(500),
  pulseRate: optionalVitalField('heartRate', 'Pulse rate'),
  temperature: optionalVitalField('temperature'),
  problemDescription: optionalText(2000),
});

/** One of a list; the form's empty choice ('') is "not chosen" and gets the field's own message. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(values, { error: message }));

/** The days a listed duration stands for ("Only one day" 1, "10 Days" 10). */
export const durationDaysOf = (duration: MedicineDuration): number =>
  duration === 'Only one day' ? 1 : Number.parseInt(duration, 10);

/** A course's length as the prescription prints it: "Only one day", "10 Days", "21 Days". */
export const durationLabel = (days: number) => (days === 1 ? 'Only one day' : `${days} Days`);

/** A line's duration as the form offers it: a listed one, or "Other number of days" with the count. */
export const durationChoiceOf = (days: number): { duration: string; durationDays: string } => {
  const label = durationLabel(days);
  return (MEDICINE_DURATIONS as readonly string[]).includes(label)
    ? { duration: label, durationDays: '' }
    : { duration: MEDICINE_DURATION_OTHER, durationDays: String(days) };
};

/** A whole number from 1 to `max` typed in a form (empty is null); one message for every mistake. */
const countField = (max: number, message: string) =>
  z.preprocess(
    blankAsNull,
    z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).nullish(),
  );
const durationDaysField = countField(MEDICINE_DURATION_MAX_DAYS, PRESCRIPTION_MESSAGES.durationDays);

/**
 * A medicine line. The duration is a listed one, or "Other number of days" with `durationDays`
 * (1-365); either way the parsed line carries `durationDays`, the number stored.
 */
const medicineLineInputSchema = z
  .object({
    name: requiredText(PRESCRIPTION_MESSAGES.medicineName, 100),
    /** The formulary medicine the name was picked from; none for a medicine outside it ("Not stocked"). */
    medicineId: formularyMedicineIdField(),
    dosage: requiredText(PRESCRIPTION_MESSAGES.dosage, 100),
    duration: choice([...MEDICINE_DURATIONS, MEDICINE_DURATION_OTHER], PRESCRIPTION_MESSAGES.duration),
    durationDays: durationDaysField,
    time: choice(MEDICINE_TIMES, PRESCRIPTION_MESSAGES.time),
    interval: choice(MEDICINE_INTERVALS, PRESCRIPTION_MESSAGES.interval),
    comment: optionalText(300),
  })
  // The parsed line is itself a valid input (the form sends what it parsed): the choice stays.
  .transform(({ durationDays, ...line }, ctx) => {
    if (line.duration !== MEDICINE_DURATION_OTHER)
      return { ...line, durationDays: durationDaysOf(line.duration) };
    if (durationDays == null) {
      ctx.addIssue({ code: 'custom', path: ['durationDays'], message: PRESCRIPTION_MESSAGES.durationDays });
      return z.NEVER;
    }
    return { ...line, durationDays };
  });
export type MedicineLineInput = z.input<typeof medicineLineInputSchema>;

/** "In 2 Weeks": both or neither (an empty count means no next visit). */
const nextVisitField = z
  .object({
    count: countField(NEXT_VISIT_MAX, PRESCRIPTION_MESSAGES.nextVisitCount),
    unit: z.preprocess(
      blankAsNull,
      z.enum(NEXT_VISIT_UNITS, { error: PRESCRIPTION_MESSAGES.nextVisitUnit }).nullable(),
    ),
  })
  .nullish()
  .transform((v, ctx) => {
    if (!v || v.count === null) return null;
    if (v.unit === null) {
      ctx.addIssue({ code: 'custom', path: ['unit'], message: PRESCRIPTION_MESSAGES.nextVisitUnit });
      return z.NEVER;
    }
    return { count: v.count, unit: v.unit };
  });

const patientIdField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.string({ error: PRESCRIPTION_MESSAGES.patientRequired }).uuid(PRESCRIPTION_MESSAGES.patientRequired),
);

export const prescriptionInputSchema = z.object({
  patientId: patientIdField,
  /** The visit it was written in (the appointment detail page's "Write prescription"). */
  appointmentId: z
    .preprocess(blankAsNull, z.string().uuid('Invalid appointment').nullable())
    .optional()
    .transform((v) => v ?? null),
  /** A boolean toggle, true by default. */
  status: z.boolean({ error: 'Status must be true or false' }).default(true),
  physicalInfo: physicalInfoInputSchema.prefault({}),
  /** The visit's diagnosis in ICD-10-CM ("E11.9"), beside the doctor's own wording (problemDescription). */
  diagnosisCode: diagnosisCodeField,
  medicines: z
    .array(medicineLineInputSchema, { error: PRESCRIPTION_MESSAGES.atLeastOneMedicine })
    .min(1, PRESCRIPTION_MESSAGES.atLeastOneMedicine)
    .max(MEDICINES_MAX, PRESCRIPTION_MESSAGES.tooManyMedicines),
  test: optionalText(500),
  advice: optionalText(2000),
  nextVisit: nextVisitField,
  /** The doctor has seen the allergy flags and prescribes anyway (required when any medicine matches). */
  acknowledgeAllergies: z.boolean({ error: 'Must be true or false' }).default(false),
});
export type PrescriptionInput = z.input<typeof prescriptionInputSchema>;
export type PrescriptionData = z.output<typeof prescriptionInputSchema>;

export const prescriptionStatusSchema = z.object({
  status: z.boolean({ error: 'Status must be true or false' }),
});

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
});

const medicineLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The formulary medicine, or null: written outside the formulary ("Not stocked"). */
  medicineId: z.string().nullable(),
  dosage: z.string(),
  /** As printed: "Only one day", "10 Days", "21 Days" (durationLabel). */
  duration: z.string(),
  durationDays: z.number().int(),
  time: z.enum(MEDICINE_TIMES),
  interval: z.enum(MEDICINE_INTERVALS),
  comment: z.string().nullable(),
  /** What the pharmacy supplied of it (handed over, still owed); null until first dispensed. */
  supply: lineSupplySchema.nullable(),
});

/**
 * The mark beside a line written outside the formulary (no `medicineId`): the pharmacy has no
 * stock of it, so the patient may need to buy it elsewhere. Null for a formulary medicine.
 */
export const notStockedMark = (line: { medicineId: string | null }) =>
  line.medicineId === null ? FORMULARY_MESSAGES.notStocked : null;
export type MedicineLine = z.infer<typeof medicineLineSchema>;

const nextVisitSchema = z.object({ count: z.number().int(), unit: z.enum(NEXT_VISIT_UNITS) });
export type NextVisit = z.infer<typeof nextVisitSchema>;

/** A prescription: patient, doctor, addedAt, status, physicalInfo, medicines, test, advice, nextVisit. */
const prescriptionSchema = z.object({
  id: z.string(),
  /** With the date of birth ('YYYY-MM-DD') and the age in whole years on the prescription's date, when recorded. */
  patient: personSchema.extend({ dateOfBirth: z.string().nullable(), age: z.number().int().nullable() }),
  doctor: personSchema,
  appointmentId: z.string().nullable(),
  addedAt: z.string(),
  updatedAt: z.string(),
  status: z.boolean(),
  physicalInfo: z.object({
    /** "120/80" (mmHg), as the form takes it. */
    bloodPressure: z.string().nullable(),
    foodAllergies: z.string().nullable(),
    diabetic: z.enum(DIABETIC_STATUSES).nullable(),
    currentMedication: z.string().nullable(),
    pulseRate: z.number().nullable(),
    temperature: z.number().nullable(),
    problemDescription: z.string().nullable(),
  }),
  /** The visit's diagnosis coded in ICD-10-CM, with the title it had when chosen. */
  diagnosis: codedDiagnosisSchema.nullable(),
  medicines: z.array(medicineLineSchema),
  test: z.string().nullable(),
  advice: z.string().nullable(),
  nextVisit: nextVisitSchema.nullable(),
  /** Recorded allergies the doctor was warned of and prescribed past at the last save: who and when. */
  allergyOverride: allergyOverrideSchema.nullable(),
  /** The patient's drug and other allergies as their chart records them now (shown and printed). */
  recordedAllergies: z.array(z.string()),
  /** Whether the caller wrote it (and so may edit, toggle and delete it). */
  mine: z.boolean(),
});
export type Prescription = z.infer<typeof prescriptionSchema>;
/** The letterhead a printed prescription carries (the server's FACILITY_* settings). */
const facilitySchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
});
export type Facility = z.infer<typeof facilitySchema>;
export const prescriptionResponseSchema = z.object({
  prescription: prescriptionSchema,
  facility: facilitySchema,
});
export type PrescriptionResponse = z.infer<typeof prescriptionResponseSchema>;

const prescriptionRowSchema = z.object({
  id: z.string(),
  patient: personSchema,
  doctor: personSchema,
  addedAt: z.string(),
  status: z.boolean(),
  medicineCount: z.number().int(),
  /** The first medicines' names, for a glance ("Amoxicillin, Paracetamol"). */
  medicines: z.string(),
  /** Where the pharmacy stands: "Not dispensed", "Dispensed", "Partly dispensed: 11 capsules of … owed". */
  pharmacy: z.string(),
  mine: z.boolean(),
});
export type PrescriptionRow = z.infer<typeof prescriptionRowSchema>;
export const prescriptionPageSchema = pageOf(prescriptionRowSchema);
export type PrescriptionPage = z.infer<typeof prescriptionPageSchema>;

/** "Mine": the signed-in doctor's own prescriptions (the default); "All": every doctor's. */
export const PRESCRIPTION_SCOPES = ['mine', 'all'] as const;
export type PrescriptionScope = (typeof PRESCRIPTION_SCOPES)[number];
export const PRESCRIPTION_SCOPE_LABELS: Record<PrescriptionScope, string> = {
  mine: 'My prescriptions',
  all: 'All prescriptions',
};

export const PRESCRIPTION_SORTABLE = ['patient', 'doctor', 'addedAt', 'status'] as const;
export const prescriptionsQuerySchema = listQuerySchema(
  PRESCRIPTION_SORTABLE,
  PRESCRIPTIONS_PAGE_SIZE,
).extend({
  scope: z.enum(PRESCRIPTION_SCOPES, { error: 'Scope must be mine or all' }).default('mine'),
});

export const PATIENT_PRESCRIPTION_SORTABLE = ['addedAt'] as const;
export const patientPrescriptionsQuerySchema = listQuerySchema(
  PATIENT_PRESCRIPTION_SORTABLE,
  PRESCRIPTIONS_PAGE_SIZE,
).omit({ q: true });

/** The newest triage intake's vitals, for the form to offer (null where the intake lacks one). */
const latestTriageVitalsSchema = z.object({
  recordedAt: z.string(),
  heartRate: z.number().nullable(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  temperature: z.number().nullable(),
});
export type LatestTriageVitals = z.infer<typeof latestTriageVitalsSchema>;

/**
 * The patient as the form needs them: the name to show, the allergies to check against, and the
 * latest triage vitals to offer for Physical Information.
 */
export const prescriptionPatientSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  allergies: z.array(z.string()),
  latestTriage: latestTriageVitalsSchema.nullable(),
});
export type PrescriptionPatient = z.infer<typeof prescriptionPatientSchema>;

/**
 * The patient's date of birth and age as every copy of the prescription prints them (null when
 * the record has no date of birth): a dose is often checked against the age.
 */
export const birthFields = (patient: { dateOfBirth: string | null; age: number | null }) =>
  [
    ['Date of birth', patient.dateOfBirth ? formatDay(patient.dateOfBirth) : null],
    ['Age', patient.age === null ? null : `${patient.age} ${patient.age === 1 ? 'year' : 'years'}`],
  ] as const;

/** "2 Weeks" ("1 Week" for one). */
export const formatNextVisit = (next: NextVisit | null) =>
  next ? `${next.count} ${next.count === 1 ? next.unit.slice(0, -1) : next.unit}` : '';

/** The plausible ranges the form shows under its inputs. */
export const PRESCRIPTION_VITALS = {
  pulseRate: { ...VITAL_RANGES.heartRate, label: 'Pulse rate' },
  temperature: VITAL_RANGES.temperature,
} as const;

/** "prescription-2030-01-08-grace-nwosu.pdf". */
export const prescriptionPdfName = (date: string, patientName: string) =>
  `prescription-${date}-${
    patientName
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'patient'
  }.pdf`;
