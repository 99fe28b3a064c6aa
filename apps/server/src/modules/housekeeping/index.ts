/** The housekeeping module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { scheduleCredentialPurge } from './expired-credentials';
