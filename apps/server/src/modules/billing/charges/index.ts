/** Charges that follow the care (docs/areas/billing-charges.md): what the care modules call. */
export { chargeNightsAtDischarge, scheduleNightCharges } from './nights';
export {
  chargeConsultation,
  chargeDispensedItems,
  chargeLabTests,
  voidCancelledLabOrder,
} from './sources';
