import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { smartApps, smartAuthorizationCodes, smartGrants, smartTokens, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { publicUser, type SessionUser, sessionUserColumns } from '../../lib/sessions';
import { hashToken, newToken } from '../../lib/tokens';
import { type EnabledApp, enabledApp } from './apps-service';
import { verifyClientAssertion } from './backend';
import { signIdToken } from './id-token';
import { OAuthError } from './oauth-error';
import { grantableScopes, splitScope } from './scopes';

const ACCESS_TOKEN_SECONDS = 3600;
/** offline_access: how long a refresh token lasts unused (each refresh starts it again). */
const REFRESH_TOKEN_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;
/** RFC 7636 §4.1: 43 to 128 unreserved characters. */
const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The token endpoint's form (application/x-www-form-urlencoded), each parameter once. */
export type TokenForm = Readonly<Record<string, string>>;

export interface TokenEndpoint {
  /** The FHIR base URL: id_tokens' issuer and fhirUser's prefix. */
  fhirBase: string;
  /** This endpoint's own URL: the audience of backend services' assertions. */
  tokenUrl: string;
}

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));
const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** The client_id and secret of HTTP Basic authentication (RFC 6749 §2.3.1: each form-encoded). */
function basicCredentials(authorization: string | undefined) {
  if (!authorization?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  try {
    return {
      clientId: decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' ')),
      secret: decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' ')),
    };
  } catch {
    return undefined;
  }
}

/**
 * Who is calling: a public app names itself (client_id), a confidential one proves its secret
 * (Basic or client_secret in the form), a backend service signs an assertion (backend.ts).
 */
async function authenticateClient(
  ctx: ServiceContext,
  form: TokenForm,
  authorization: string | undefined,
  endpoint: TokenEndpoint,
): Promise<EnabledApp> {
  if (form.client_assertion_type !== undefined || form.client_assertion !== undefined) {
    if (form.client_assertion_type !== JWT_BEARER || !form.client_assertion) {
      throw new OAuthError(
        'invalid_request',
        `client_assertion_type must be ${JWT_BEARER}, with a client_assertion`,
      );
    }
    const app = await verifyClientAssertion(ctx, form.client_assertion, endpoint.tokenUrl);
    // A client_id beside the assertion must name the same client (RFC 7521 §4.2).
    if (form.client_id !== undefined && form.client_id !== app.id) {
      throw new OAuthError('invalid_client', 'client_id does not match the client_assertion');
    }
    return app;
  }
  const basic = basicCredentials(authorization);
  const clientId = basic?.clientId ?? form.client_id;
  const secret = basic?.secret ?? form.client_secret;
  if (basic && form.client_id !== undefined && form.client_id !== basic.clientId) {
    throw new OAuthError('invalid_client', 'client_id does not match the credentials');
  }
  const app = await enabledApp(ctx, clientId);
  if (!app) throw new OAuthError('invalid_client', 'Unknown or disabled client');
  if (app.kind === 'backend') {
    throw new OAuthError('invalid_client', 'A backend service authenticates with a signed client_assertion');
  }
  if (app.kind === 'confidential') {
    if (!secret || !app.secretHash || !sameHash(hashToken(secret), app.secretHash)) {
      throw new OAuthError('invalid_client', 'Client authentication failed');
    }
  } else if (secret !== undefined) {
    throw new OAuthError('invalid_client', 'A public app has no client secret');
  }
  return app;
}

interface Issue {
  app: EnabledApp;
  user: SessionUser & { status: string };
  patientId: string | null;
  scopes: string[];
  nonce: string | null;
  /** The grant a refresh continues; a code starts a new one. */
  grantId?: string;
  /** The hash of the code that starts a new grant. */
  codeHash?: string;
}

async function issueUserTokens(ctx: ServiceContext, issue: Issue, endpoint: TokenEndpoint) {
  const now = ctx.now();
  const offline = issue.scopes.includes('offline_access');
  const accessToken = newToken();
  const refreshToken = offline ? newToken() : undefined;
  const accessExpires = new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
  const grantExpires = offline ? new Date(now.getTime() + REFRESH_TOKEN_DAYS * DAY_MS) : accessExpires;
  const grantId = await ctx.db.transaction(async (tx) => {
    let id = issue.grantId;
    if (id) {
      await tx.update(smartGrants).set({ expiresAt: grantExpires }).where(eq(smartGrants.id, id));
    } else {
      const [grant] = await tx
        .insert(smartGrants)
        .values({
          appId: issue.app.id,
          userId: issue.user.id,
          patientId: issue.patientId,
          scopes: issue.scopes,
          codeHash: issue.codeHash ?? null,
          expiresAt: grantExpires,
          createdAt: now,
        })
        .returning({ id: smartGrants.id });
      id = grant?.id;
    }
    if (!id) throw new Error('grant not stored');
    const common = {
      appId: issue.app.id,
      grantId: id,
      userId: issue.user.id,
      patientId: issue.patientId,
      scopes: issue.scopes,
      createdAt: now,
    };
    await tx.insert(smartTokens).values([
      { ...common, tokenHash: hashToken(accessToken), kind: 'access', expiresAt: accessExpires },
      ...(refreshToken
        ? [
            {
              ...common,
              tokenHash: hashToken(refreshToken),
              kind: 'refresh' as const,
              expiresAt: grantExpires,
            },
          ]
        : []),
    ]);
    await audit(inTransaction(ctx, tx), {
      action: issue.grantId ? 'smart.token.refresh' : 'smart.token',
      entityType: 'smart_grant',
      entityId: id,
      patientId: issue.patientId,
      actor: { id: issue.user.id, role: issue.user.role, email: issue.user.email },
      details: { app: issue.app.id, scopes: issue.scopes },
    });
    return id;
  });
  const fhirUser =
    issue.user.role === 'patient'
      ? `${endpoint.fhirBase}/Patient/${issue.user.id}`
      : issue.user.role === 'doctor'
        ? `${endpoint.fhirBase}/Practitioner/${issue.user.id}`
        : undefined;
  const idToken = issue.scopes.includes('openid')
    ? await signIdToken(ctx.db, now, {
        issuer: endpoint.fhirBase,
        clientId: issue.app.id,
        userId: issue.user.id,
        fhirUser: issue.scopes.includes('fhirUser') ? fhirUser : undefined,
        name: `${issue.user.firstName} ${issue.user.lastName}`,
        nonce: issue.nonce ?? undefined,
      })
    : undefined;
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: issue.scopes.join(' '),
    ...(issue.patientId ? { patient: issue.patientId, need_patient_banner: true } : {}),
    ...(idToken ? { id_token: idToken } : {}),
    ...(refreshToken ? { refresh_token: refreshToken } : {}),
    grantId,
  };
}

async function activeUser(ctx: ServiceContext, userId: string) {
  const [user] = await ctx.db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (user?.status !== 'Active') {
    throw new OAuthError('invalid_grant', 'The user of this grant is no longer active');
  }
  return user;
}

/**
 * authorization_code: the code is spent atomically (one exchange wins), then checked. A code
 * its app presents again was copied: the tokens it gave are revoked (RFC 6749 §4.1.2). Spending
 * the code and storing its grant are one transaction, so a copy racing the first exchange waits
 * for it (the code's row lock) and then finds the grant to revoke. A refused exchange still
 * spends the code: its refusal is answered, not thrown, inside the transaction.
 */
async function exchangeCode(ctx: ServiceContext, app: EnabledApp, form: TokenForm, endpoint: TokenEndpoint) {
  const { code, redirect_uri: redirectUri, code_verifier: verifier } = form;
  if (!code || !redirectUri || !verifier) {
    throw new OAuthError('invalid_request', 'code, redirect_uri and code_verifier are required');
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    try {
      return await spendCode(inTransaction(ctx, tx), app, { code, redirectUri, verifier }, endpoint);
    } catch (error) {
      if (error instanceof OAuthError) return error;
      throw error;
    }
  });
  if (outcome instanceof OAuthError) throw outcome;
  return outcome;
}

async function spendCode(
  ctx: ServiceContext,
  app: EnabledApp,
  form: { code: string; redirectUri: string; verifier: string },
  endpoint: TokenEndpoint,
) {
  const now = ctx.now();
  const codeHash = hashToken(form.code);
  const [code] = await ctx.db
    .update(smartAuthorizationCodes)
    .set({ usedAt: now })
    .where(and(eq(smartAuthorizationCodes.codeHash, codeHash), isNull(smartAuthorizationCodes.usedAt)))
    .returning();
  const invalid = new OAuthError('invalid_grant', 'The code is unknown, used, expired or not this app’s');
  if (!code) {
    const [given] = await ctx.db
      .select({ id: smartGrants.id })
      .from(smartGrants)
      .where(and(eq(smartGrants.codeHash, codeHash), eq(smartGrants.appId, app.id)))
      .limit(1);
    if (given) await revokeGrantTokens(ctx, given.id);
    throw invalid;
  }
  if (code.expiresAt <= now || code.appId !== app.id) throw invalid;
  if (code.redirectUri !== form.redirectUri)
    throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request');
  if (!PKCE_VERIFIER.test(form.verifier) || !sameHash(pkceChallenge(form.verifier), code.codeChallenge)) {
    throw new OAuthError('invalid_grant', 'code_verifier does not match the code_challenge');
  }
  const user = await activeUser(ctx, code.userId);
  return issueUserTokens(
    ctx,
    { app, user, patientId: code.patientId, scopes: code.scopes, nonce: code.nonce, codeHash },
    endpoint,
  );
}

/**
 * refresh_token: the token is rotated (spent atomically, a new one answered). A spent token
 * presented again by its own app means it leaked: the whole grant is revoked (RFC 9700 §4.14.2).
 * Everything is checked before the token is spent, so a refused refresh (another app's token, a
 * wider scope, an inactive user) leaves it usable; and only the app the token was issued to can
 * set off the revocation, so an access token or another app's token presented here ends nothing.
 */
async function refresh(ctx: ServiceContext, app: EnabledApp, form: TokenForm, endpoint: TokenEndpoint) {
  if (!form.refresh_token) throw new OAuthError('invalid_request', 'refresh_token is required');
  const now = ctx.now();
  const hash = hashToken(form.refresh_token);
  const invalid = new OAuthError('invalid_grant', 'The refresh token is unknown, used, expired or revoked');
  const [found] = await ctx.db
    .select()
    .from(smartTokens)
    .where(and(eq(smartTokens.tokenHash, hash), eq(smartTokens.kind, 'refresh')))
    .limit(1);
  if (!found || found.appId !== app.id || !found.grantId || !found.userId) throw invalid;
  if (found.revokedAt !== null) {
    await revokeGrantTokens(ctx, found.grantId);
    throw invalid;
  }
  if (found.expiresAt <= now) throw invalid;
  const [grant] = await ctx.db
    .select()
    .from(smartGrants)
    .where(and(eq(smartGrants.id, found.grantId), isNull(smartGrants.revokedAt)))
    .limit(1);
  if (!grant) throw invalid;
  const asked = splitScope(form.scope);
  const scopes =
    asked.length === 0 ? found.scopes : grantableScopes({ requested: asked, allowed: found.scopes });
  if (asked.length > 0 && scopes.length !== asked.length) {
    throw new OAuthError('invalid_scope', 'A refresh may only keep or narrow the granted scopes');
  }
  const user = await activeUser(ctx, found.userId);
  const [spent] = await ctx.db
    .update(smartTokens)
    .set({ revokedAt: now })
    .where(and(eq(smartTokens.tokenHash, hash), isNull(smartTokens.revokedAt)))
    .returning({ tokenHash: smartTokens.tokenHash });
  // Another refresh spent it first: of two uses of one token, one is a copy.
  if (!spent) {
    await revokeGrantTokens(ctx, found.grantId);
    throw invalid;
  }
  return issueUserTokens(
    ctx,
    { app, user, patientId: found.patientId, scopes, nonce: null, grantId: grant.id },
    endpoint,
  );
}

/** client_credentials: a backend service's token, for system/ scopes only, without a refresh token. */
async function clientCredentials(ctx: ServiceContext, app: EnabledApp, form: TokenForm) {
  if (app.kind !== 'backend') {
    throw new OAuthError('unauthorized_client', 'Only a backend service may use client_credentials');
  }
  const scopes = grantableScopes({ requested: splitScope(form.scope), allowed: app.scopes });
  if (scopes.length === 0)
    throw new OAuthError('invalid_scope', 'None of the requested scopes may be granted to this service');
  const now = ctx.now();
  const accessToken = newToken();
  await ctx.db.insert(smartTokens).values({
    tokenHash: hashToken(accessToken),
    kind: 'access',
    appId: app.id,
    scopes,
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
    createdAt: now,
  });
  await audit(ctx, { action: 'smart.token', entityType: 'smart_app', entityId: app.id, details: { scopes } });
  return {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: scopes.join(' '),
  };
}

/** The token endpoint (RFC 6749 §3.2): the answer's JSON, or an OAuthError. */
export async function tokenRequest(
  ctx: ServiceContext,
  form: TokenForm,
  authorization: string | undefined,
  endpoint: TokenEndpoint,
) {
  const grantType = form.grant_type;
  if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  if (!['authorization_code', 'refresh_token', 'client_credentials'].includes(grantType)) {
    throw new OAuthError('unsupported_grant_type', `grant_type ${grantType} is not supported`);
  }
  const app = await authenticateClient(ctx, form, authorization, endpoint);
  if (grantType === 'client_credentials') return clientCredentials(ctx, app, form);
  if (app.kind === 'backend')
    throw new OAuthError('unauthorized_client', 'A backend service may only use client_credentials');
  const { grantId: _grantId, ...answer } =
    grantType === 'authorization_code'
      ? await exchangeCode(ctx, app, form, endpoint)
      : await refresh(ctx, app, form, endpoint);
  return answer;
}

/** Ends a grant and every token of it. */
export async function revokeGrantTokens(ctx: ServiceContext, grantId: string) {
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(smartGrants)
      .set({ revokedAt: now })
      .where(and(eq(smartGrants.id, grantId), isNull(smartGrants.revokedAt)));
    await tx
      .update(smartTokens)
      .set({ revokedAt: now })
      .where(and(eq(smartTokens.grantId, grantId), isNull(smartTokens.revokedAt)));
  });
}

/** What an access token lets its app do on the FHIR API (routes check the scopes: fhir-access.ts). */
export interface SmartCaller {
  appId: string;
  /** The user who allowed the app, or null for a backend service. */
  user: SessionUser | null;
  /** The patient a patient/ grant is bound to. */
  patientId: string | null;
  scopes: string[];
}

/** The app behind an access token: null when unknown, expired, revoked, its app disabled or its user inactive. */
export async function lookupAccessToken(
  ctx: Pick<ServiceContext, 'db'>,
  token: string,
  now: Date,
): Promise<SmartCaller | null> {
  const [row] = await ctx.db
    .select({
      appId: smartTokens.appId,
      patientId: smartTokens.patientId,
      scopes: smartTokens.scopes,
      user: sessionUserColumns,
    })
    .from(smartTokens)
    .innerJoin(smartApps, and(eq(smartApps.id, smartTokens.appId), isNull(smartApps.disabledAt)))
    .leftJoin(smartGrants, eq(smartGrants.id, smartTokens.grantId))
    .leftJoin(users, eq(users.id, smartTokens.userId))
    .where(
      and(
        eq(smartTokens.tokenHash, hashToken(token)),
        eq(smartTokens.kind, 'access'),
        isNull(smartTokens.revokedAt),
        gt(smartTokens.expiresAt, now),
        or(isNull(smartTokens.grantId), isNull(smartGrants.revokedAt)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { appId, patientId, scopes, user } = row;
  if (!user) return { appId, user: null, patientId: null, scopes };
  if (user.status !== 'Active') return null;
  return { appId, user: publicUser(user), patientId, scopes };
}
