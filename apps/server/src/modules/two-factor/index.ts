/** The two-factor module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { completeSignIn, passkeyStepOptionsFor, startChallenge } from './service';
