import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { expect } from 'vitest';
import type { TestApp } from './helpers';

/*
 * SMART on FHIR as an app runs it, for the tests of every module the apps reach: registration
 * (as an admin), the authorization code flow with PKCE, and a backend service's token for a
 * jose-signed assertion.
 */

type Headers = Record<string, string>;

export const SMART_BASE = 'http://localhost:3000/fhir/R4';
export const SMART_REDIRECT = 'https://app.example/callback';
const TOKEN_URL = 'http://localhost:3000/oauth/token';

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export async function registerApp(t: TestApp, admin: Headers, body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/smart-apps',
    headers: admin,
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

export const registerPublicApp = (t: TestApp, admin: Headers, scopes: string[], name = 'Vitals Viewer') =>
  registerApp(t, admin, { name, kind: 'public', redirectUris: [SMART_REDIRECT], scopes }).then((r) => {
    expect(r.status).toBe(201);
    return r.body as { clientId: string };
  });

export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export const authorizeQuery = (
  clientId: string,
  scope: string,
  challenge: string,
  extra: Record<string, string> = {},
) => ({
  response_type: 'code',
  client_id: clientId,
  redirect_uri: SMART_REDIRECT,
  scope,
  state: 'state-123',
  aud: SMART_BASE,
  code_challenge: challenge,
  code_challenge_method: 'S256',
  ...extra,
});

export async function oauthToken(t: TestApp, form: Record<string, string>, headers: Headers = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/oauth/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(form).toString(),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

/** The user allows the app on the consent page: the code sent to its redirect URI. */
export async function approvedCode(
  t: TestApp,
  request: {
    clientId: string;
    scope: string;
    challenge: string;
    as: Headers;
    patientId?: string | undefined;
  },
) {
  const { clientId, scope, challenge, as, patientId } = request;
  const approve = await t.app.inject({
    method: 'POST',
    url: '/api/smart/authorization',
    headers: as,
    payload: { query: authorizeQuery(clientId, scope, challenge), ...(patientId ? { patientId } : {}) },
  });
  expect(approve.statusCode, approve.body).toBe(200);
  const redirect = new URL(approve.json<{ redirectTo: string }>().redirectTo);
  expect(redirect.searchParams.get('state')).toBe('state-123');
  return redirect.searchParams.get('code') ?? '';
}

/** The whole authorization code flow as a signed-in user who allows the app: the token answer. */
export async function launchApp(
  t: TestApp,
  request: { clientId: string; scope: string; as: Headers; patientId?: string | undefined },
) {
  const { verifier, challenge } = pkce();
  const code = await approvedCode(t, { ...request, challenge });
  const answer = await oauthToken(t, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: SMART_REDIRECT,
    code_verifier: verifier,
    client_id: request.clientId,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ...answer.body, code, verifier } as {
    access_token: string;
    refresh_token?: string;
    id_token?: string;
    patient?: string;
    scope: string;
    code: string;
    verifier: string;
  };
}

/** A backend service registered with an ES384 key, and how it signs its client assertions. */
export async function registerBackendService(
  t: TestApp,
  admin: Headers,
  scopes: string[],
  kid = 'analytics-1',
) {
  const { privateKey, publicKey } = await generateKeyPair('ES384', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES384' };
  const registered = await registerApp(t, admin, {
    name: 'Analytics',
    kind: 'backend',
    scopes,
    jwks: { keys: [jwk] },
  });
  expect(registered.status).toBe(201);
  const clientId: string = registered.body.clientId;
  const assertion = (
    jti: string,
    exp = Math.floor(t.clock.now().getTime() / 1000) + 240,
    claims: Record<string, unknown> = {},
  ) =>
    new SignJWT({ jti, ...claims })
      .setProtectedHeader({ alg: 'ES384', kid, typ: 'JWT' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(TOKEN_URL)
      .setExpirationTime(exp)
      .sign(privateKey);
  return { clientId, assertion };
}

/** The client_credentials form for a signed assertion. */
export const clientCredentials = (signed: string, scope: string) => ({
  grant_type: 'client_credentials',
  scope,
  client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
  client_assertion: signed,
});

/** A backend service's access token with `scope` (which its registration must cover). */
export async function backendToken(t: TestApp, admin: Headers, registered: string[], scope: string) {
  const service = await registerBackendService(t, admin, registered);
  const answer = await oauthToken(t, clientCredentials(await service.assertion(randomUUID()), scope));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { clientId: service.clientId, accessToken: answer.body.access_token as string };
}
