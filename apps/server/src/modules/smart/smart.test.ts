import { randomUUID } from 'node:crypto';
import { SINGLE_LINE_TEXT_MESSAGE, SMART_MESSAGES } from '@carepoint/contract';
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { createLocalJWKSet, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import {
  createTestApp,
  createUser,
  signedIn,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import {
  approvedCode as approvedCodeFor,
  authorizeQuery,
  SMART_BASE as BASE,
  bearer,
  clientCredentials,
  launchApp,
  oauthToken,
  pkce,
  SMART_REDIRECT as REDIRECT,
  registerApp,
  registerBackendService,
  registerPublicApp,
} from '../../../test/smart';
import { auditEvents, smartApps, vitalSigns } from '../../db/schema';

type Headers = Record<string, string>;

let t: TestApp;
let admin: Headers;
let patient: { user: TestUser; headers: Headers };
let doctor: { user: TestUser; headers: Headers };
let otherPatient: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
  patient = await signedIn(t, 'patient', { firstName: 'Ngozi', lastName: 'Okafor' });
  doctor = await signedIn(t, 'doctor');
  otherPatient = await createUser(t, 'patient', { firstName: 'Bola', lastName: 'Eze' });
  for (const who of [patient.user, otherPatient]) {
    await t.database.db.insert(vitalSigns).values({
      patientId: who.id,
      recordedAt: new Date('2030-01-02T10:00:00Z'),
      recordedBy: doctor.user.id,
      source: 'chart',
      heartRate: 72,
    });
  }
});
afterAll(() => t.close());

const register = (body: Record<string, unknown>) => registerApp(t, admin, body);
const publicApp = (scopes: string[], name?: string) => registerPublicApp(t, admin, scopes, name);
const token = (form: Record<string, string>, headers?: Headers) => oauthToken(t, form, headers);
const approvedCode = (clientId: string, scope: string, challenge: string, as: Headers, patientId?: string) =>
  approvedCodeFor(t, { clientId, scope, challenge, as, patientId });
const launch = (clientId: string, scope: string, as: Headers, patientId?: string) =>
  launchApp(t, { clientId, scope, as, patientId });

describe('app registration (admin)', () => {
  it('registers apps, shows a confidential secret once, refuses bad input on its field, and only for admins', async () => {
    const confidential = await register({
      name: 'Clinic Portal',
      kind: 'confidential',
      redirectUris: [REDIRECT],
      scopes: ['user/*.rs', 'openid', 'fhirUser'],
    });
    expect(confidential.status).toBe(201);
    expect(confidential.body.clientSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/smart-apps', headers: admin });
    expect(JSON.stringify(list.json())).not.toContain(confidential.body.clientSecret);

    const bad = await register({
      name: 'X',
      kind: 'public',
      redirectUris: ['not a url'],
      scopes: ['patient/*.rs'],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('redirect URI');
    expect(
      (await register({ name: 'X', kind: 'public', redirectUris: [REDIRECT], scopes: ['system/*.rs'] }))
        .status,
    ).toBe(400);
    expect((await register({ name: 'X', kind: 'backend', scopes: ['system/*.rs'] })).status).toBe(400);
    expect(
      (await register({ name: 'X\u0000', kind: 'public', redirectUris: [REDIRECT], scopes: ['user/*.rs'] }))
        .status,
    ).toBe(400);
    expect(
      (
        await register({
          name: 'X'.repeat(100_000),
          kind: 'public',
          redirectUris: [REDIRECT],
          scopes: ['user/*.rs'],
        })
      ).status,
    ).toBe(400);

    const asDoctor = await t.app.inject({
      method: 'GET',
      url: '/api/admin/smart-apps',
      headers: doctor.headers,
    });
    expect(asDoctor.statusCode).toBe(403);
  });
});

describe('discovery', () => {
  it('answers the SMART configuration publicly with CORS, and the CapabilityStatement points to it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/fhir/R4/.well-known/smart-configuration' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const config = res.json();
    expect(config.authorization_endpoint).toBe('http://localhost:3000/oauth/authorize');
    expect(config.token_endpoint).toBe('http://localhost:3000/oauth/token');
    expect(config.code_challenge_methods_supported).toEqual(['S256']);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/fhir/R4/Observation',
      headers: { origin: 'https://app.example', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
    const metadata = await fhirGet<{
      rest: Array<{
        security: { service: Array<{ coding: Array<{ code: string }> }>; extension: unknown[] };
      }>;
    }>(t, '/metadata');
    expect(metadata.body.rest[0]?.security.service[0]?.coding[0]?.code).toBe('SMART-on-FHIR');
    expectValidFhir(metadata.body as never);
  });
});

describe('authorization endpoint', () => {
  it('never redirects to an unregistered redirect URI; other errors go back to the app with the state', async () => {
    const app = await publicApp(['patient/*.rs']);
    const { challenge } = pkce();
    const get = (query: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/oauth/authorize?${new URLSearchParams(query)}` });

    const wrongUri = await get(
      authorizeQuery(app.clientId, 'patient/*.rs', challenge, { redirect_uri: 'https://evil.example/cb' }),
    );
    expect(wrongUri.statusCode).toBe(302);
    expect(wrongUri.headers.location).toMatch(/^\/authorize\?/);
    const screen = await t.app.inject({
      method: 'GET',
      url: `/api/smart/authorization?${new URLSearchParams(authorizeQuery(app.clientId, 'patient/*.rs', challenge, { redirect_uri: 'https://evil.example/cb' }))}`,
      headers: patient.headers,
    });
    expect(screen.statusCode).toBe(400);
    expect(screen.json().error).toContain('redirect URI');

    const noPkce = await get(
      authorizeQuery(app.clientId, 'patient/*.rs', challenge, { code_challenge_method: 'plain' }),
    );
    const location = new URL(String(noPkce.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('state-123');

    const badScope = new URL(
      String((await get(authorizeQuery(app.clientId, 'user/*.rs', challenge))).headers.location),
    );
    expect(badScope.searchParams.get('error')).toBe('invalid_scope');
    const badType = new URL(
      String(
        (await get({ ...authorizeQuery(app.clientId, 'patient/*.rs', challenge), response_type: 'token' }))
          .headers.location,
      ),
    );
    expect(badType.searchParams.get('error')).toBe('unsupported_response_type');

    const fine = await get(authorizeQuery(app.clientId, 'launch/patient patient/*.rs', challenge));
    expect(fine.headers.location).toMatch(/^\/authorize\?/);

    const deny = await t.app.inject({
      method: 'POST',
      url: '/api/smart/authorization/deny',
      headers: patient.headers,
      payload: authorizeQuery(app.clientId, 'patient/*.rs', challenge),
    });
    const denied = new URL(deny.json<{ redirectTo: string }>().redirectTo);
    expect(denied.searchParams.get('error')).toBe('access_denied');
  });

  it('describes the request in plain words, and asks staff (not patients) to choose the patient', async () => {
    const app = await publicApp(['launch/patient', 'patient/Observation.rs']);
    const query = new URLSearchParams(
      authorizeQuery(app.clientId, 'launch/patient patient/Observation.read', pkce().challenge),
    );
    const asPatient = await t.app.inject({
      method: 'GET',
      url: `/api/smart/authorization?${query}`,
      headers: patient.headers,
    });
    expect(asPatient.json()).toMatchObject({
      appName: 'Vitals Viewer',
      choosePatient: false,
      scopes: ['launch/patient', 'patient/Observation.rs'],
    });
    expect(asPatient.json().descriptions.join(' ')).toContain('vital signs');
    const asDoctor = await t.app.inject({
      method: 'GET',
      url: `/api/smart/authorization?${query}`,
      headers: doctor.headers,
    });
    expect(asDoctor.json().choosePatient).toBe(true);
    const noPatient = await t.app.inject({
      method: 'POST',
      url: '/api/smart/authorization',
      headers: doctor.headers,
      payload: { query: Object.fromEntries(query) },
    });
    expect(noPatient.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/smart/authorization?${query}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('token endpoint and scopes', () => {
  it('binds a patient’s token to their own record and limits it to its scopes', async () => {
    const app = await publicApp(['launch/patient', 'patient/Observation.rs', 'openid', 'fhirUser']);
    const answer = await launch(
      app.clientId,
      'launch/patient openid fhirUser patient/Observation.rs',
      patient.headers,
    );
    expect(answer.patient).toBe(patient.user.id);
    expect(answer.scope).toBe('launch/patient openid fhirUser patient/Observation.rs');

    const own = await fhirGet<Bundle>(t, '/Observation', bearer(answer.access_token));
    expect(own.status).toBe(200);
    const cors = await t.app.inject({
      method: 'GET',
      url: '/fhir/R4/Observation',
      headers: { ...bearer(answer.access_token), origin: 'https://app.example' },
    });
    expect(cors.headers['access-control-allow-origin']).toBe('*');
    expectValidFhir(own.body);
    const subjects = entries(own.body).map((o) =>
      o.resourceType === 'Observation' ? o.subject?.reference : '',
    );
    expect(subjects.length).toBeGreaterThan(0);
    expect(new Set(subjects)).toEqual(new Set([`Patient/${patient.user.id}`]));

    const other = await fhirGet<Bundle>(
      t,
      `/Observation?patient=${otherPatient.id}`,
      bearer(answer.access_token),
    );
    expect(entries(other.body)).toEqual([]);

    const meds = await t.app.inject({
      method: 'GET',
      url: '/fhir/R4/MedicationRequest',
      headers: bearer(answer.access_token),
    });
    expect(meds.statusCode).toBe(403);
    expect(meds.headers['www-authenticate']).toContain('insufficient_scope');
    expectValidFhir(meds.json<OperationOutcome>());
    const patientRead = await fhirGet(t, `/Patient/${patient.user.id}`, bearer(answer.access_token));
    expect(patientRead.status).toBe(403);

    // The id_token names the Patient, signed by the key the server publishes.
    const jwks = await t.app.inject({ method: 'GET', url: '/oauth/jwks' });
    const { payload } = await jwtVerify(answer.id_token ?? '', createLocalJWKSet(jwks.json()), {
      issuer: BASE,
      audience: app.clientId,
      currentDate: t.clock.now(),
    });
    expect(payload.fhirUser).toBe(`${BASE}/Patient/${patient.user.id}`);

    // The app's reads are audited with the app.
    const [row] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'fhir.search'))
      .orderBy(auditEvents.at)
      .limit(1);
    expect(row?.actorId).toBe(patient.user.id);
  });

  it('spends a code once, checks PKCE and redirect_uri, and answers errors as RFC 6749 says', async () => {
    const app = await publicApp(['patient/*.rs']);
    const { verifier, challenge } = pkce();
    const code = await approvedCode(app.clientId, 'patient/*.rs', challenge, patient.headers);
    const form = { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: app.clientId };

    const wrongVerifier = await token({ ...form, code_verifier: pkce().verifier });
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.body.error).toBe('invalid_grant');
    // The failed try spent it: codes are single use whatever happens.
    expect((await token({ ...form, code_verifier: verifier })).body.error).toBe('invalid_grant');

    // Parallel exchanges of one fresh code: exactly one wins.
    const second = pkce();
    const code2 = await approvedCode(app.clientId, 'patient/*.rs', second.challenge, patient.headers);
    const results = await Promise.all(
      [1, 2, 3].map(() => token({ ...form, code: code2, code_verifier: second.verifier })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);

    expect((await token({ grant_type: 'password' })).body.error).toBe('unsupported_grant_type');
    expect((await token({ grant_type: 'authorization_code', client_id: app.clientId })).body.error).toBe(
      'invalid_request',
    );
    const unknownClient = await token({ ...form, client_id: randomUUID(), code_verifier: verifier });
    expect(unknownClient.status).toBe(401);
    expect(unknownClient.body.error).toBe('invalid_client');
    expect(unknownClient.headers['www-authenticate']).toContain('Bearer');
    const json = await t.app.inject({ method: 'POST', url: '/oauth/token', payload: { grant_type: 'x' } });
    expect(json.json().error).toBe('invalid_request');
  });

  it('expires codes after a minute', async () => {
    const app = await publicApp(['patient/*.rs']);
    const { verifier, challenge } = pkce();
    const code = await approvedCode(app.clientId, 'patient/*.rs', challenge, patient.headers);
    t.clock.advance(61_000);
    const late = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: app.clientId,
      code_verifier: verifier,
    });
    expect(late.body.error).toBe('invalid_grant');
  });

  it('lets a doctor launch for the patient they choose, and user/ scopes keep the doctor’s own access', async () => {
    const app = await publicApp(['launch/patient', 'patient/*.rs', 'user/Patient.rs', 'openid', 'fhirUser']);
    const bound = await launch(
      app.clientId,
      'launch/patient patient/*.rs openid fhirUser',
      doctor.headers,
      otherPatient.id,
    );
    expect(bound.patient).toBe(otherPatient.id);
    const seen = await fhirGet<Bundle>(t, '/Observation', bearer(bound.access_token));
    expect(
      new Set(entries(seen.body).map((o) => (o.resourceType === 'Observation' ? o.subject?.reference : ''))),
    ).toEqual(new Set([`Patient/${otherPatient.id}`]));
    expect((await fhirGet(t, `/Patient/${patient.user.id}`, bearer(bound.access_token))).status).toBe(404);
    const { payload } = await jwtVerify(
      bound.id_token ?? '',
      createLocalJWKSet((await t.app.inject({ method: 'GET', url: '/oauth/jwks' })).json()),
      { currentDate: t.clock.now() },
    );
    expect(payload.fhirUser).toBe(`${BASE}/Practitioner/${doctor.user.id}`);

    const user = await launch(app.clientId, 'user/Patient.rs', doctor.headers);
    expect((await fhirGet(t, `/Patient/${patient.user.id}`, bearer(user.access_token))).status).toBe(200);
    expect((await fhirGet(t, '/Observation', bearer(user.access_token))).status).toBe(403);
  });

  it('answers 401 with WWW-Authenticate: Bearer, and a SMART token opens nothing of the app’s own API', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/fhir/R4/Observation' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="CarePoint FHIR"');
    const wrong = await t.app.inject({ method: 'GET', url: '/fhir/R4/Observation', headers: bearer('nope') });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('invalid_token');

    const app = await publicApp(['user/*.rs']);
    const answer = await launch(app.clientId, 'user/*.rs', patient.headers);
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(answer.access_token),
    });
    expect(api.statusCode).toBe(401);
  });
});

describe('offline access and connected apps', () => {
  it('refreshes (rotating the refresh token), lists the app, and revoking it ends every token at once', async () => {
    const app = await publicApp(['launch/patient', 'patient/*.rs', 'offline_access'], 'Home Monitor');
    const first = await launch(app.clientId, 'launch/patient patient/*.rs offline_access', patient.headers);
    expect(first.refresh_token).toBeTruthy();

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
      client_id: app.clientId,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect(refreshed.body.patient).toBe(patient.user.id);
    expect((await fhirGet(t, '/Observation', bearer(refreshed.body.access_token))).status).toBe(200);

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/user/connected-apps',
      headers: patient.headers,
    });
    const connection = listed
      .json<Array<{ id: string; appName: string }>>()
      .find((c) => c.appName === 'Home Monitor');
    expect(connection).toBeDefined();
    // Another user cannot revoke it: 404 as if it did not exist.
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/connected-apps/${connection?.id}`,
      headers: doctor.headers,
    });
    expect(notTheirs.statusCode).toBe(404);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/connected-apps/${connection?.id}`,
      headers: patient.headers,
    });
    expect(revoked.statusCode).toBe(200);

    expect((await fhirGet(t, '/Observation', bearer(refreshed.body.access_token))).status).toBe(401);
    const again = await token({
      grant_type: 'refresh_token',
      refresh_token: refreshed.body.refresh_token,
      client_id: app.clientId,
    });
    expect(again.body.error).toBe('invalid_grant');
  });

  it('a refresh token used twice revokes its grant (it leaked)', async () => {
    const app = await publicApp(['patient/*.rs', 'offline_access']);
    const first = await launch(app.clientId, 'patient/*.rs offline_access', patient.headers);
    const next = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
      client_id: app.clientId,
    });
    const replay = await token({
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
      client_id: app.clientId,
    });
    expect(replay.body.error).toBe('invalid_grant');
    expect((await fhirGet(t, '/Observation', bearer(next.body.access_token))).status).toBe(401);
  });

  it('a disabled app’s tokens stop working', async () => {
    const app = await publicApp(['patient/*.rs']);
    const answer = await launch(app.clientId, 'patient/*.rs', patient.headers);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/smart-apps/${app.clientId}`,
      headers: admin,
      payload: { disabled: true },
    });
    expect(off.statusCode).toBe(200);
    expect((await fhirGet(t, '/Observation', bearer(answer.access_token))).status).toBe(401);
  });
});

describe('ending access for good', () => {
  const patch = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url, headers: admin, payload });
  /** Neither the access token nor its refresh token works. */
  async function expectEnded(clientId: string, answer: { access_token: string; refresh_token?: string }) {
    expect((await fhirGet(t, '/Observation', bearer(answer.access_token))).status).toBe(401);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: answer.refresh_token ?? '',
      client_id: clientId,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
  }

  it('disabling an app ends its tokens: enabling it again brings neither token back', async () => {
    const app = await publicApp(['patient/*.rs', 'offline_access']);
    const answer = await launch(app.clientId, 'patient/*.rs offline_access', patient.headers);
    expect((await patch(`/api/admin/smart-apps/${app.clientId}`, { disabled: true })).statusCode).toBe(200);
    expect((await patch(`/api/admin/smart-apps/${app.clientId}`, { disabled: false })).statusCode).toBe(200);
    await expectEnded(app.clientId, answer);
    // The app works again for a new authorization.
    const fresh = await launch(app.clientId, 'patient/*.rs offline_access', patient.headers);
    expect((await fhirGet(t, '/Observation', bearer(fresh.access_token))).status).toBe(200);
  });

  it('deactivating a doctor ends the grants they gave: reactivated, the old tokens stay dead', async () => {
    const someone = await signedIn(t, 'doctor');
    const app = await publicApp(['user/*.rs', 'offline_access']);
    const answer = await launch(app.clientId, 'user/*.rs offline_access', someone.headers);
    expect((await fhirGet(t, '/Patient', bearer(answer.access_token))).status).toBe(200);
    const url = `/api/admin/doctors/${someone.user.id}`;
    expect((await patch(url, { status: 'Inactive' })).statusCode).toBe(200);
    expect((await patch(url, { status: 'Active' })).statusCode).toBe(200);
    await expectEnded(app.clientId, answer);
  });
});

describe('backend services', () => {
  it('a service with uploaded keys gets a token for a jose-signed assertion, once per jti, and searches with system/ scopes', async () => {
    const { clientId, assertion } = await registerBackendService(t, admin, ['system/*.rs']);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const form = (signed: string, scope = 'system/Observation.rs') => clientCredentials(signed, scope);

    const jti = randomUUID();
    const answer = await token(form(await assertion(jti)));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.scope).toBe('system/Observation.rs');
    expect(answer.body.refresh_token).toBeUndefined();
    const all = await fhirGet<Bundle>(t, '/Observation', bearer(answer.body.access_token));
    expect(all.status).toBe(200);
    const subjects = new Set(
      entries(all.body).map((o) => (o.resourceType === 'Observation' ? o.subject?.reference : '')),
    );
    expect(subjects).toEqual(new Set([`Patient/${patient.user.id}`, `Patient/${otherPatient.id}`]));
    expect((await fhirGet(t, '/Patient', bearer(answer.body.access_token))).status).toBe(403);

    expect((await token(form(await assertion(jti)))).body.error).toBe('invalid_client');
    expect((await token(form(await assertion(randomUUID(), now + 3600)))).body.error).toBe('invalid_client');
    expect((await token(form(await assertion(randomUUID()), 'user/*.rs'))).body.error).toBe('invalid_scope');
    const { privateKey: stranger } = await generateKeyPair('ES384');
    const forged = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES384', kid: 'analytics-1' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience('http://localhost:3000/oauth/token')
      .setExpirationTime(now + 60)
      .sign(stranger);
    const refused = await token(form(forged));
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
  });
});

describe('what an attacker tries (issue 31)', () => {
  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  const refreshWith = (refreshToken: string, clientId: string, extra: Record<string, string> = {}) =>
    token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, ...extra });

  it('a patient-scoped token never reads Group, the doctor’s list of other patients', async () => {
    const app = await publicApp(['launch/patient', 'patient/*.rs']);
    const answer = await launch(app.clientId, 'launch/patient patient/*.rs', doctor.headers, patient.user.id);
    expect((await fhirGet(t, '/Observation', bearer(answer.access_token))).status).toBe(200);
    expect((await fhirGet(t, `/Group/${doctor.user.id}`, bearer(answer.access_token))).status).toBe(403);
    expect((await fhirGet(t, '/Group', bearer(answer.access_token))).status).toBe(403);
  });

  it('a password change and an administrator’s “Sign out everywhere” end the apps’ grants too', async () => {
    const app = await publicApp(['patient/*.rs', 'offline_access']);
    const scope = 'patient/*.rs offline_access';
    const someone = await signedIn(t, 'patient');
    const before = await launch(app.clientId, scope, someone.headers);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: someone.headers,
      payload: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'a new passphrase 42',
        confirmPassword: 'a new passphrase 42',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await fhirGet(t, '/Observation', bearer(before.access_token))).status).toBe(401);
    expect((await refreshWith(before.refresh_token ?? '', app.clientId)).body.error).toBe('invalid_grant');

    const other = await signedIn(t, 'patient');
    const laptop = await launch(app.clientId, scope, other.headers);
    const out = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${other.user.id}/sessions`,
      headers: admin,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect((await fhirGet(t, '/Observation', bearer(laptop.access_token))).status).toBe(401);
    expect((await refreshWith(laptop.refresh_token ?? '', app.clientId)).body.error).toBe('invalid_grant');
  });

  it('a refused refresh leaves the refresh token usable, and an access token sent as one ends nothing', async () => {
    const app = await publicApp(['patient/*.rs', 'offline_access']);
    const other = await publicApp(['patient/*.rs', 'user/*.rs', 'offline_access']);
    const answer = await launch(app.clientId, 'patient/Observation.rs offline_access', patient.headers);
    const refreshToken = answer.refresh_token ?? '';

    const wider = await refreshWith(refreshToken, app.clientId, { scope: 'patient/*.rs offline_access' });
    expect(wider.body.error).toBe('invalid_scope');
    expect((await refreshWith(refreshToken, other.clientId)).body.error).toBe('invalid_grant');
    // The access token as a refresh token, by another app or its own: refused, and nothing revoked.
    expect((await refreshWith(answer.access_token, other.clientId)).body.error).toBe('invalid_grant');
    expect((await refreshWith(answer.access_token, app.clientId)).body.error).toBe('invalid_grant');
    expect((await fhirGet(t, '/Observation', bearer(answer.access_token))).status).toBe(200);

    const refreshed = await refreshWith(refreshToken, app.clientId);
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
  });

  it('a replayed authorization code revokes the tokens it gave, also when both arrive at once', async () => {
    const app = await publicApp(['patient/*.rs', 'offline_access']);
    const scope = 'patient/*.rs offline_access';
    const first = await launch(app.clientId, scope, patient.headers);
    const exchange = (code: string, verifier: string) =>
      token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: app.clientId,
      });
    expect((await exchange(first.code, first.verifier)).body.error).toBe('invalid_grant');
    expect((await fhirGet(t, '/Observation', bearer(first.access_token))).status).toBe(401);
    expect((await refreshWith(first.refresh_token ?? '', app.clientId)).body.error).toBe('invalid_grant');

    const { verifier, challenge } = pkce();
    const code = await approvedCode(app.clientId, scope, challenge, patient.headers);
    const both = await Promise.all([exchange(code, verifier), exchange(code, verifier)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 400]);
    const issued = both.find((a) => a.status === 200)?.body.access_token as string;
    expect((await fhirGet(t, '/Observation', bearer(issued))).status).toBe(401);
  });

  it('refuses a client_assertion beside another client_id, or issued in the future', async () => {
    const service = await registerBackendService(t, admin, ['system/*.rs'], 'attacker-test');
    const other = await publicApp(['patient/*.rs']);
    const mismatched = await token({
      ...clientCredentials(await service.assertion(randomUUID()), 'system/Patient.rs'),
      client_id: other.clientId,
    });
    expect(mismatched.status).toBe(401);
    expect(mismatched.body.error).toBe('invalid_client');

    const future = await token(
      clientCredentials(
        await service.assertion(randomUUID(), now() + 240, { iat: now() + 3600 }),
        'system/Patient.rs',
      ),
    );
    expect(future.body.error).toBe('invalid_client');
    expect(future.body.error_description).toContain('iat');
    // A minute of clock difference is taken.
    const skewed = await token(
      clientCredentials(
        await service.assertion(randomUUID(), now() + 240, { iat: now() + 30 }),
        'system/Patient.rs',
      ),
    );
    expect(skewed.status, JSON.stringify(skewed.body)).toBe(200);
  });

  it('refuses redirect URIs with direction overrides or zero-width characters', async () => {
    for (const uri of ['https://app.example/cb\u202Egpj.exe', 'https://app.example/c\u200Bb']) {
      const res = await register({
        name: 'Sly',
        kind: 'public',
        redirectUris: [uri],
        scopes: ['patient/*.rs'],
      });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(SINGLE_LINE_TEXT_MESSAGE);
    }
  });

  it('refuses a JWKS URL on this server’s own networks, at registration and when fetching', async () => {
    for (const jwksUrl of [
      'https://127.0.0.1/jwks.json',
      'https://localhost/jwks.json',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/jwks',
      'https://192.168.1.10/jwks',
      'https://[::1]/jwks',
      'https://[fd00::1]/jwks',
      'https://[::ffff:127.0.0.1]/jwks',
      'https://2130706433/jwks',
    ]) {
      const res = await register({ name: 'Inside', kind: 'backend', scopes: ['system/*.rs'], jwksUrl });
      expect(res.status, jwksUrl).toBe(400);
      expect(JSON.stringify(res.body)).toContain(SMART_MESSAGES.jwksUrlPrivate);
    }
    expect(
      (
        await register({
          name: 'Outside',
          kind: 'backend',
          scopes: ['system/*.rs'],
          jwksUrl: 'https://keys.example.org/jwks',
        })
      ).status,
    ).toBe(201);

    // Registered before the rule (or a name pointing inside): refused before any fetch.
    const [row] = await t.database.db
      .insert(smartApps)
      .values({
        name: 'Old',
        kind: 'backend',
        redirectUris: [],
        scopes: ['system/*.rs'],
        jwksUrl: 'https://127.0.0.1:9/jwks',
        createdAt: t.clock.now(),
      })
      .returning();
    const assertion = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES384', kid: 'x' })
      .setIssuer(row?.id ?? '')
      .setSubject(row?.id ?? '')
      .setAudience('http://localhost:3000/oauth/token')
      .setExpirationTime(now() + 60)
      .sign((await generateKeyPair('ES384')).privateKey);
    const fetched = await token(clientCredentials(assertion, 'system/Patient.rs'));
    expect(fetched.body.error).toBe('invalid_client');
    expect(fetched.body.error_description).toContain('not a public address');
  });
});
