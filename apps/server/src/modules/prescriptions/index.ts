/** The prescriptions module's public surface: other modules, the app, the seed and tests outside it import only this. */

export { checkAllergies } from './allergy-check';
export { countPatientPrescriptions } from './service';
