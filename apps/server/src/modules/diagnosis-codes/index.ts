/** The diagnosis codes module's public surface: the classification's codes other areas record. */
export { findDiagnosisCodes } from './service';
