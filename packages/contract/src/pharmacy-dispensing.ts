import { z } from 'zod';
import { optionalSingleLineText } from './common';

/*
 * Dispensing (docs/areas/pharmacy-dispensing.md): the pharmacist's queue of prescriptions still
 * owed, and the dispensing of one: per prescription line the formulary medicine, the quantity to
 * supply and what is handed over now, from the main store's batch that expires first (FEFO).
 *
 *   GET  /api/pharmacy/dispensing/queue                 prescriptions waiting, oldest first      [-> dispensingQueueSchema]
 *   GET  /api/pharmacy/dispensing/prescriptions/:id     one prescription to dispense             [-> dispensingPrescriptionSchema]
 *   POST /api/pharmacy/dispensing/prescriptions/:id     dispense (all or part of) its lines      [dispenseInputSchema -> dispensingPrescriptionSchema]
 *   GET  /api/pharmacy/dispensing/medicines/:id/batches the medicine's batches in date, FEFO first [-> batchOptionListSchema]
 *   GET  /api/pharmacy/dispensing/items/:id/label.pdf   the label of one dispensed item
 *   GET  /api/pharmacy/events                            Server-Sent Events, topic `pharmacy`
 */

export const PHARMACY_EVENTS_PATH = '/api/pharmacy/events';

/** A dispensed item's label: a common pharmacy label roll, 70 × 38 mm. */
export const DISPENSE_LABEL_SIZE_MM = { width: 70, height: 38 } as const;

/**
 * How long a prescription waits in the queue: one written longer ago than this is no longer
 * dispensed (the doctor writes a new one). Lines still owed of an older one stay owed on the
 * prescription, but leave the queue.
 */
export const DISPENSING_QUEUE_DAYS = 30;
/** The queue's length: the oldest waiting first, as many as a pharmacy works through in a shift. */
export const DISPENSING_QUEUE_MAX = 100;

/** At most this many units of one line in one go (a year of four-times-daily tablets). */
const QUANTITY_MAX = 5000;
const REASON_MAX = 300;

export const DISPENSING_MESSAGES = {
  prescriptionNotFound: 'Prescription not found',
  lineNotFound: 'A line is not on this prescription',
  lineTwice: 'A line is dispensed twice in one go',
  noLines: 'Dispense at least one line',
  medicine: 'Choose the medicine from the formulary',
  medicineInactive: 'This medicine is no longer in the formulary',
  quantityPrescribed: `The quantity to supply must be a whole number from 1 to ${QUANTITY_MAX}`,
  quantity: `The quantity to hand over must be a whole number from 0 to ${QUANTITY_MAX}`,
  moreThanOwed: (owed: number) => `Only ${owed} still owed on this line`,
  prescribedChanged: 'The quantity to supply was set at the first dispense and cannot change',
  medicineChanged: 'This line was dispensed as another medicine: keep the same one',
  overrideReason: 'Say why another batch than the one expiring first is given',
  substitutionReason: 'Say why another medicine than the one prescribed is given',
  batchNotFound: 'This batch is not in the main pharmacy',
  batchExpired: (batch: string, expiry: string) =>
    `Batch ${batch} expired on ${expiry}: it cannot be dispensed`,
  /** The database's last word (stock_movements_not_expired), should a check above it ever miss one. */
  expired: 'An expired batch cannot be dispensed',
  noStock: (medicine: string) => `No batch of ${medicine} in date in the main pharmacy`,
  inactive: 'This prescription was stopped by the doctor',
  itemNotFound: 'Dispensed item not found',
  loadFailed: 'Could not load the dispensing queue',
  saveFailed: 'Could not dispense',
  dispensed: 'Dispensed',
} as const;

// ---------------------------------------------------------------- input

/** A whole number of dispensing units, as JSON or as a form's text. */
const quantityOf = (min: number, message: string) =>
  z.coerce
    .number<number | string>({ error: message })
    .int(message)
    .min(min, message)
    .max(QUANTITY_MAX, message);

/** A reason as the pharmacist types it: '' when none (the service says when one is required). */
const reason = () => optionalSingleLineText(REASON_MAX).default('');

/** One prescription line dispensed now: which medicine, how many in all, how many now, from which batch. */
const dispenseLineInputSchema = z.object({
  lineId: z.uuid({ error: DISPENSING_MESSAGES.lineNotFound }),
  medicineId: z.uuid({ error: DISPENSING_MESSAGES.medicine }),
  /** The line's whole course in dispensing units; set by the first dispense, the same afterwards. */
  quantityPrescribed: quantityOf(1, DISPENSING_MESSAGES.quantityPrescribed),
  /** Handed over now (0: nothing now, the whole course stays owed). */
  quantity: quantityOf(0, DISPENSING_MESSAGES.quantity),
  /** Another batch than the one expiring first; a reason is then required. */
  batchId: z.preprocess(
    (value) => (value === '' ? null : value),
    z.uuid({ error: DISPENSING_MESSAGES.batchNotFound }).nullish(),
  ),
  overrideReason: reason(),
  /** Required when the medicine is not the formulary medicine the doctor picked. */
  substitutionReason: reason(),
});
export type DispenseLineInput = z.input<typeof dispenseLineInputSchema>;

export const dispenseInputSchema = z.object({
  lines: z
    .array(dispenseLineInputSchema, { error: DISPENSING_MESSAGES.noLines })
    .min(1, DISPENSING_MESSAGES.noLines)
    .max(30, DISPENSING_MESSAGES.noLines)
    .refine(
      (lines) => new Set(lines.map((l) => l.lineId)).size === lines.length,
      DISPENSING_MESSAGES.lineTwice,
    ),
  /** The pharmacist explained how to take the medicines. */
  counselled: z.boolean({ error: 'Must be true or false' }).default(false),
});
export type DispenseInput = z.input<typeof dispenseInputSchema>;
export type DispenseData = z.output<typeof dispenseInputSchema>;

// ---------------------------------------------------------------- output

const personSchema = z.object({ id: z.string(), name: z.string() });

/** A batch as the pharmacist chooses it: number, expiry, what the main store holds of it. */
const batchOptionSchema = z.object({
  id: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  onHand: z.number().int(),
});
export type BatchOption = z.infer<typeof batchOptionSchema>;
export const batchOptionListSchema = z.object({ data: z.array(batchOptionSchema) });
export type BatchOptionList = z.infer<typeof batchOptionListSchema>;

const formularyMedicineSchema = z.object({ id: z.string(), label: z.string(), dispensingUnit: z.string() });

/** One item handed over: the batch it came from, when, by whom; its label. */
const dispensedItemSchema = z.object({
  id: z.string(),
  medicine: z.string(),
  batchNumber: z.string(),
  expiryDate: z.string(),
  quantity: z.number().int(),
  overrideReason: z.string().nullable(),
  dispensedAt: z.string(),
  dispensedBy: personSchema,
});
export type DispensedItem = z.infer<typeof dispensedItemSchema>;

/**
 * What the pharmacy did of one prescription line: the medicine given, the whole course, how much
 * was handed over and how much is still owed. Null on a line nobody has dispensed yet.
 */
export const lineSupplySchema = z.object({
  medicine: formularyMedicineSchema,
  quantityPrescribed: z.number().int(),
  quantityDispensed: z.number().int(),
  owed: z.number().int(),
  substitutionReason: z.string().nullable(),
});
export type LineSupply = z.infer<typeof lineSupplySchema>;

const dispensingLineSchema = z.object({
  id: z.string(),
  /** The line as the doctor wrote it. */
  name: z.string(),
  /** How to take it, as the label prints it: "1 tablet · Three times daily · After Meal · 7 Days". */
  instructions: z.string(),
  /** The formulary medicine the doctor picked (null: written outside the formulary, "Not stocked"). */
  prescribedMedicine: formularyMedicineSchema.nullable(),
  supply: lineSupplySchema.nullable(),
  items: z.array(dispensedItemSchema),
  /** The medicine's in-date batches in the main store, expiring first on top (the FEFO pick). */
  batches: z.array(batchOptionSchema),
});
export type DispensingLine = z.infer<typeof dispensingLineSchema>;

const queuePatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  recordNumber: z.string().nullable(),
  allergies: z.array(z.string()),
});

const dispensingQueueEntrySchema = z.object({
  id: z.string(),
  patient: queuePatientSchema,
  prescriber: personSchema,
  writtenAt: z.string(),
  lines: z.number().int(),
  /** Lines partly handed over, still owing. */
  partlyDispensed: z.number().int(),
});
export type DispensingQueueEntry = z.infer<typeof dispensingQueueEntrySchema>;
export const dispensingQueueSchema = z.object({ data: z.array(dispensingQueueEntrySchema) });
export type DispensingQueue = z.infer<typeof dispensingQueueSchema>;

export const dispensingPrescriptionSchema = z.object({
  id: z.string(),
  patient: queuePatientSchema,
  prescriber: personSchema,
  writtenAt: z.string(),
  active: z.boolean(),
  allergyOverride: z.string().nullable(),
  lines: z.array(dispensingLineSchema),
  counselledAt: z.string().nullable(),
});
export type DispensingPrescription = z.infer<typeof dispensingPrescriptionSchema>;

/** How a line reads wherever it is shown: "Dispensed 10 of 21 · 11 owed" or "Dispensed 21". */
export const supplyText = (supply: Pick<LineSupply, 'quantityPrescribed' | 'quantityDispensed' | 'owed'>) =>
  supply.owed === 0
    ? `Dispensed ${supply.quantityDispensed}`
    : `Dispensed ${supply.quantityDispensed} of ${supply.quantityPrescribed} · ${supply.owed} owed`;
