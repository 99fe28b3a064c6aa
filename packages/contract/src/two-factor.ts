import { z } from 'zod';
import { loginResponseSchema } from './auth';
import { authenticationResponseSchema } from './passkeys';

/**
 * Two-factor sign-in with one-time codes from an authenticator app (TOTP, RFC 6238), and
 * single-use recovery codes for when the app is lost.
 *
 *   POST /api/auth/login                      [loginSchema -> loginAnswerSchema]            public
 *   POST /api/auth/login/second-factor        [secondFactorLoginSchema -> loginResponse]     public
 *   POST /api/auth/login/second-factor/passkey-options [secondFactorPasskeyOptionsSchema -> passkeyOptions] public
 *   GET  /api/two-factor                      [-> twoFactorStatusSchema]                     every role
 *   POST /api/two-factor/setup                [-> twoFactorSetupSchema]                      every role
 *   POST /api/two-factor/confirm              [confirmTwoFactorSchema -> recoveryCodesSchema] every role
 *   POST /api/two-factor/recovery-codes       [reauthenticateSchema -> recoveryCodesSchema]  every role
 *   POST /api/two-factor/disable              [reauthenticateSchema -> ok]                   every role
 *   POST /api/admin/users/:id/two-factor/reset [-> ok]                                       admin
 */

export const RECOVERY_CODE_COUNT = 10;

export const TWO_FACTOR_MESSAGES = {
  loadFailed: 'Could not load two-factor sign-in.',
  changeFailed: 'Could not change two-factor sign-in.',
  codeStepTitle: 'Enter the 6-digit code from your authenticator app',
  recoveryStepTitle: 'Enter one of your recovery codes',
  useRecoveryCode: 'Use a recovery code instead',
  useAuthenticatorCode: 'Use a code from your authenticator app instead',
  codeRequired: 'Code is required',
  codeFormat: 'Enter the 6 digits from your authenticator app',
  recoveryCodeRequired: 'Recovery code is required',
  recoveryCodeFormat: 'Enter a recovery code such as abcde-fghij',
  invalidCode: 'Invalid code',
  challengeExpired: 'This sign-in has expired. Please enter your email and password again.',
  passkeyStepTitle: 'Confirm it is you with your passkey',
  passkeyStepHint:
    'Your account is protected by a passkey. Use it now (your fingerprint, face, PIN or security key) to finish signing in.',
  passkeyStepButton: 'Use my passkey',
  usePasskey: 'Use your passkey instead',
  passkeyFailed: 'Your passkey did not confirm this sign-in. Try again, or go back to login.',
  lockedOut:
    'Too many wrong codes for this account. Second-factor sign-in is paused for 15 minutes; we have e-mailed the account owner.',
  reauthRequired: 'Enter a current code or your password',
  reauthWrong: 'Invalid code or password',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is not on',
  setupFirst: 'Start the set-up first',
  required: 'Your role must use two-factor sign-in. Set it up to continue.',
  enabledToast: 'Two-factor sign-in is on',
  disabledToast: 'Two-factor sign-in is off',
  regeneratedToast: 'New recovery codes made; the old ones no longer work',
  resetToast: 'Two-factor sign-in was reset',
  resetFailed: 'Could not reset two-factor sign-in.',
  resetOwn:
    'Change your own two-factor sign-in on your Security page: it asks for your code or password first.',
} as const;

/** A code from the app: six digits, spaces (as apps show "123 456") ignored. */
export const totpCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
  .max(20, TWO_FACTOR_MESSAGES.codeFormat)
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.codeRequired)
      .regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeFormat),
  );

/** A recovery code as shown ("abcde-fghij"); case, spaces and the dash do not matter. */
export const recoveryCodeField = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCodeRequired })
  .max(40, TWO_FACTOR_MESSAGES.recoveryCodeFormat)
  .transform((code) => code.replace(/[\s-]/g, '').toLowerCase())
  .pipe(
    z
      .string()
      .min(1, TWO_FACTOR_MESSAGES.recoveryCodeRequired)
      .regex(/^[a-z2-7]{10}$/, TWO_FACTOR_MESSAGES.recoveryCodeFormat),
  );

/** The second factors that can finish a sign-in: a code from the app (or a recovery code), a passkey. */
const SECOND_FACTOR_METHODS = ['totp', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/**
 * The password step's answer when the account has a second factor: no session yet, a
 * short-lived challenge, and which factors the account has (either one finishes the sign-in).
 */
const secondFactorChallengeSchema = z.object({
  secondFactorRequired: z.literal(true),
  challenge: z.string(),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)),
});

/** POST /api/auth/login answers a session, or a challenge for the code step. */
export const loginAnswerSchema = z.union([loginResponseSchema, secondFactorChallengeSchema]);
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

const challengeField = z.string().min(1).max(200, TWO_FACTOR_MESSAGES.challengeExpired);

/** The second step: a code from the app, a recovery code, or an assertion of one of the account's passkeys. */
export const secondFactorLoginSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), challenge: challengeField, code: totpCodeField }),
  z.object({ method: z.literal('recovery-code'), challenge: challengeField, code: recoveryCodeField }),
  z.object({
    method: z.literal('passkey'),
    challenge: challengeField,
    response: authenticationResponseSchema,
  }),
]);
export type SecondFactorLogin = z.input<typeof secondFactorLoginSchema>;

/** Options for the passkey step: for the password step's challenge, offering only that account's passkeys. */
export const secondFactorPasskeyOptionsSchema = z.object({ challenge: challengeField });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Unused recovery codes left. */
  recoveryCodesLeft: z.number().int(),
  /** The user's role must have a second factor (MFA_REQUIRED_ROLES). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** A new secret, not in use until confirmed by a first code: the QR code and the same secret as text. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code image (data: URL). */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const confirmTwoFactorSchema = z.object({ code: totpCodeField });
export type ConfirmTwoFactor = z.input<typeof confirmTwoFactorSchema>;

/** Shown once: only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** Changing two-factor asks again who it is: a current code from the app, or the password. */
export const reauthenticateSchema = z.object({
  codeOrPassword: z
    .string({ error: TWO_FACTOR_MESSAGES.reauthRequired })
    .min(1, TWO_FACTOR_MESSAGES.reauthRequired)
    .max(200, TWO_FACTOR_MESSAGES.reauthWrong),
});
export type Reauthenticate = z.input<typeof reauthenticateSchema>;
