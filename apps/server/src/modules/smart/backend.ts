import { lookup } from 'node:dns/promises';
import { isNonPublicAddress } from '@carepoint/contract';
import { and, eq, lt } from 'drizzle-orm';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  errors,
  type JSONWebKeySet,
  jwtVerify,
} from 'jose';
import { smartAssertionIds } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { type EnabledApp, enabledApp } from './apps-service';
import { OAuthError } from './oauth-error';

/** SMART Backend Services: assertions are signed with RS384 or ES384 … */
const ASSERTION_ALGORITHMS = ['RS384', 'ES384'];
/** … and expire at most five minutes after they are made. */
const MAX_ASSERTION_SECONDS = 300;
/** Clocks differ a little: an assertion made this far in our future is still taken. */
const CLOCK_SKEW_SECONDS = 60;

/** One remote key set per URL, so jose's cache (and cooldown) holds across requests. */
const remoteKeySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function remoteKeySet(url: string) {
  let keySet = remoteKeySets.get(url);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000 });
    remoteKeySets.set(url, keySet);
  }
  return keySet;
}

const isKeySet = (value: unknown): value is JSONWebKeySet =>
  typeof value === 'object' && value !== null && 'keys' in value && Array.isArray(value.keys);

/**
 * Refuses a JWKS URL whose name is, or resolves to, a non-public address: the server must not be
 * made to fetch from its own network (registration refuses such literal addresses already; a
 * name can point anywhere later).
 */
async function refuseNonPublicHost(url: string) {
  const { hostname } = new URL(url);
  const addresses = await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true }).catch(() => []);
  if (isNonPublicAddress(hostname) || addresses.some((a) => isNonPublicAddress(a.address))) {
    throw new OAuthError('invalid_client', 'The service’s JWKS URL is not a public address');
  }
}

async function keysOf(app: EnabledApp) {
  if (isKeySet(app.jwks)) return createLocalJWKSet(app.jwks);
  if (app.jwksUrl) {
    await refuseNonPublicHost(app.jwksUrl);
    return remoteKeySet(app.jwksUrl);
  }
  throw new OAuthError('invalid_client', 'The service has no keys registered');
}

/**
 * A backend service's client_assertion (RFC 7523, SMART Backend Services): signed by one of its
 * registered keys, issued by and about itself, for this token endpoint, short-lived, and with a
 * jti it has not used before (stored until the assertion expires, so a copy is refused).
 */
export async function verifyClientAssertion(ctx: ServiceContext, assertion: string, tokenUrl: string) {
  let clientId: string | undefined;
  try {
    clientId = decodeJwt(assertion).iss;
  } catch {
    throw new OAuthError('invalid_client', 'client_assertion is not a JWT');
  }
  const app = await enabledApp(ctx, clientId);
  if (app?.kind !== 'backend') throw new OAuthError('invalid_client', 'Unknown or disabled backend service');
  const now = ctx.now();
  let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
  try {
    ({ payload } = await jwtVerify(assertion, await keysOf(app), {
      algorithms: ASSERTION_ALGORITHMS,
      issuer: app.id,
      subject: app.id,
      audience: tokenUrl,
      currentDate: now,
      requiredClaims: ['exp', 'jti'],
    }));
  } catch (error) {
    if (error instanceof OAuthError) throw error;
    const reason = error instanceof errors.JOSEError ? error.code : 'invalid';
    throw new OAuthError('invalid_client', `client_assertion was refused (${reason})`);
  }
  const { exp, iat, jti } = payload;
  if (iat !== undefined && iat > now.getTime() / 1000 + CLOCK_SKEW_SECONDS) {
    throw new OAuthError('invalid_client', 'client_assertion was issued in the future (iat)');
  }
  if (exp === undefined || typeof jti !== 'string' || jti.length > 200) {
    throw new OAuthError('invalid_client', 'client_assertion needs exp and jti');
  }
  if (exp - now.getTime() / 1000 > MAX_ASSERTION_SECONDS) {
    throw new OAuthError('invalid_client', 'client_assertion may not be valid for more than five minutes');
  }
  const [fresh] = await ctx.db
    .insert(smartAssertionIds)
    .values({ appId: app.id, jti, expiresAt: new Date(exp * 1000) })
    .onConflictDoNothing()
    .returning({ jti: smartAssertionIds.jti });
  if (!fresh) throw new OAuthError('invalid_client', 'client_assertion was already used (jti)');
  // An id whose assertion has expired can never be replayed: it need not be kept.
  await ctx.db
    .delete(smartAssertionIds)
    .where(and(eq(smartAssertionIds.appId, app.id), lt(smartAssertionIds.expiresAt, now)));
  return app;
}
