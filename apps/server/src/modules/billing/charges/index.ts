/** Charges that follow the care (docs/areas/billing-charges.md): what the care modules call. */

export { chargeCareSoFar } from './care-so-far';
export { addCharge, voidCharge } from './manual';
export { chargeNightsAtDischarge, scheduleNightCharges } from './nights';
export {
  chargeConsultation,
  chargeDispensedItems,
  chargeLabTests,
  voidCancelledLabOrder,
} from './sources';
