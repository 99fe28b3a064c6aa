import { z } from 'zod';
import { type VitalName, vitalField } from './clinical';
import { optionalSingleLineText } from './common';
import {
  type Department,
  departmentSchema,
  type TriagePriority,
  type TriageResult,
  triage,
  triageLevelSchema,
  vitalsSchema,
} from './emergency';

/*
 * The doctor's Triage Intake and its triage score (docs/areas/triage-schedule-profile.md): the vitals a nurse
 * records, the contract's one triage rule (emergency.ts `triage`), and where the patient goes.
 * The suggested department is the rule's; sending the patient anywhere else needs a stated reason.
 */

export const TRIAGE_MESSAGES = {
  patientRequired: 'Patient name is required',
  patientNotFound: 'Choose an existing patient',
  reasonRequired: 'State the reason for routing the patient elsewhere',
  diastolicAboveSystolic: 'Diastolic pressure must be below systolic pressure',
  saved: 'Triage saved',
  saveFailed: 'Could not save the triage',
  loadFailed: 'Could not load today’s intakes',
  empty: 'No intakes recorded today.',
} as const;

/**
 * The ETA a triaged patient joins a department queue with, by priority; staff re-estimate it on
 * the queue board. A High patient routed to a queue (not the ER) is due at once.
 */
export const TRIAGE_QUEUE_ETA_MINUTES: Record<TriagePriority, number> = { High: 0, Medium: 15, Low: 30 };

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A vital the rule does not read: empty (or left out) means not measured, stored as null. */
const measuredIfGiven = (name: VitalName) =>
  z.preprocess(blankToUndefined, vitalField(name).optional()).transform((v) => v ?? null);

/**
 * A refinement's `when`: the named fields have no issue (whatever the others have). An issue at
 * the root (the body is not an object at all) stops every rule: there is nothing to read.
 */
const validAt =
  (fields: readonly string[]) =>
  (payload: { issues: ReadonlyArray<{ path?: ReadonlyArray<PropertyKey> }> }) =>
    !payload.issues.some((issue) => !issue.path?.length || fields.includes(String(issue.path[0])));

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/**
 * POST /api/doctor/triage. `patientId` links a registered patient (the name then defaults to
 * theirs); without it `patientName` names a walk-in. `department` empty means the suggested one.
 */
export const triageIntakeSchema = vitalsSchema
  .extend({
    patientId: z.string().uuid(TRIAGE_MESSAGES.patientNotFound).nullish(),
    patientName: optionalSingleLineText(200).optional().default(''),
    diastolic: measuredIfGiven('diastolic'),
    respiratoryRate: measuredIfGiven('respiratoryRate'),
    oxygenSaturation: measuredIfGiven('oxygenSaturation'),
    complaint: z.string().trim().max(500, 'Must be at most 500 characters').optional().default(''),
    department: z.preprocess(blankToUndefined, departmentSchema.optional()).transform((v) => v ?? null),
    routingReason: optionalText(500),
  })
  // Each rule runs whenever the fields it reads are valid, even while other fields are not, so
  // the form shows every message at once.
  .refine((v) => Boolean(v.patientName || v.patientId), {
    message: TRIAGE_MESSAGES.patientRequired,
    path: ['patientName'],
    when: validAt(['patientName', 'patientId']),
  })
  .refine((v) => v.diastolic === null || v.diastolic < v.systolic, {
    message: TRIAGE_MESSAGES.diastolicAboveSystolic,
    path: ['diastolic'],
    when: validAt(['diastolic', 'systolic']),
  })
  .refine((v) => !isRoutedElsewhere(v.department, triage(v)) || Boolean(v.routingReason), {
    message: TRIAGE_MESSAGES.reasonRequired,
    path: ['routingReason'],
    when: validAt(['heartRate', 'systolic', 'temperature', 'department', 'routingReason']),
  });
export type TriageIntakeInput = z.input<typeof triageIntakeSchema>;
export type TriageIntake = z.output<typeof triageIntakeSchema>;

/** Whether the chosen department differs from the rule's suggestion (then a reason is required). */
export const isRoutedElsewhere = (chosen: Department | null, result: TriageResult) =>
  chosen !== null && chosen !== result.department;

/** Where the patient was placed: an emergency-room entry, or a department queue entry. */
const triagePlacementSchema = z.object({
  kind: z.enum(['emergency-room', 'queue']),
  entryId: z.string(),
});

export const triageAssessmentSchema = z.object({
  id: z.string(),
  patientId: z.string().nullable(),
  patientName: z.string(),
  complaint: z.string(),
  heartRate: z.number(),
  systolic: z.number(),
  diastolic: z.number().nullable(),
  temperature: z.number(),
  respiratoryRate: z.number().nullable(),
  oxygenSaturation: z.number().nullable(),
  score: z.number().int(),
  priority: triageLevelSchema,
  suggestedDepartment: departmentSchema,
  department: departmentSchema,
  routingReason: z.string().nullable(),
  placement: triagePlacementSchema.nullable(),
  /** ISO timestamp. */
  recordedAt: z.string(),
});
export type TriageAssessment = z.infer<typeof triageAssessmentSchema>;

/** GET /api/doctor/triage: today's intakes (facility time) recorded by the signed-in doctor, newest first. */
export const TRIAGE_RECENT_LIMIT = 50;
export const triageListSchema = z.object({ data: z.array(triageAssessmentSchema) });
export type TriageList = z.infer<typeof triageListSchema>;

/** The intake form's patient search: registered patients by name or e-mail. */
export const triagePatientQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search is too long').optional().default(''),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const triagePatientOptionsSchema = z.object({
  data: z.array(z.object({ id: z.string(), fullName: z.string(), email: z.string() })),
});
