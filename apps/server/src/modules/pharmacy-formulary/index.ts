/** The formulary module's public surface: prescriptions check the medicines they name. */
export { checkPrescribable } from './service';
