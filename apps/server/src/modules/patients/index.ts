/** The patients module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { listPatients } from './service';
