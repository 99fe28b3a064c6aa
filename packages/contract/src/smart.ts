import { z } from 'zod';
import { requiredText } from './common';
import { INVALID_TEXT_MESSAGE, isCleanText, isSingleLineText, SINGLE_LINE_TEXT_MESSAGE } from './text';

/*
 * SMART on FHIR (docs/fhir.md "SMART on FHIR"): apps an administrator registers, what they may
 * ask for (scopes) and the words the consent screen and "Connected apps" show for it.
 *
 *   GET    /api/admin/smart-apps              [-> smartAppSchema[]]
 *   POST   /api/admin/smart-apps              [createSmartAppSchema -> 201 createdSmartAppSchema] (secret shown once)
 *   PATCH  /api/admin/smart-apps/:id          [updateSmartAppSchema -> smartAppSchema] (disable / enable)
 *   GET    /api/smart/authorization?…         [the authorize request -> authorizationRequestSchema]
 *   POST   /api/smart/authorization           [approveAuthorizationSchema -> authorizationAnswerSchema]
 *   POST   /api/smart/authorization/deny      [authorizeQuerySchema -> authorizationAnswerSchema]
 *   GET    /api/smart/patients?q=             [-> smartPatientSchema[]] (the doctor's patient picker)
 *   GET    /api/user/connected-apps        [-> connectedAppSchema[]]
 *   DELETE /api/user/connected-apps/:id    [-> okSchema]
 */

export const SMART_APP_KINDS = ['public', 'confidential', 'backend'] as const;
export type SmartAppKind = (typeof SMART_APP_KINDS)[number];
export const SMART_APP_KIND_LABELS: Record<SmartAppKind, string> = {
  public: 'Public (no secret)',
  confidential: 'Confidential (secret)',
  backend: 'Backend service (JWT)',
};

export const SMART_MESSAGES = {
  revokeFailed: 'Could not revoke the access',
  connectedAppsLoadFailed: 'Could not fetch connected apps',
  answerFailed: 'Could not answer the app',
  appChangeFailed: 'Could not change the app',
  appsLoadFailed: 'Could not fetch apps',
  nameRequired: 'Name is required',
  redirectUriRequired: 'At least one redirect URI is required',
  redirectUriInvalid: 'Each redirect URI must be an absolute http(s) URL without a fragment',
  scopesRequired: 'At least one scope is required',
  scopeInvalid: 'Unknown scope',
  keysRequired: 'A backend service needs a JWKS URL or an uploaded JWKS',
  jwksInvalid: 'Must be a JSON Web Key Set: {"keys": [...]} with public RS384 or ES384 keys',
  jwksUrlInvalid: 'Must be an https URL',
  jwksUrlPrivate:
    'Must be a public address: not localhost, a private network or a link-local address (the server fetches it)',
  appNotFound: 'App not found',
  connectionNotFound: 'Connected app not found',
  registered: 'App registered',
  disabled: 'App disabled',
  enabled: 'App enabled',
  revoked: 'Access revoked',
  patientRequired: 'Choose the patient this app may read',
} as const;

/** A scope as SMART App Launch 2 writes it, after parsing (v1 `.read` reads as `rs`). */
export interface ResourceScope {
  context: 'patient' | 'user' | 'system';
  /** A resource type, or '*' for every type. */
  resourceType: string;
  /** The granted permissions: read (r) and search (s); this API has no others. */
  read: boolean;
  search: boolean;
}

/** The scopes that are not about resources, with their plain words. */
export const SPECIAL_SCOPES = {
  openid: 'Know who you are (your name and account)',
  fhirUser: 'Know who you are (your name and account)',
  'launch/patient': 'Work with one patient’s record (yours, or the patient you choose)',
  offline_access: 'Keep access when you are not using it, until you revoke it',
  online_access: 'Keep access while you are signed in',
} as const satisfies Record<string, string>;

const RESOURCE_SCOPE = /^(patient|user|system)\/([A-Z][A-Za-z]{0,63}|\*)\.(read|write|\*|c?r?u?d?s?)$/;

/**
 * Reads one resource scope (`patient/Observation.rs`, `user/*.read`, `system/*.rs`); null when
 * it is not one. Permissions this read-only API cannot give (create, update, delete, v1 write)
 * are dropped; a scope left with none is null.
 */
export function parseResourceScope(scope: string): ResourceScope | null {
  const match = RESOURCE_SCOPE.exec(scope);
  if (!match) return null;
  const [, context, resourceType = '', permissions = ''] = match;
  if (context !== 'patient' && context !== 'user' && context !== 'system') return null;
  const v1All = permissions === 'read' || permissions === '*';
  const read = v1All || (permissions !== 'write' && permissions.includes('r'));
  const search = v1All || (permissions !== 'write' && permissions.includes('s'));
  if (!read && !search) return null;
  return { context, resourceType, read, search };
}

/** A resource scope in SMART v2 form: `patient/Observation.rs`. */
export const formatResourceScope = (scope: ResourceScope) =>
  `${scope.context}/${scope.resourceType}.${scope.read ? 'r' : ''}${scope.search ? 's' : ''}`;

/** Whether a scope string is one CarePoint understands (a special scope or a resource scope). */
const isKnownScope = (scope: string) => scope in SPECIAL_SCOPES || parseResourceScope(scope) !== null;

/** The resource types' plain names for the consent screen. */
const RESOURCE_WORDS: Record<string, string> = {
  Patient: 'demographics (name, date of birth, contact details)',
  Practitioner: 'doctors’ names and contact details',
  Appointment: 'appointments',
  Encounter: 'visits',
  Observation: 'vital signs and test values',
  DiagnosticReport: 'test reports',
  AllergyIntolerance: 'allergies',
  MedicationRequest: 'prescriptions',
  ServiceRequest: 'laboratory orders',
  Specimen: 'laboratory specimens',
  Schedule: 'doctors’ schedules',
  Slot: 'free appointment times',
  Location: 'wards and beds, and whether each bed is free',
  Coverage: 'insurance cover (NHIA or HMO, member number, the share the patient pays)',
};

/** One scope in plain words, for the consent screen and the list of connected apps. */
function describeScope(scope: string): string {
  if (scope in SPECIAL_SCOPES) return SPECIAL_SCOPES[scope as keyof typeof SPECIAL_SCOPES];
  const parsed = parseResourceScope(scope);
  if (!parsed) return scope;
  const what =
    parsed.resourceType === '*'
      ? 'everything in the record'
      : (RESOURCE_WORDS[parsed.resourceType] ?? parsed.resourceType);
  const verb = parsed.read && parsed.search ? 'Read and search' : parsed.read ? 'Read' : 'Search';
  const whose =
    parsed.context === 'patient'
      ? 'of one patient (your own record, or the patient you choose)'
      : parsed.context === 'user'
        ? 'that you can see in CarePoint'
        : 'of every patient (a service without a user)';
  return `${verb} ${what} ${whose}`;
}

/** The plain words of several scopes, each once (openid and fhirUser say the same). */
export const describeScopes = (scopes: readonly string[]) => [...new Set(scopes.map(describeScope))];

const scopeListSchema = z
  .array(z.string().trim().max(100).refine(isKnownScope, SMART_MESSAGES.scopeInvalid))
  .min(1, SMART_MESSAGES.scopesRequired)
  .max(50);

const redirectUriSchema = z
  .string()
  .trim()
  .max(500)
  .refine(isCleanText, INVALID_TEXT_MESSAGE)
  // Direction overrides and zero-width characters would show the consent page one address and send another.
  .refine(isSingleLineText, SINGLE_LINE_TEXT_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (
        (url.protocol === 'https:' || url.protocol === 'http:') && url.hash === '' && !value.includes('#')
      );
    } catch {
      return false;
    }
  }, SMART_MESSAGES.redirectUriInvalid);

const ipv4 = (host: string) => {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.map(Number) as [number, number, number, number];
};

/**
 * Whether an address (an IP literal or a host name) is one the server must not fetch from on an
 * app's behalf: loopback, private networks (RFC 1918, unique local, carrier-grade NAT),
 * link-local (cloud metadata services live there), unspecified, multicast or reserved, and
 * localhost names. The server asks the same of every address a JWKS URL's name resolves to.
 */
export function isNonPublicAddress(address: string): boolean {
  const host = address
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = ipv4(host);
  if (v4) {
    const [a, b] = v4;
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      a >= 224 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 198 && (b === 18 || b === 19))
    );
  }
  if (!host.includes(':')) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host)?.[1];
  if (mapped) return isNonPublicAddress(mapped);
  // The URL parser writes a mapped IPv4 address in hex (::ffff:7f00:1).
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (hexMapped) {
    const [hi, lo] = [Number.parseInt(hexMapped[1] ?? '', 16), Number.parseInt(hexMapped[2] ?? '', 16)];
    return isNonPublicAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return (
    host === '::' ||
    host === '::1' ||
    /^f[cd][0-9a-f]{2}:/.test(host) ||
    /^fe[89ab][0-9a-f]:/.test(host) ||
    /^ff[0-9a-f]{2}:/.test(host)
  );
}

/** Whether a URL's host is a non-public address or name (see isNonPublicAddress). */
function urlNamesNonPublicHost(value: string): boolean {
  try {
    return isNonPublicAddress(new URL(value).hostname);
  } catch {
    return false;
  }
}

/** An uploaded JSON Web Key Set: public keys only (no private parts), each with a kty. */
const jwksSchema = z
  .object({
    keys: z
      .array(
        z
          .object({ kty: z.enum(['RSA', 'EC']), kid: z.string().max(200).optional() })
          .loose()
          .refine((key) => !('d' in key), SMART_MESSAGES.jwksInvalid),
      )
      .min(1, SMART_MESSAGES.jwksInvalid)
      .max(10),
  })
  .loose();

export const createSmartAppSchema = z
  .object({
    name: requiredText(SMART_MESSAGES.nameRequired, 100),
    kind: z.enum(SMART_APP_KINDS),
    redirectUris: z.array(redirectUriSchema).max(10).default([]),
    scopes: scopeListSchema,
    jwksUrl: z
      .string()
      .trim()
      .max(500)
      .refine((value) => value === '' || /^https:\/\/[^\s]+$/.test(value), SMART_MESSAGES.jwksUrlInvalid)
      .refine((value) => value === '' || !urlNamesNonPublicHost(value), SMART_MESSAGES.jwksUrlPrivate)
      .default(''),
    jwks: jwksSchema.nullable().default(null),
  })
  .superRefine((app, check) => {
    if (app.kind !== 'backend' && app.redirectUris.length === 0) {
      check.addIssue({ code: 'custom', path: ['redirectUris'], message: SMART_MESSAGES.redirectUriRequired });
    }
    if (app.kind === 'backend' && !app.jwksUrl && !app.jwks) {
      check.addIssue({ code: 'custom', path: ['jwksUrl'], message: SMART_MESSAGES.keysRequired });
    }
    const contexts = app.kind === 'backend' ? ['system'] : ['patient', 'user'];
    const misplaced = app.scopes.find((scope) => {
      const parsed = parseResourceScope(scope);
      return parsed ? !contexts.includes(parsed.context) : app.kind === 'backend';
    });
    if (misplaced) {
      check.addIssue({
        code: 'custom',
        path: ['scopes'],
        message:
          app.kind === 'backend'
            ? `A backend service may only have system/ scopes ("${misplaced}")`
            : `Only a backend service may have system/ scopes ("${misplaced}")`,
      });
    }
  });
export type CreateSmartApp = z.input<typeof createSmartAppSchema>;

export const updateSmartAppSchema = z.object({ disabled: z.boolean() });

export const smartAppSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  name: z.string(),
  kind: z.enum(SMART_APP_KINDS),
  redirectUris: z.array(z.string()),
  scopes: z.array(z.string()),
  jwksUrl: z.string().nullable(),
  hasJwks: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
});
export type SmartApp = z.infer<typeof smartAppSchema>;

/** The answer to a registration: the client secret of a confidential app, shown this once. */
export const createdSmartAppSchema = smartAppSchema.extend({ clientSecret: z.string().nullable() });
export type CreatedSmartApp = z.infer<typeof createdSmartAppSchema>;

/** The parameters of an authorization request, as the app sent them to the authorization endpoint. */
export const authorizeQuerySchema = z
  .object({
    response_type: z.string().max(50).optional(),
    client_id: z.string().max(100).optional(),
    redirect_uri: z.string().max(500).optional(),
    scope: z.string().max(2000).optional(),
    state: z.string().max(500).optional(),
    aud: z.string().max(500).optional(),
    code_challenge: z.string().max(200).optional(),
    code_challenge_method: z.string().max(20).optional(),
    nonce: z.string().max(500).optional(),
    launch: z.string().max(500).optional(),
  })
  .loose();
export type AuthorizeQuery = z.infer<typeof authorizeQuerySchema>;

/** What the consent screen shows: the app, the scopes it will get, and whether a patient must be chosen. */
export const authorizationRequestSchema = z.object({
  appName: z.string(),
  scopes: z.array(z.string()),
  /** The scopes' plain words, each once. */
  descriptions: z.array(z.string()),
  /** A staff member chooses the patient (launch/patient); a patient's own record is bound at once. */
  choosePatient: z.boolean(),
});
export type AuthorizationRequest = z.infer<typeof authorizationRequestSchema>;

export const approveAuthorizationSchema = z.object({
  query: authorizeQuerySchema,
  patientId: z.string().uuid(SMART_MESSAGES.patientRequired).optional(),
});

/** Where the browser goes next: the app's redirect URI with a code, or with error=access_denied. */
export const authorizationAnswerSchema = z.object({ redirectTo: z.string() });

export const smartPatientQuerySchema = z.object({ q: z.string().trim().max(100).default('') });
export const smartPatientSchema = z.object({
  id: z.string(),
  name: z.string(),
  dateOfBirth: z.string().nullable(),
  email: z.string(),
});
export type SmartPatient = z.infer<typeof smartPatientSchema>;

export const connectedAppSchema = z.object({
  id: z.string(),
  appName: z.string(),
  scopes: z.array(z.string()),
  descriptions: z.array(z.string()),
  /** The patient the access is bound to, when it is another person's record (a doctor's launch). */
  patientName: z.string().nullable(),
  connectedAt: z.string(),
  /** Until when the app keeps access without asking again. */
  expiresAt: z.string(),
});
export type ConnectedApp = z.infer<typeof connectedAppSchema>;
