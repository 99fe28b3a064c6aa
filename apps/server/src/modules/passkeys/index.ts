/** The passkeys module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { checkPasskeyStep, passkeyStepOptions } from './service';
