import { z } from 'zod';
import { listQuerySchema, pageOf, requiredText } from './common';

/*
 * Wards and beds (docs/areas/wards-and-beds.md). Every bed lies in one ward; new beds that name
 * none go to the default ward ("General Ward", made by the migration that brought wards).
 */

// ---------------------------------------------------------------------------------------------
// Wards
// ---------------------------------------------------------------------------------------------

export const WARD_KINDS = ['General', 'Maternity', 'Paediatric', 'Surgical', 'Intensive care'] as const;
export type WardKind = (typeof WARD_KINDS)[number];
const wardKindSchema = z.enum(WARD_KINDS, { error: `Kind must be one of: ${WARD_KINDS.join(', ')}` });

/** Who a ward takes: anyone (Mixed), or patients recorded as female (or male) only. */
export const WARD_SEX_RULES = ['Mixed', 'Female only', 'Male only'] as const;
export type WardSexRule = (typeof WARD_SEX_RULES)[number];
const wardSexRuleSchema = z.enum(WARD_SEX_RULES, {
  error: `Sex rule must be one of: ${WARD_SEX_RULES.join(', ')}`,
});

export const WARD_MESSAGES = {
  loadFailed: 'Could not fetch wards',
  nameRequired: 'Please provide a name for the ward',
  nameTaken: 'A ward with this name already exists',
  notFound: 'Ward not found',
  notEmpty: 'A ward with beds cannot be removed; move or remove its beds first',
  defaultCannotBeRemoved: 'The default ward cannot be removed: beds added without a ward go there',
  sexRuleConflict: 'A patient of the other sex lies in this ward; move them before changing its rule',
  added: 'Ward added',
  updated: 'Ward updated',
  removed: 'Ward removed',
} as const;

/** Add Ward and Edit Ward dialogs: the whole ward. */
export const saveWardSchema = z.object({
  name: requiredText(WARD_MESSAGES.nameRequired, 80),
  kind: wardKindSchema,
  sexRule: wardSexRuleSchema.default('Mixed'),
});
export type SaveWard = z.input<typeof saveWardSchema>;

export const wardSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: wardKindSchema,
  sexRule: wardSexRuleSchema,
  /** The ward new beds go to when they name none; it cannot be removed. */
  isDefault: z.boolean(),
  beds: z.number().int(),
  freeBeds: z.number().int(),
  updatedAt: z.string(),
});
export type Ward = z.infer<typeof wardSchema>;

/** Without `sort`, by name. */
export const WARD_SORTABLE = ['name', 'kind', 'updatedAt'] as const;
export const wardListQuerySchema = listQuerySchema(WARD_SORTABLE).extend({ kind: wardKindSchema.optional() });
export const wardPageSchema = pageOf(wardSchema);
/** A few named wards, whole (a nurse's own, on their dashboard). */
export const wardListSchema = z.object({ data: z.array(wardSchema) });

// ---------------------------------------------------------------------------------------------
// Beds
// ---------------------------------------------------------------------------------------------

/**
 * Free and Occupied are the Manage Beds screen's own; Reserved holds a bed for an admission on
 * its way, Cleaning follows a discharge or transfer until the bed is made ready (Free again).
 * Occupied and Reserved beds may name their patient; Free and Cleaning beds never do.
 */
export const BED_STATUSES = ['Free', 'Occupied', 'Reserved', 'Cleaning'] as const;
export type BedStatus = (typeof BED_STATUSES)[number];
const bedStatusSchema = z.enum(BED_STATUSES, {
  error: 'Status must be Free, Occupied, Reserved or Cleaning',
});
/** The statuses whose bed may name a patient. */
export const BED_STATUSES_WITH_PATIENT: readonly BedStatus[] = ['Occupied', 'Reserved'];

export const BED_MESSAGES = {
  loadFailed: 'Could not fetch beds',
  labelRequired: 'Please provide a label for the bed',
  labelTaken: 'A bed with this label already exists',
  patientNotFound: 'Choose an existing patient',
  patientInAnotherBed: 'This patient already occupies another bed',
  heldByStay:
    "This bed holds an admitted or expected patient: move them with the ward's Transfer or Discharge, not here",
  occupiedCannotBeRemoved: 'An occupied bed cannot be removed; free it first',
  notFound: 'Bed not found',
  wardNotFound: 'Choose an existing ward',
  bedTaken: 'Another patient is already in this bed (or it is reserved for them)',
  cleaningFirst: 'This bed is being cleaned: make it ready (Free) before it takes a patient',
  femaleOnly: 'This ward takes female patients only',
  maleOnly: 'This ward takes male patients only',
} as const;

const labelField = z
  .string({ error: BED_MESSAGES.labelRequired })
  .trim()
  .min(1, BED_MESSAGES.labelRequired)
  .max(50, 'Label must be at most 50 characters');
const wardIdField = z.string().uuid(BED_MESSAGES.wardNotFound);

/** Add Bed dialog: new beds are Free, in the ward named or else the default ward. */
export const createBedSchema = z.object({ label: labelField, wardId: wardIdField.optional() });
export type CreateBed = z.input<typeof createBedSchema>;

/**
 * Edit Bed dialog (PUT, the whole bed). patientId is kept only while the bed is Occupied or
 * Reserved, so it is cleared when the status is Free or Cleaning. Without wardId the bed stays in
 * its ward.
 */
export const updateBedSchema = z.object({
  label: labelField,
  status: bedStatusSchema,
  patientId: z.string().uuid(BED_MESSAGES.patientNotFound).nullish(),
  wardId: wardIdField.optional(),
});
export type UpdateBed = z.input<typeof updateBedSchema>;

export const bedSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: bedStatusSchema,
  patientId: z.string().nullable(),
  /** "First Last" of the patient in the bed, when named. */
  patientName: z.string().nullable(),
  wardId: z.string(),
  wardName: z.string(),
  updatedAt: z.string(),
});
export type Bed = z.infer<typeof bedSchema>;

/** Without `sort`, by label. */
export const BED_SORTABLE = ['label', 'status', 'ward', 'updatedAt'] as const;
export const bedListQuerySchema = listQuerySchema(BED_SORTABLE).extend({
  status: bedStatusSchema.optional(),
  wardId: wardIdField.optional(),
});
export const bedPageSchema = pageOf(bedSchema);
