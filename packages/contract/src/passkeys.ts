import { z } from 'zod';
import { requiredText } from './common';

/** A passkey's name: single-line text, at most this long. */
const PASSKEY_NAME_MAX = 60;

export const PASSKEY_MESSAGES = {
  removeFailed: 'Failed to remove passkey',
  renameFailed: 'Failed to rename passkey',
  loadFailed: 'Could not load passkeys.',
  nameRequired: 'Name is required',
  /** Any failed passkey sign-in: which check failed is for the audit trail, not the answer. */
  signInFailed: 'This passkey could not sign you in. Try again, or sign in with your password.',
  /** A registration whose challenge is unknown, used, expired or another user's. */
  challengeInvalid: 'The passkey request has expired. Please try again.',
  registrationFailed: 'The passkey could not be verified. Please try again.',
  alreadyRegistered: 'This passkey is already registered.',
  notFound: 'Passkey not found',
  /** Toasts of the Security page and the login page. */
  added: 'Passkey added',
  renamed: 'Passkey renamed',
  removed: 'Passkey removed',
  browserUnsupported: 'This browser does not support passkeys.',
  cancelled: 'The passkey request was cancelled.',
} as const;

const passkeyNameField = requiredText(PASSKEY_MESSAGES.nameRequired, PASSKEY_NAME_MAX);

/** The transports a browser may report for an authenticator; others are dropped. */
const AUTHENTICATOR_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type AuthenticatorTransport = (typeof AUTHENTICATOR_TRANSPORTS)[number];
export const isAuthenticatorTransport = (value: string): value is AuthenticatorTransport =>
  (AUTHENTICATOR_TRANSPORTS as readonly string[]).includes(value);

/*
 * What the browser's WebAuthn calls answer, as @simplewebauthn/browser encodes them (binary as
 * base64url). Each part has a bound, so a huge body is a 400 before any decoding; whether the
 * parts mean anything is the server's verification.
 */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'Must be base64url');
/** Credential ids are at most 1023 bytes (WebAuthn): 1364 base64url characters. */
const credentialId = base64url(1364);
const clientExtensionResults = z
  .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
  .default({});
const authenticatorAttachment = z.enum(['platform', 'cross-platform']).optional();

const registrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    transports: z
      .array(z.string().max(32))
      .max(16)
      .optional()
      .transform((list) => list?.filter(isAuthenticatorTransport)),
  }),
  authenticatorAttachment,
  clientExtensionResults,
});

export const authenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(1024),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment,
  clientExtensionResults,
});

/** POST /api/user/passkeys: the new credential; no name gives one from the browser ("Passkey on Chrome"). */
export const addPasskeySchema = z.object({
  response: registrationResponseSchema,
  name: passkeyNameField.optional(),
});

export const renamePasskeySchema = z.object({ name: passkeyNameField });
export type RenamePasskey = z.input<typeof renamePasskeySchema>;

/** POST /api/auth/passkey/verify: the signed challenge, and Remember Me as on the password form. */
export const passkeySignInSchema = z.object({
  response: authenticationResponseSchema,
  rememberMe: z.boolean().optional().default(false),
});

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced between the owner's devices (a multi-device passkey) rather than kept on one. */
  backedUp: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/*
 * The options for the browser's navigator.credentials calls, as the server made them: passed to
 * @simplewebauthn/browser as they are. Loose objects: the WebAuthn options have many optional
 * members, and the web app never reads them.
 */
export const passkeyOptionsSchema = z.object({ options: z.looseObject({ challenge: z.string() }) });
