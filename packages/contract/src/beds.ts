import { z } from 'zod';
import { listQuerySchema, pageOf } from './common';

/** Beds (docs/areas/front-desk.md): Free or Occupied; an occupied bed may name the patient in it. */
export const BED_STATUSES = ['Free', 'Occupied'] as const;
const bedStatusSchema = z.enum(BED_STATUSES, { error: 'Status must be Free or Occupied' });

export const BED_MESSAGES = {
  loadFailed: 'Could not fetch beds',
  labelRequired: 'Please provide a label for the bed',
  labelTaken: 'A bed with this label already exists',
  patientNotFound: 'Choose an existing patient',
  patientInAnotherBed: 'This patient already occupies another bed',
  occupiedCannotBeRemoved: 'An occupied bed cannot be removed; free it first',
  notFound: 'Bed not found',
} as const;

const labelField = z
  .string({ error: BED_MESSAGES.labelRequired })
  .trim()
  .min(1, BED_MESSAGES.labelRequired)
  .max(50, 'Label must be at most 50 characters');

/** Add Bed dialog: new beds are Free. */
export const createBedSchema = z.object({ label: labelField });
export type CreateBed = z.input<typeof createBedSchema>;

/**
 * Edit Bed dialog (PUT, the whole bed). patientId is kept only when the bed is Occupied; a Free
 * bed never names a patient, so it is cleared when the status is Free.
 */
export const updateBedSchema = z.object({
  label: labelField,
  status: bedStatusSchema,
  patientId: z.string().uuid(BED_MESSAGES.patientNotFound).nullish(),
});
export type UpdateBed = z.input<typeof updateBedSchema>;

export const bedSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: bedStatusSchema,
  patientId: z.string().nullable(),
  /** "First Last" of the patient in the bed, when named. */
  patientName: z.string().nullable(),
  updatedAt: z.string(),
});
export type Bed = z.infer<typeof bedSchema>;

/** Without `sort`, by label. */
export const BED_SORTABLE = ['label', 'status', 'updatedAt'] as const;
export const bedListQuerySchema = listQuerySchema(BED_SORTABLE).extend({
  status: bedStatusSchema.optional(),
});
export const bedPageSchema = pageOf(bedSchema);
