import { z } from 'zod';
import { vitalField } from './clinical';
import { pageOf } from './common';

/*
 * Ward observations and the National Early Warning Score 2 (docs/areas/observations-news2.md).
 * A nurse (or doctor) records a set for an admitted stay; the score, its clinical risk and the
 * response it calls for come from `news2` below, written from the Royal College of Physicians'
 * NEWS2 charts (RCP, National Early Warning Score (NEWS) 2, 2017: chart 1, the scoring system;
 * chart 4, the clinical response to the trigger thresholds). The form shows what the server stores.
 */

/** ACVPU: Alert, new Confusion, Voice, Pain, Unresponsive. Anything but Alert scores 3. */
export const CONSCIOUSNESS_LEVELS = ['Alert', 'New confusion', 'Voice', 'Pain', 'Unresponsive'] as const;
type ConsciousnessLevel = (typeof CONSCIOUSNESS_LEVELS)[number];

/** Whether the patient breathes air or receives supplemental oxygen (oxygen scores 2). */
export const AIR_OR_OXYGEN = ['Air', 'Oxygen'] as const;
type AirOrOxygen = (typeof AIR_OR_OXYGEN)[number];

/**
 * The SpO2 scale: 1 for most patients; 2 only for hypercapnic respiratory failure with a
 * prescribed target of 88–92%, as decided by a clinician.
 */
export const SPO2_SCALES = [1, 2] as const;
type Spo2Scale = (typeof SPO2_SCALES)[number];

/** The RCP's clinical risk: low (0–4), low-medium (a single parameter scoring 3), medium (5–6), high (7+). */
export const NEWS2_RISKS = ['Low', 'Low-medium', 'Medium', 'High'] as const;
export type News2Risk = (typeof NEWS2_RISKS)[number];

/** The seven parameters scored, in the order of the RCP chart. */
export const NEWS2_PARAMETERS = [
  'respiratoryRate',
  'oxygenSaturation',
  'airOrOxygen',
  'systolic',
  'pulse',
  'consciousness',
  'temperature',
] as const;
export type News2Parameter = (typeof NEWS2_PARAMETERS)[number];

export const NEWS2_PARAMETER_LABELS: Record<News2Parameter, string> = {
  respiratoryRate: 'Respiration rate',
  oxygenSaturation: 'SpO2',
  airOrOxygen: 'Air or oxygen',
  systolic: 'Systolic blood pressure',
  pulse: 'Pulse',
  consciousness: 'Consciousness',
  temperature: 'Temperature',
};

export interface News2Input {
  respiratoryRate: number;
  oxygenSaturation: number;
  spo2Scale: Spo2Scale;
  airOrOxygen: AirOrOxygen;
  systolic: number;
  pulse: number;
  consciousness: ConsciousnessLevel;
  temperature: number;
}

export interface News2Response {
  /** How often observations are taken from now on. */
  monitoring: string;
  /** What the RCP chart asks of the ward, in its order. */
  actions: readonly string[];
}

export interface News2Result {
  score: number;
  risk: News2Risk;
  /** Each parameter's score (0–3). */
  parameters: Record<News2Parameter, number>;
  /** A single parameter scored 3 (the "red score"). */
  singleRed: boolean;
  /** Whether the doctor in charge is alerted: a total of 5 or more, or a single parameter scoring 3. */
  alertsDoctor: boolean;
  response: News2Response;
}

/** A band's score: the first band whose upper bound the value does not exceed, else `above`. */
const banded = (value: number, bands: ReadonlyArray<readonly [number, number]>, above: number) =>
  bands.find(([upTo]) => value <= upTo)?.[1] ?? above;

/** Respiration rate (per minute): ≤8 3, 9–11 1, 12–20 0, 21–24 2, ≥25 3. */
const respirationScore = (rate: number) =>
  banded(
    rate,
    [
      [8, 3],
      [11, 1],
      [20, 0],
      [24, 2],
    ],
    3,
  );

/** SpO2 scale 1 (%): ≤91 3, 92–93 2, 94–95 1, ≥96 0. */
const spo2Scale1Score = (spo2: number) =>
  banded(
    spo2,
    [
      [91, 3],
      [93, 2],
      [95, 1],
    ],
    0,
  );

/**
 * SpO2 scale 2 (%): ≤83 3, 84–85 2, 86–87 1, 88–92 0, and ≥93 on air 0; on oxygen 93–94 1,
 * 95–96 2, ≥97 3 (over-oxygenation of a hypercapnic patient is the danger).
 */
function spo2Scale2Score(spo2: number, airOrOxygen: AirOrOxygen) {
  if (spo2 <= 92 || airOrOxygen === 'Air')
    return banded(
      spo2,
      [
        [83, 3],
        [85, 2],
        [87, 1],
      ],
      0,
    );
  return banded(
    spo2,
    [
      [94, 1],
      [96, 2],
    ],
    3,
  );
}

/** Systolic blood pressure (mmHg): ≤90 3, 91–100 2, 101–110 1, 111–219 0, ≥220 3. */
const systolicScore = (systolic: number) =>
  banded(
    systolic,
    [
      [90, 3],
      [100, 2],
      [110, 1],
      [219, 0],
    ],
    3,
  );

/** Pulse (per minute): ≤40 3, 41–50 1, 51–90 0, 91–110 1, 111–130 2, ≥131 3. */
const pulseScore = (pulse: number) =>
  banded(
    pulse,
    [
      [40, 3],
      [50, 1],
      [90, 0],
      [110, 1],
      [130, 2],
    ],
    3,
  );

/** Temperature (°C, one decimal): ≤35.0 3, 35.1–36.0 1, 36.1–38.0 0, 38.1–39.0 1, ≥39.1 2. */
const temperatureScore = (temperature: number) =>
  banded(
    temperature,
    [
      [35, 3],
      [36, 1],
      [38, 0],
      [39, 1],
    ],
    2,
  );

/** Each parameter's score. */
export function news2Parameters(input: News2Input): Record<News2Parameter, number> {
  return {
    respiratoryRate: respirationScore(input.respiratoryRate),
    oxygenSaturation:
      input.spo2Scale === 2
        ? spo2Scale2Score(input.oxygenSaturation, input.airOrOxygen)
        : spo2Scale1Score(input.oxygenSaturation),
    airOrOxygen: input.airOrOxygen === 'Oxygen' ? 2 : 0,
    systolic: systolicScore(input.systolic),
    pulse: pulseScore(input.pulse),
    consciousness: input.consciousness === 'Alert' ? 0 : 3,
    temperature: temperatureScore(input.temperature),
  };
}

/** The clinical risk of a total score and whether any single parameter scored 3. */
export function news2Risk(score: number, singleRed: boolean): News2Risk {
  if (score >= 7) return 'High';
  if (score >= 5) return 'Medium';
  return singleRed ? 'Low-medium' : 'Low';
}

/** The RCP's chart 4: the frequency of monitoring and the clinical response for each threshold. */
export const NEWS2_RESPONSES = {
  zero: {
    monitoring: 'Minimum 12-hourly',
    actions: ['Continue routine NEWS monitoring'],
  },
  low: {
    monitoring: 'Minimum 4–6-hourly',
    actions: [
      'Inform a registered nurse, who must assess the patient',
      'The registered nurse decides whether increased frequency of monitoring and/or escalation of care is required',
    ],
  },
  singleRed: {
    monitoring: 'Minimum 1-hourly',
    actions: [
      'Registered nurse to inform the medical team caring for the patient, who will review and decide whether escalation of care is necessary',
    ],
  },
  urgent: {
    monitoring: 'Minimum 1-hourly',
    actions: [
      'Urgent response threshold',
      'Registered nurse to immediately inform the medical team caring for the patient',
      'Registered nurse to request urgent assessment by a clinician or team with core competencies in the care of acutely ill patients',
      'Provide clinical care in an environment with monitoring facilities',
    ],
  },
  emergency: {
    monitoring: 'Continuous monitoring of vital signs',
    actions: [
      'Emergency response threshold',
      'Registered nurse to immediately inform the medical team caring for the patient – this should be at least at specialist registrar level',
      'Emergency assessment by a team with critical care competencies, including practitioner(s) with advanced airway management skills',
      'Consider transfer of care to a level 2 or 3 clinical care facility, ie higher-dependency unit or ICU',
      'Clinical care in an environment with monitoring facilities',
    ],
  },
} as const satisfies Record<string, News2Response>;

/** The response a score calls for: the highest threshold it reaches. */
function news2Response(score: number, singleRed: boolean): News2Response {
  if (score >= 7) return NEWS2_RESPONSES.emergency;
  if (score >= 5) return NEWS2_RESPONSES.urgent;
  if (singleRed) return NEWS2_RESPONSES.singleRed;
  return score === 0 ? NEWS2_RESPONSES.zero : NEWS2_RESPONSES.low;
}

/** The NEWS2 of one set of observations: total, risk, each parameter's score and the response. */
export function news2(input: News2Input): News2Result {
  const parameters = news2Parameters(input);
  const values = Object.values(parameters);
  const score = values.reduce((sum, s) => sum + s, 0);
  const singleRed = values.includes(3);
  return {
    score,
    risk: news2Risk(score, singleRed),
    parameters,
    singleRed,
    alertsDoctor: score >= 5 || singleRed,
    response: news2Response(score, singleRed),
  };
}

/** The colour each risk is shown in (UI.md: red for the most urgent, amber, green). */
export const NEWS2_RISK_TONES: Record<News2Risk, 'green' | 'amber' | 'red'> = {
  Low: 'green',
  'Low-medium': 'amber',
  Medium: 'amber',
  High: 'red',
};

// ---------------------------------------------------------------------------------------------
// Recording a set, and reading them
// ---------------------------------------------------------------------------------------------

export const OBSERVATION_MESSAGES = {
  spo2ScaleRequired: 'Choose SpO2 scale 1 or 2',
  airOrOxygenRequired: 'Choose air or oxygen',
  consciousnessRequired: 'Choose the level of consciousness (ACVPU)',
  takenAtInvalid: 'Enter when the observations were taken',
  takenAtFuture: 'The observations cannot be taken in the future',
  takenAtBeforeAdmission: 'The observations cannot be taken before the admission',
  stayNotFound: 'Stay not found',
  stayNotAdmitted: 'Observations are recorded only while the patient is admitted',
  alertNotFound: 'Alert not found',
  alertAcknowledged: 'This alert was already acknowledged',
  saved: 'Observations saved',
  saveFailed: 'Could not save the observations',
  loadFailed: 'Could not load the observations',
  empty: 'No observations recorded yet.',
  alertsEmpty: 'No open alerts.',
  alertsFailed: 'Could not load the alerts',
  acknowledged: 'Alert acknowledged',
  acknowledgeFailed: 'Could not acknowledge the alert',
} as const;

/** How many sets a page of a stay's observations holds by default. */
const OBSERVATIONS_PAGE_SIZE = 20;
/** A set may be written down a little after it was taken; a clock a few minutes ahead is forgiven. */
export const OBSERVATION_FUTURE_SKEW_MS = 5 * 60_000;

const spo2ScaleField = z.coerce
  .number({ error: OBSERVATION_MESSAGES.spo2ScaleRequired })
  .refine((v): v is Spo2Scale => v === 1 || v === 2, OBSERVATION_MESSAGES.spo2ScaleRequired)
  .transform((v) => v as Spo2Scale);

export const recordObservationsSchema = z.object({
  respiratoryRate: vitalField('respiratoryRate', 'Respiration rate'),
  oxygenSaturation: vitalField('oxygenSaturation', 'SpO2'),
  spo2Scale: spo2ScaleField,
  airOrOxygen: z.enum(AIR_OR_OXYGEN, { error: OBSERVATION_MESSAGES.airOrOxygenRequired }),
  systolic: vitalField('systolic'),
  pulse: vitalField('heartRate', 'Pulse'),
  consciousness: z.enum(CONSCIOUSNESS_LEVELS, { error: OBSERVATION_MESSAGES.consciousnessRequired }),
  temperature: vitalField('temperature'),
  /** When the set was taken; now when left out. */
  takenAt: z
    .preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.iso.datetime({ offset: true, error: OBSERVATION_MESSAGES.takenAtInvalid }).optional(),
    )
    .optional()
    .transform((v) => v ?? null),
});
export type RecordObservationsInput = z.input<typeof recordObservationsSchema>;
export type RecordObservations = z.output<typeof recordObservationsSchema>;

const news2ScoreSchema = z.object({
  score: z.number().int(),
  risk: z.enum(NEWS2_RISKS),
});

export const observationSetSchema = news2ScoreSchema.extend({
  id: z.string(),
  stayId: z.string(),
  patientId: z.string(),
  takenAt: z.string(),
  recordedBy: z.object({ id: z.string(), name: z.string(), role: z.string() }).nullable(),
  respiratoryRate: z.number(),
  oxygenSaturation: z.number(),
  spo2Scale: z.union([z.literal(1), z.literal(2)]),
  airOrOxygen: z.enum(AIR_OR_OXYGEN),
  systolic: z.number(),
  pulse: z.number(),
  consciousness: z.enum(CONSCIOUSNESS_LEVELS),
  temperature: z.number(),
  /** Each parameter's score (0–3). */
  parameters: z.object({
    respiratoryRate: z.number().int(),
    oxygenSaturation: z.number().int(),
    airOrOxygen: z.number().int(),
    systolic: z.number().int(),
    pulse: z.number().int(),
    consciousness: z.number().int(),
    temperature: z.number().int(),
  } satisfies Record<News2Parameter, z.ZodNumber>),
  /** Whether this set raised (or renewed) the alert of the doctor in charge. */
  alertsDoctor: z.boolean(),
});
export type ObservationSet = z.infer<typeof observationSetSchema>;

export const observationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be 1 or more')
    .max(100, 'Limit must be at most 100')
    .default(OBSERVATIONS_PAGE_SIZE),
});
export type ObservationListQuery = z.infer<typeof observationListQuerySchema>;
export const observationPageSchema = pageOf(observationSetSchema);
export type ObservationPage = z.infer<typeof observationPageSchema>;

/** An open alert of the doctor in charge: the latest set that triggered it. */
export const doctorAlertSchema = news2ScoreSchema.extend({
  id: z.string(),
  stayId: z.string(),
  patient: z.object({ id: z.string(), name: z.string(), recordNumber: z.string() }),
  ward: z.object({ id: z.string(), name: z.string() }),
  bed: z.string().nullable(),
  /** When the first set of this alert triggered it. */
  raisedAt: z.string(),
  /** When the latest set that triggered it was taken. */
  takenAt: z.string(),
  observationSetId: z.string(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type DoctorAlert = z.infer<typeof doctorAlertSchema>;
export const doctorAlertListSchema = z.object({ data: z.array(doctorAlertSchema) });
export type DoctorAlertList = z.infer<typeof doctorAlertListSchema>;

/** The latest score of a stay, as the ward board shows it. */
const latestNews2Schema = news2ScoreSchema.extend({ takenAt: z.string() });
export type LatestNews2 = z.infer<typeof latestNews2Schema>;
