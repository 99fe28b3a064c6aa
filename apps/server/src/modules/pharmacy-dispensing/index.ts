/**
 * Dispensing's public surface: what the pharmacy supplied of prescription lines, for the
 * prescription's own screens (the doctor's and the patient's); dispensing itself, for the demo
 * data.
 */
export { dispensePrescription } from './dispense';
export { pharmacyStatuses, suppliesOf } from './read';
