/**
 * The billing module's public surface: what a service costs a payer on a day, the charges the
 * care modules make in their own transactions (docs/areas/billing-charges.md), and the payers and
 * services the demo data makes.
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
export { createPayer, updatePayer } from './payers';
export { priceOf } from './price-of';
export { createService } from './services';
