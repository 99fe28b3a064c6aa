/**
 * The audit actions that show a patient's lab results to someone, each written with the orders it
 * showed (`details.orderIds`): a correction notifies whoever they name (correct.ts).
 */
export const LAB_READ_ACTIONS = [
  'lab.results.read',
  'lab.patient-results.read',
  'lab.patient.own-results.read',
] as const;

/** The audit actions of changes to an order's values (entity lab_order): their actors saw the values. */
export const LAB_WRITE_ACTIONS = ['lab.result.file', 'lab.results.verify', 'lab.result.correct'] as const;
