/** The charts module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { updateMedicalDetails } from './service';
