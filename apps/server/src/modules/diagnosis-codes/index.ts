/** The diagnosis codes module's public surface: the classification's codes other areas record. */
export { codedDiagnosis } from './service';
