/** The auth module's public surface: other modules, the app, the seed and tests outside it import only this. */
export {
  createAdmin,
  loadPublicUser,
  loginWindowMs,
  openSession,
  refuseInactive,
  sendWelcomeLink,
  takePasswordCheck,
} from './service';
export { knownDevice, replySignedIn } from './signed-in';
