/** The emergency module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { addToQueue, createErEntry, endWaitsOfCompletedVisit, listErEntries } from './service';
