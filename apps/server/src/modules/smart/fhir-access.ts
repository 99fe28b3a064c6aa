import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../lib/sessions';
import { type FhirInteraction, resourceScopes, scopesAllowing } from './scopes';
import { lookupAccessToken, type SmartCaller } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The app behind a SMART access token on the FHIR API (null: a session, or nobody). */
    smartCaller: SmartCaller | null;
    /** A Bearer token was sent that is neither a session nor a live SMART token. */
    bearerRefused: boolean;
  }
}

/**
 * Who calls the FHIR API and what they may read: a CarePoint session (their role's access, as
 * in the app), a user's SMART token (their role's access, narrowed by its scopes and, with
 * patient/ scopes, to the launch patient) or a backend service's token (system/ scopes: every
 * patient). Every FHIR read and search asks `requireScope` (routes.ts), a bulk export
 * `requireExportScopes`.
 */
type FhirCaller =
  | { kind: 'session'; user: SessionUser }
  | { kind: 'app'; appId: string; user: SessionUser | null; patientId: string | null; scopes: string[] };

/** Resolves SMART access tokens on the FHIR API (registered by its plugin; sessions are resolved before). */
export function registerSmartTokens(app: FastifyInstance) {
  app.decorateRequest('smartCaller', null);
  app.decorateRequest('bearerRefused', false);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (request.user || !header?.startsWith('Bearer ')) return;
    const token = header.slice(7).trim();
    const caller = token.length <= 200 ? await lookupAccessToken(app, token, app.now()) : null;
    if (!caller) {
      request.bearerRefused = true;
      return;
    }
    request.smartCaller = caller;
    // The user's own role and status still apply (auth.ts); a backend service has no user.
    request.user = caller.user;
  });
}

/** The caller of a FHIR request, or 401 (answered with WWW-Authenticate: Bearer). */
function fhirCaller(request: FastifyRequest): FhirCaller {
  const smart = request.smartCaller;
  if (smart) return { kind: 'app', ...smart };
  if (request.user) return { kind: 'session', user: request.user };
  throw new AppError(401, 'UNAUTHENTICATED', 'Please sign in, or send an access token');
}

/**
 * Types outside any one patient's record, which patient/ scopes never reach: a Group is a
 * doctor's patient list, other patients included.
 */
const OUTSIDE_PATIENT_RECORD = new Set(['Group']);

/** Refused for want of a scope: 403, with the challenge RFC 6750 §3.1 names. */
class InsufficientScopeError extends AppError {
  constructor(readonly scope: string) {
    super(403, 'INSUFFICIENT_SCOPE', `This access token does not allow it: it needs ${scope}`);
  }
}

/**
 * Whether the caller may do `interaction` on `resourceType`, and inside which patient's record:
 * `patientScope` is that patient's id, or undefined for every patient the caller's role sees.
 * A session keeps its role's access; a patient user reads only their own record, whatever the
 * scopes say; user/ and system/ scopes give the role's (or the service's) whole access for the
 * type; patient/ scopes only the launch patient's, and never a type outside a patient's record
 * (Group). Throws InsufficientScopeError (403) when no
 * scope allows it.
 */
export function requireScope(
  request: FastifyRequest,
  resourceType: string,
  interaction: FhirInteraction,
): { patientScope: string | undefined } {
  const caller = fhirCaller(request);
  const ownRecord = caller.user?.role === 'patient' ? caller.user.id : undefined;
  if (caller.kind === 'session') return { patientScope: ownRecord };
  const allowing = scopesAllowing(resourceScopes(caller.scopes), resourceType, interaction);
  const suffix = interaction === 'read' ? 'r' : 's';
  if (allowing.some((s) => s.context === 'system' && caller.user === null))
    return { patientScope: undefined };
  if (allowing.some((s) => s.context === 'user' && caller.user !== null)) return { patientScope: ownRecord };
  if (
    allowing.some((s) => s.context === 'patient') &&
    caller.patientId &&
    !OUTSIDE_PATIENT_RECORD.has(resourceType)
  )
    return { patientScope: caller.patientId };
  const context = caller.user === null ? 'system' : caller.patientId ? 'patient' : 'user';
  throw new InsufficientScopeError(`${context}/${resourceType}.${suffix}`);
}

/**
 * For bulk export: the caller may search each of `types` across its whole access. A user's token
 * needs user/ scopes, a backend service's system/ scopes; patient/ scopes (one patient's record)
 * never export. A session is not narrowed. Throws InsufficientScopeError (403) naming the first
 * type no scope allows.
 */
export function requireExportScopes(request: FastifyRequest, types: readonly string[]) {
  const caller = fhirCaller(request);
  if (caller.kind === 'session') return;
  const context = caller.user === null ? 'system' : 'user';
  const scopes = resourceScopes(caller.scopes);
  for (const type of types) {
    if (!scopesAllowing(scopes, type, 'search').some((s) => s.context === context)) {
      throw new InsufficientScopeError(`${context}/${type}.s`);
    }
  }
}

/** Whether `requireScope` would allow it (for $everything, which leaves out the types it may not read). */
export function allowsScope(request: FastifyRequest, resourceType: string, interaction: FhirInteraction) {
  try {
    requireScope(request, resourceType, interaction);
    return true;
  } catch (error) {
    if (error instanceof InsufficientScopeError) return false;
    throw error;
  }
}

/** WWW-Authenticate for a refusal (RFC 6750 §3): every 401, and a 403 for want of a scope. */
export function bearerChallenge(request: FastifyRequest, status: number, error: unknown): string | undefined {
  if (status === 401) {
    return request.bearerRefused
      ? 'Bearer realm="CarePoint FHIR", error="invalid_token", error_description="The access token is unknown, expired or revoked"'
      : 'Bearer realm="CarePoint FHIR"';
  }
  if (error instanceof InsufficientScopeError) {
    return `Bearer realm="CarePoint FHIR", error="insufficient_scope", scope="${error.scope}"`;
  }
  return undefined;
}

/** What the audit row adds about an app caller: which app it was. */
export const callerAuditDetails = (request: FastifyRequest) =>
  request.smartCaller ? { app: request.smartCaller.appId } : {};
