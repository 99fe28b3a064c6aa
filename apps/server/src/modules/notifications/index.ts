/** The notifications module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { queueAppointmentMessage, scheduleReminder } from './service';
export type { MessageWorker } from './worker';
export { createMessageWorker } from './worker';
