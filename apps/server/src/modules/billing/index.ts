/**
 * The billing module's public surface: what a service costs a payer on a day, the charges the
 * care modules make in their own transactions (docs/areas/billing-charges.md), the payers and
 * services the demo data makes, and the demo coverage.
 */

export {
  addCharge,
  chargeCareSoFar,
  chargeConsultation,
  chargeDispensedItems,
  chargeLabTests,
  chargeNightsAtDischarge,
  scheduleNightCharges,
  voidCancelledLabOrder,
  voidCharge,
} from './charges';
export { addPreauth } from './coverage-preauths';
export { createCoverage } from './coverages';
export { createPayer, updatePayer } from './payers';
export { setPreauthRequired } from './preauths';
export { priceOf } from './price-of';
/** How a service reads (its code and name, a lab test's and a medicine's from their own rows): the claims list them. */
export {
  createService,
  LAB_TEST_OF_SERVICE,
  MEDICINE_OF_SERVICE,
  SERVICE_CODE,
  SERVICE_NAME,
} from './services';
/** How a charge divides between payer and patient (the claims' demo charges split as the care's do). */
export { splitCharge } from './split';
