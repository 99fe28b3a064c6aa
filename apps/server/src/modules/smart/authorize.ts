import { type AuthorizeQuery, describeScopes, SMART_MESSAGES } from '@carepoint/contract';
import { and, eq, lt } from 'drizzle-orm';
import { smartAuthorizationCodes, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { badRequest, signedIn } from '../../lib/errors';
import { hashToken, newToken } from '../../lib/tokens';
import { type EnabledApp, enabledApp } from './apps-service';
import { OAuthError } from './oauth-error';
import { grantableScopes, needsPatient, splitScope } from './scopes';

/** How long a code waits for its exchange (RFC 6749 §4.1.2 recommends at most 10 minutes). */
const CODE_SECONDS = 60;
/** The base64url SHA-256 of a PKCE verifier: 43 characters (RFC 7636 §4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/** A problem the app must hear about: sent to its (checked) redirect URI with the request's state. */
export class RedirectableError extends Error {
  constructor(
    readonly redirectTo: string,
    readonly oauth: OAuthError,
  ) {
    super(oauth.description);
  }
}

/** The redirect URI with OAuth's answer parameters added to its own query. */
function redirectWith(redirectUri: string, parameters: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

export interface CheckedAuthorization {
  app: EnabledApp;
  redirectUri: string;
  state: string | undefined;
  scopes: string[];
  codeChallenge: string;
  nonce: string | undefined;
}

/**
 * Checks an authorization request (RFC 6749 §4.1.1, RFC 7636, SMART App Launch 2). An unknown or
 * disabled app, or a redirect URI it did not register, is a plain 400: the browser is never sent
 * to an address nobody vouched for. Anything else wrong goes back to the app as a
 * RedirectableError (invalid_request, unsupported_response_type, invalid_scope).
 */
export async function checkAuthorization(
  ctx: ServiceContext,
  query: AuthorizeQuery,
  fhirBase: string,
): Promise<CheckedAuthorization> {
  const app = await enabledApp(ctx, query.client_id);
  if (!app || app.kind === 'backend')
    throw badRequest('This app is not registered with CarePoint, or is disabled');
  const redirectUri = query.redirect_uri;
  if (!redirectUri || !app.redirectUris.includes(redirectUri)) {
    throw badRequest('The redirect URI is not one this app registered');
  }
  const fail = (error: OAuthError) =>
    new RedirectableError(
      redirectWith(redirectUri, {
        error: error.error,
        error_description: error.description,
        state: query.state,
      }),
      error,
    );
  if (query.response_type !== 'code') {
    throw fail(new OAuthError('unsupported_response_type', 'Only response_type=code is supported'));
  }
  if (!query.state) throw fail(new OAuthError('invalid_request', 'state is required'));
  if (query.code_challenge_method !== 'S256' || !S256_CHALLENGE.test(query.code_challenge ?? '')) {
    throw fail(
      new OAuthError('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256'),
    );
  }
  if (query.aud?.replace(/\/$/, '') !== fhirBase) {
    throw fail(new OAuthError('invalid_request', `aud must be this FHIR server: ${fhirBase}`));
  }
  const scopes = grantableScopes({ requested: splitScope(query.scope), allowed: app.scopes });
  if (!scopes.some((s) => s.includes('/') && s !== 'launch/patient')) {
    throw fail(new OAuthError('invalid_scope', 'None of the requested scopes may be granted to this app'));
  }
  return {
    app,
    redirectUri,
    state: query.state,
    scopes,
    codeChallenge: query.code_challenge ?? '',
    nonce: query.nonce,
  };
}

/** What the consent screen shows for a request (the signed-in user's role decides the patient picker). */
export async function describeAuthorization(ctx: ServiceContext, query: AuthorizeQuery, fhirBase: string) {
  const user = signedIn(ctx.actor);
  const checked = await checkAuthorizationForScreen(ctx, query, fhirBase);
  const wantsPatient = needsPatient(checked.scopes) || checked.scopes.includes('launch/patient');
  return {
    appName: checked.app.name,
    scopes: checked.scopes,
    descriptions: describeScopes(checked.scopes),
    choosePatient: wantsPatient && user.role !== 'patient',
  };
}

/** The screen shows every problem as a message; it never redirects to the app on its own. */
async function checkAuthorizationForScreen(ctx: ServiceContext, query: AuthorizeQuery, fhirBase: string) {
  try {
    return await checkAuthorization(ctx, query, fhirBase);
  } catch (error) {
    if (error instanceof RedirectableError) throw badRequest(error.oauth.description);
    throw error;
  }
}

/** The patient the grant is bound to: a patient's own record, or the one a staff member chose. */
async function launchPatient(ctx: ServiceContext, scopes: string[], patientId: string | undefined) {
  const user = signedIn(ctx.actor);
  if (!needsPatient(scopes) && !scopes.includes('launch/patient')) return null;
  if (user.role === 'patient') return user.id;
  if (!patientId) throw badRequest(SMART_MESSAGES.patientRequired, 'patientId');
  const [patient] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, patientId), eq(users.role, 'patient')))
    .limit(1);
  if (!patient) throw badRequest(SMART_MESSAGES.patientRequired, 'patientId');
  return patient.id;
}

/** The user allowed the app: a single-use code for it, sent to its redirect URI. */
export async function approveAuthorization(
  ctx: ServiceContext,
  input: { query: AuthorizeQuery; patientId?: string | undefined },
  fhirBase: string,
) {
  const user = signedIn(ctx.actor);
  const checked = await checkAuthorizationForScreen(ctx, input.query, fhirBase);
  const patientId = await launchPatient(ctx, checked.scopes, input.patientId);
  const code = newToken();
  const now = ctx.now();
  // Expired codes are worth nothing: each new one clears them (smart_codes_expires_idx).
  await ctx.db.delete(smartAuthorizationCodes).where(lt(smartAuthorizationCodes.expiresAt, now));
  await ctx.db.insert(smartAuthorizationCodes).values({
    codeHash: hashToken(code),
    appId: checked.app.id,
    userId: user.id,
    redirectUri: checked.redirectUri,
    scopes: checked.scopes,
    patientId,
    codeChallenge: checked.codeChallenge,
    nonce: checked.nonce ?? null,
    expiresAt: new Date(now.getTime() + CODE_SECONDS * 1000),
    createdAt: now,
  });
  await audit(ctx, {
    action: 'smart.authorize',
    entityType: 'smart_app',
    entityId: checked.app.id,
    patientId,
    details: { scopes: checked.scopes },
  });
  return { redirectTo: redirectWith(checked.redirectUri, { code, state: checked.state }) };
}

/** The user said no: the app hears access_denied. */
export async function denyAuthorization(ctx: ServiceContext, query: AuthorizeQuery, fhirBase: string) {
  const checked = await checkAuthorizationForScreen(ctx, query, fhirBase);
  await audit(ctx, { action: 'smart.deny', entityType: 'smart_app', entityId: checked.app.id });
  return {
    redirectTo: redirectWith(checked.redirectUri, {
      error: 'access_denied',
      error_description: 'The user did not allow access',
      state: checked.state,
    }),
  };
}
