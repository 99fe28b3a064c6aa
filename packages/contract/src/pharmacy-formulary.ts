import { z } from 'zod';
import { listQuerySchema, optionalSingleLineText, pageOf, requiredText } from './common';
import { MEDICATION_ROUTES } from './medication-round';
import { MEDICINE_FORMS } from './pharmacy';

/*
 * The formulary (docs/areas/pharmacy-formulary.md): the medicines the hospital stocks, each a
 * generic at a strength in a form, with its route, dispensing unit, reorder level, whether it is
 * controlled, its WHO ATC code where known and its price. The administrator and the pharmacist
 * manage it; every member of staff reads its active medicines (a doctor prescribes from it).
 */

export const FORMULARY_MESSAGES = {
  loadFailed: 'Could not fetch medicines',
  notFound: 'Medicine not found',
  genericRequired: 'Please provide the generic name',
  strengthRequired: 'Please give the strength, such as 500 mg or 250 mg/5 mL',
  formRequired: 'Choose the form',
  routeRequired: 'Choose the route',
  unitRequired: 'Please name the dispensing unit, such as tablet, bottle or vial',
  reorderRange: 'Reorder level must be a whole number from 0 to 1,000,000',
  atcFormat: 'A WHO ATC code is a letter, two digits, two letters and two digits, such as J01CA04',
  priceRange: 'Price must be a whole number of kobo between 0 and ₦10,000,000',
  taken: 'This medicine is already in the formulary at this strength and form',
  inactive: 'This medicine is no longer in the formulary',
  added: 'Medicine added',
  updated: 'Medicine updated',
  deactivated: 'Medicine deactivated',
  reactivated: 'Medicine reactivated',
  /** Beside a prescription line written outside the formulary. */
  notStocked: 'Not stocked',
} as const;

const ATC_PATTERN = /^[A-Z]\d{2}[A-Z]{2}\d{2}$/;
const MAX_REORDER_LEVEL = 1_000_000;
/** ₦10,000,000 in kobo: no single unit costs more. */
const MAX_PRICE = 1_000_000_000;

/** Add Medicine and Edit Medicine: the whole entry. */
export const saveMedicineSchema = z.object({
  genericName: requiredText(FORMULARY_MESSAGES.genericRequired, 120),
  brandName: optionalSingleLineText(80)
    .nullish()
    .transform((v) => v || null),
  strength: requiredText(FORMULARY_MESSAGES.strengthRequired, 40),
  form: z.enum(MEDICINE_FORMS, { error: FORMULARY_MESSAGES.formRequired }),
  route: z.enum(MEDICATION_ROUTES, { error: FORMULARY_MESSAGES.routeRequired }),
  dispensingUnit: requiredText(FORMULARY_MESSAGES.unitRequired, 30),
  reorderLevel: z
    .number({ error: FORMULARY_MESSAGES.reorderRange })
    .int(FORMULARY_MESSAGES.reorderRange)
    .min(0, FORMULARY_MESSAGES.reorderRange)
    .max(MAX_REORDER_LEVEL, FORMULARY_MESSAGES.reorderRange),
  controlled: z.boolean({ error: 'Say whether the medicine is controlled' }).default(false),
  atcCode: z
    .string()
    .trim()
    .toUpperCase()
    .max(7, FORMULARY_MESSAGES.atcFormat)
    .refine((code) => code === '' || ATC_PATTERN.test(code), FORMULARY_MESSAGES.atcFormat)
    .nullish()
    .transform((code) => code || null),
  price: z
    .number({ error: FORMULARY_MESSAGES.priceRange })
    .int(FORMULARY_MESSAGES.priceRange)
    .min(0, FORMULARY_MESSAGES.priceRange)
    .max(MAX_PRICE, FORMULARY_MESSAGES.priceRange)
    .nullable()
    .default(null),
});
export type SaveMedicine = z.input<typeof saveMedicineSchema>;
export type SaveMedicineOutput = z.output<typeof saveMedicineSchema>;

export const medicineSchema = z.object({
  id: z.string(),
  genericName: z.string(),
  brandName: z.string().nullable(),
  strength: z.string(),
  form: z.enum(MEDICINE_FORMS),
  route: z.enum(MEDICATION_ROUTES),
  dispensingUnit: z.string(),
  reorderLevel: z.number().int(),
  controlled: z.boolean(),
  atcCode: z.string().nullable(),
  price: z.number().int().nullable(),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type Medicine = z.infer<typeof medicineSchema>;

const MEDICINE_STATUSES = ['active', 'inactive', 'all'] as const;

/** Without `sort`, by generic name then strength. Search matches the generic name, the brand or the ATC code. */
export const MEDICINE_SORTABLE = ['genericName', 'form', 'reorderLevel', 'price', 'updatedAt'] as const;
export const medicineListQuerySchema = listQuerySchema(MEDICINE_SORTABLE).extend({
  status: z.enum(MEDICINE_STATUSES, { error: 'Status must be active, inactive or all' }).default('all'),
});
/** Staff read the active formulary only: no status filter. */
export const activeMedicineListQuerySchema = listQuerySchema(MEDICINE_SORTABLE);
export const medicinePageSchema = pageOf(medicineSchema);

/** Deactivate or reactivate: a medicine leaves (or returns to) the prescription picker; prescriptions keep it. */
export const medicineStatusSchema = z.object({
  active: z.boolean({ error: 'Say whether the medicine is active' }),
});
