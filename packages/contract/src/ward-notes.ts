import { z } from 'zod';
import { listQuerySchema, pageOf } from './common';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * Notes on an inpatient stay (docs/areas/ward-notes-handover.md): the nurses' notes and the
 * doctors' ward round notes (SOAP), and the shift handover of a ward. Notes are clinical records
 * and are append-only: nothing edits or removes a note once written; a mistake is put right by a
 * correction, a new note that names the one it corrects (each note is corrected at most once, so
 * the record reads as one line of versions).
 */

export const WARD_NOTE_KINDS = ['Nursing', 'Ward round'] as const;
export type WardNoteKind = (typeof WARD_NOTE_KINDS)[number];
const wardNoteKindSchema = z.enum(WARD_NOTE_KINDS, {
  error: `Kind must be one of: ${WARD_NOTE_KINDS.join(', ')}`,
});

/** What a nursing note is about, so a handover reader finds the care, the incidents and the family talks. */
export const NURSING_NOTE_CATEGORIES = [
  'General',
  'Care given',
  'Observation',
  'Medication',
  'Wound care',
  'Family',
  'Incident',
] as const;
export type NursingNoteCategory = (typeof NURSING_NOTE_CATEGORIES)[number];

/** A nursing note's text, and each part of a SOAP note, at most this long. */
export const WARD_NOTE_MAX_LENGTH = 4000;

/** The four parts of a ward round note, in the order a doctor writes them. */
export const SOAP_PARTS = ['subjective', 'objective', 'assessment', 'plan'] as const;
export type SoapPart = (typeof SOAP_PARTS)[number];
export const SOAP_LABELS: Record<SoapPart, string> = {
  subjective: 'Subjective',
  objective: 'Objective',
  assessment: 'Assessment',
  plan: 'Plan',
};

/** How long the handover looks back when no `since` is given, and the furthest it may. */
export const HANDOVER_DEFAULT_HOURS = 12;
export const HANDOVER_MAX_HOURS = 7 * 24;
/** The handover prints at most this many notes (the newest); the rest are on each stay's notes page. */
export const HANDOVER_MAX_NOTES = 200;

export const WARD_NOTE_MESSAGES = {
  loadFailed: 'Could not fetch the notes',
  stayNotFound: 'Stay not found',
  wardNotFound: 'Ward not found',
  textRequired: 'Please write the note',
  tooLong: `Must be at most ${WARD_NOTE_MAX_LENGTH} characters`,
  categoryInvalid: `Category must be one of: ${NURSING_NOTE_CATEGORIES.join(', ')}`,
  soapRequired: 'Please fill in at least one of Subjective, Objective, Assessment and Plan',
  notAdmitted: 'Notes are written only while the patient is admitted',
  correctsNotFound: 'The note to correct was not found on this stay',
  correctsOthers: 'Only the author corrects a note; write a note of your own instead',
  alreadyCorrected: 'This note has already been corrected: correct the latest version',
  sinceInvalid: 'Since must be a date and time',
  sinceInFuture: 'Since must be in the past',
  sinceTooEarly: `Since must be within the last ${HANDOVER_MAX_HOURS / 24} days`,
  handoverLoadFailed: 'Could not fetch the handover',
  nursingSaved: 'Nursing note saved',
  wardRoundSaved: 'Ward round note saved',
  correctionSaved: 'Correction saved',
} as const;

/** Free text of a note: several lines, trimmed, within the limit, clean (text.ts). */
const noteText = z
  .string({ error: WARD_NOTE_MESSAGES.textRequired })
  .trim()
  .max(WARD_NOTE_MAX_LENGTH, WARD_NOTE_MESSAGES.tooLong)
  .refine(isCleanText, INVALID_TEXT_MESSAGE);

/** A correction names the note it replaces (the caller's own, same stay and kind). */
const correctsField = z.uuid({ error: WARD_NOTE_MESSAGES.correctsNotFound }).nullish();

/** POST /api/stays/:stayId/nursing-notes (nurses). */
export const createNursingNoteSchema = z.object({
  text: noteText.min(1, WARD_NOTE_MESSAGES.textRequired),
  category: z.enum(NURSING_NOTE_CATEGORIES, { error: WARD_NOTE_MESSAGES.categoryInvalid }).default('General'),
  correctsId: correctsField,
});
export type CreateNursingNote = z.input<typeof createNursingNoteSchema>;

/** A SOAP part left out or blank is "not written" (stored as null). */
const soapPart = noteText.default('');

/** True when at least one SOAP part holds text (the form and the server apply the same rule). */
const hasSoapText = (note: Partial<Record<SoapPart, string | null | undefined>>) =>
  SOAP_PARTS.some((part) => (note[part] ?? '').trim() !== '');

/** POST /api/stays/:stayId/ward-round-notes (doctors): at least one part filled. */
export const createWardRoundNoteSchema = z
  .object({
    subjective: soapPart,
    objective: soapPart,
    assessment: soapPart,
    plan: soapPart,
    correctsId: correctsField,
  })
  .superRefine((note, ctx) => {
    // Said on the first part, which the form focuses: the doctor starts writing there.
    if (!hasSoapText(note))
      ctx.addIssue({ code: 'custom', path: ['subjective'], message: WARD_NOTE_MESSAGES.soapRequired });
  });
export type CreateWardRoundNote = z.input<typeof createWardRoundNoteSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

export const wardNoteSchema = z.object({
  id: z.string(),
  stayId: z.string(),
  kind: wardNoteKindSchema,
  /** Nursing notes only. */
  category: z.enum(NURSING_NOTE_CATEGORIES).nullable(),
  /** A nursing note's text; null on a ward round note. */
  text: z.string().nullable(),
  /** A ward round note's parts; null where not written (and on nursing notes). */
  subjective: z.string().nullable(),
  objective: z.string().nullable(),
  assessment: z.string().nullable(),
  plan: z.string().nullable(),
  author: personSchema.extend({ role: z.string() }),
  /** Where the patient lay when the note was written. */
  wardName: z.string(),
  writtenAt: z.string(),
  /** The note this one corrects, when it is a correction. */
  correctsId: z.string().nullable(),
  /** The correction that replaced this note, when there is one: the note still reads as written. */
  correctedBy: z.object({ id: z.string(), writtenAt: z.string() }).nullable(),
});
export type WardNote = z.infer<typeof wardNoteSchema>;

/** GET /api/stays/:stayId/notes: newest first, of one kind or both. */
export const wardNoteListQuerySchema = listQuerySchema(['writtenAt'] as const)
  .pick({ page: true, limit: true })
  .extend({ kind: wardNoteKindSchema.optional() });

export const wardNotePageSchema = pageOf(wardNoteSchema);
export type WardNotePage = z.infer<typeof wardNotePageSchema>;

// ---------------------------------------------------------------------------------------------
// Shift handover
// ---------------------------------------------------------------------------------------------

/** GET /api/wards/:wardId/handover?since= (ISO date and time; the last 12 hours without it). */
export const handoverQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: WARD_NOTE_MESSAGES.sinceInvalid }).optional(),
});
export const handoverParamSchema = z.object({ wardId: z.uuid({ error: WARD_NOTE_MESSAGES.wardNotFound }) });

const handoverPatientSchema = z.object({
  stayId: z.string(),
  bedLabel: z.string().nullable(),
  patientId: z.string(),
  patientName: z.string(),
  /** Whole years; null when the birth date is unknown. */
  age: z.number().int().nullable(),
  admittedAt: z.string(),
  /** Calendar days in the facility's time zone: 0 on the day of admission. */
  daysSinceAdmission: z.number().int(),
  diagnosis: z.object({ code: z.string().nullable(), title: z.string().nullable(), text: z.string() }),
  doctor: personSchema,
});

const handoverNurseSchema = personSchema.extend({ dutyStatus: z.string() });

const handoverEventSchema = z.object({
  stayId: z.string(),
  patientName: z.string(),
  at: z.string(),
});

/** A bed move that touched this ward: In from another ward, Out to another, or Within it. */
const handoverTransferSchema = handoverEventSchema.extend({
  direction: z.enum(['In', 'Out', 'Within']),
  fromWardName: z.string(),
  fromBedLabel: z.string(),
  toWardName: z.string(),
  toBedLabel: z.string(),
});

const handoverNoteSchema = wardNoteSchema.extend({
  patientName: z.string(),
  bedLabel: z.string().nullable(),
});

/**
 * What is due on the ward. The medication round (doses due and overdue) and the observations
 * (each patient's latest NEWS2) fill this section from their own modules; the notes module
 * leaves it empty.
 */
/** What is due, per patient on the ward: their latest NEWS2 (observations) and doses due or overdue (medication round). */
const handoverDueSchema = z.object({
  patients: z.array(
    z.object({
      stayId: z.string(),
      news2: z.object({ score: z.number(), risk: z.string(), takenAt: z.string() }).nullable(),
      doses: z.object({ due: z.number(), overdue: z.number() }),
    }),
  ),
});
export type HandoverDue = z.infer<typeof handoverDueSchema>;

export const handoverSchema = z.object({
  ward: z.object({ id: z.string(), name: z.string(), kind: z.string() }),
  since: z.string(),
  until: z.string(),
  /** Who is on the ward: each occupied bed's patient, by bed, and the ward's nurses. */
  patients: z.array(handoverPatientSchema),
  nurses: z.array(handoverNurseSchema),
  /** What changed since `since`, each list oldest first (notes: the newest HANDOVER_MAX_NOTES). */
  changes: z.object({
    admissions: z.array(handoverEventSchema.extend({ bedLabel: z.string() })),
    transfers: z.array(handoverTransferSchema),
    discharges: z.array(handoverEventSchema.extend({ disposition: z.string().nullable() })),
    notes: z.array(handoverNoteSchema),
    /** Every note written in the window; more than `notes` holds when the cap left some out. */
    notesTotal: z.number().int(),
  }),
  due: handoverDueSchema,
});
export type Handover = z.infer<typeof handoverSchema>;
export type HandoverPatient = z.infer<typeof handoverPatientSchema>;
export type HandoverNote = z.infer<typeof handoverNoteSchema>;
export type HandoverTransfer = z.infer<typeof handoverTransferSchema>;
