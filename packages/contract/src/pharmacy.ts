/*
 * The pharmacy's words (docs/areas/pharmacy.md): the constants the database enums, the API, the
 * screens and FHIR share. Each slice of the pharmacy adds its schemas in its own file (the
 * formulary, stock, dispensing); these are the ones they all name.
 */

/**
 * A medicine's dosage form as the formulary lists it (the shelf's words; FHIR Medication.form is
 * this text). A dispersible tablet is its own form: children's amoxicillin and zinc come so.
 */
export const MEDICINE_FORMS = [
  'Tablet',
  'Dispersible tablet',
  'Capsule',
  'Syrup',
  'Suspension',
  'Oral solution',
  'Sachet',
  'Injection',
  'Infusion',
  'Cream',
  'Ointment',
  'Gel',
  'Eye drops',
  'Eye ointment',
  'Ear drops',
  'Nasal drops',
  'Inhaler',
  'Suppository',
  'Pessary',
  'Patch',
] as const;

/** The main pharmacy (exactly one, made by the migration) and each ward's store (made when first needed). */
export const STORE_KINDS = ['main', 'ward'] as const;

/**
 * What a row of the stock ledger records. Each moves one batch in one store by a signed quantity:
 * a receipt from a supplier, the two halves of a transfer between stores, a return (to the
 * supplier, or back from a ward or patient), an adjustment (damaged, expired), a dispense to a
 * patient, a dose given on the ward (administration), and a posted stock count's variance.
 */
export const STOCK_MOVEMENT_KINDS = [
  'receipt',
  'transfer_out',
  'transfer_in',
  'return',
  'adjustment',
  'dispense',
  'administration',
  'count',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** The kinds that only ever add stock, and those that only ever take it; the others go either way. */
export const STOCK_INCOMING_KINDS = [
  'receipt',
  'transfer_in',
] as const satisfies readonly StockMovementKind[];
export const STOCK_OUTGOING_KINDS = [
  'transfer_out',
  'dispense',
  'administration',
] as const satisfies readonly StockMovementKind[];

/** The kinds a person must say why of (the ledger keeps the reason, the database refuses none). */
export const STOCK_REASON_KINDS = [
  'return',
  'adjustment',
  'count',
] as const satisfies readonly StockMovementKind[];

export const PHARMACY_MESSAGES = {
  /** A take larger than what is on hand (two pharmacists took the last pack at once: one of them). */
  notEnoughStock: (medicine: string, store: string) => `Not enough stock of ${medicine} in ${store}`,
  storeNotFound: 'Store not found',
  batchNotFound: 'Batch not found',
  medicineNotFound: 'Medicine not found',
} as const;

/** A medicine as people read it on a shelf, a label or a message: "Amoxicillin 500 mg Capsule". */
export const medicineLabel = (medicine: { genericName: string; strength: string; form: string }) =>
  `${medicine.genericName} ${medicine.strength} ${medicine.form}`;
