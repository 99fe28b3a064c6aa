import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { signedIn, type TestApp } from './helpers';

/** Test support for the admin area: a small request client and the admin routes as a table. */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Headers = Record<string, string>;

/** Requests as one signed-in user (or anonymous without headers). */
export function client(t: TestApp, headers: Headers = {}) {
  const send = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  return {
    get: (url: string) => send('GET', url),
    post: (url: string, payload: object = {}) => send('POST', url, payload),
    put: (url: string, payload: object = {}) => send('PUT', url, payload),
    patch: (url: string, payload: object = {}) => send('PATCH', url, payload),
    delete: (url: string) => send('DELETE', url),
    send,
  };
}
export type Client = ReturnType<typeof client>;

/** A signed-in admin's client. */
export async function adminClient(t: TestApp) {
  const { headers, user } = await signedIn(t, 'admin');
  return Object.assign(client(t, headers), { user, headers });
}
export type AdminClient = Awaited<ReturnType<typeof adminClient>>;

/** Asserts a 400 whose error (and the named field's first message) is the contract's text. */
export function expectInvalid(res: LightMyRequestResponse, message: string | RegExp, field?: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ error: string; fieldErrors?: Record<string, string[]> }>();
  const text = field ? body.fieldErrors?.[field]?.[0] : body.error;
  if (typeof message === 'string') expect(text).toBe(message);
  else expect(text).toMatch(message);
}

const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** Every admin route: the role matrix and the completeness check are generated from it. */
export const ADMIN_ROUTES: ReadonlyArray<{ method: Method; url: string; path?: string }> = [
  { method: 'GET', url: '/api/admin/doctors' },
  { method: 'POST', url: '/api/admin/create/doctor' },
  { method: 'PATCH', url: '/api/admin/doctors/:id' },
  { method: 'GET', url: '/api/admin/nurses' },
  { method: 'POST', url: '/api/admin/nurses' },
  { method: 'PUT', url: '/api/admin/nurses/:id' },
  { method: 'PATCH', url: '/api/admin/nurses/:id' },
  { method: 'GET', url: '/api/admin/staff' },
  { method: 'POST', url: '/api/admin/staff' },
  { method: 'PATCH', url: '/api/admin/staff/:id' },
  { method: 'GET', url: '/api/admin/ambulances' },
  { method: 'POST', url: '/api/admin/ambulances' },
  { method: 'PUT', url: '/api/admin/ambulances/:id' },
  { method: 'PATCH', url: '/api/admin/ambulances/:id' },
  { method: 'GET', url: '/api/admin/patients' },
  { method: 'POST', url: '/api/admin/patients' },
  { method: 'GET', url: '/api/admin/patients/:id' },
  { method: 'PUT', url: '/api/admin/patients/:id' },
  { method: 'GET', url: '/api/admin/appointments' },
  { method: 'GET', url: '/api/admin/appointments/calendar' },
  { method: 'POST', url: '/api/admin/appointments' },
  { method: 'POST', url: '/api/admin/appointments/:id/reassign' },
  { method: 'GET', url: '/api/admin/beds' },
  { method: 'POST', url: '/api/admin/beds' },
  { method: 'PUT', url: '/api/admin/beds/:id' },
  { method: 'DELETE', url: '/api/admin/beds/:id' },
  { method: 'GET', url: '/api/admin/wards' },
  { method: 'POST', url: '/api/admin/wards' },
  { method: 'PUT', url: '/api/admin/wards/:id' },
  { method: 'DELETE', url: '/api/admin/wards/:id' },
  { method: 'GET', url: '/api/admin/emergency-room' },
  { method: 'POST', url: '/api/admin/emergency-room' },
  { method: 'PATCH', url: '/api/admin/emergency-room/:id' },
  { method: 'POST', url: '/api/admin/emergency-room/:id/admit' },
  { method: 'POST', url: '/api/admin/emergency-room/:id/link' },
  { method: 'GET', url: '/api/admin/queues' },
  { method: 'GET', url: '/api/admin/queues/board' },
  { method: 'POST', url: '/api/admin/queues' },
  { method: 'PATCH', url: '/api/admin/queues/:id' },
  { method: 'POST', url: '/api/admin/queues/:department/call-next' },
  { method: 'POST', url: '/api/admin/queues/:id/seen' },
  { method: 'GET', url: '/api/admin/events' },
  { method: 'GET', url: '/api/admin/summary' },
  { method: 'GET', url: '/api/admin/analytics' },
  { method: 'GET', url: '/api/admin/analytics/inpatient' },
  { method: 'GET', url: '/api/admin/analytics/lab' },
  { method: 'PUT', url: '/api/admin/settings/target-wait' },
  { method: 'PUT', url: '/api/admin/facility' },
  { method: 'GET', url: '/api/admin/facility/lab' },
  { method: 'PUT', url: '/api/admin/facility/lab' },
  { method: 'GET', url: '/api/admin/facility/pharmacy' },
  { method: 'PUT', url: '/api/admin/facility/pharmacy' },
  { method: 'GET', url: '/api/admin/lab-alerts' },
  { method: 'GET', url: '/api/admin/stats' },
  { method: 'GET', url: '/api/admin/demo-requests' },
  { method: 'GET', url: '/api/admin/audit' },
  { method: 'GET', url: '/api/admin/audit/actions' },
  { method: 'GET', url: '/api/admin/audit/export' },
  { method: 'GET', url: '/api/admin/outbox' },
  { method: 'GET', url: '/api/admin/messages' },
  { method: 'GET', url: '/api/admin/backups' },
  { method: 'POST', url: '/api/admin/backups' },
  { method: 'GET', url: '/api/admin/backups/:name/download' },
  { method: 'POST', url: '/api/admin/users/:id/two-factor/reset' },
  { method: 'DELETE', url: '/api/admin/users/:id/sessions' },
  { method: 'GET', url: '/api/admin/smart-apps' },
  { method: 'POST', url: '/api/admin/smart-apps' },
  { method: 'PATCH', url: '/api/admin/smart-apps/:id' },
  { method: 'GET', url: '/api/admin/lab-tests' },
  { method: 'GET', url: '/api/admin/lab-tests/:id' },
  { method: 'POST', url: '/api/admin/lab-tests' },
  { method: 'PUT', url: '/api/admin/lab-tests/:id' },
  { method: 'PUT', url: '/api/admin/lab-tests/:id/status' },
  { method: 'GET', url: '/api/admin/medicines' },
  { method: 'GET', url: '/api/admin/medicines/:id' },
  { method: 'POST', url: '/api/admin/medicines' },
  { method: 'PUT', url: '/api/admin/medicines/:id' },
  { method: 'PUT', url: '/api/admin/medicines/:id/status' },
  { method: 'POST', url: '/api/admin/payers' },
  { method: 'PUT', url: '/api/admin/payers/:id' },
  { method: 'PUT', url: '/api/admin/payers/:id/status' },
  { method: 'POST', url: '/api/admin/payers/:id/prices' },
  { method: 'GET', url: '/api/admin/refunds' },
  { method: 'POST', url: '/api/admin/refunds/:id/approve' },
  { method: 'POST', url: '/api/admin/refunds/:id/reject' },
  { method: 'POST', url: '/api/admin/billable-services' },
  { method: 'GET', url: '/api/admin/payers/:id/preauth-services' },
  { method: 'PUT', url: '/api/admin/payers/:id/preauth-services/:serviceId' },
];

/** A concrete URL for a route pattern. */
export const concrete = (url: string) =>
  url.replace(':id', SOME_ID).replace(':serviceId', SOME_ID).replace(':department', 'General');

/** Every paged admin list, for the shared list rules (allow-listed sort, limit cap, paging shape). */
export const ADMIN_LISTS = [
  '/api/admin/doctors',
  '/api/admin/nurses',
  '/api/admin/staff',
  '/api/admin/ambulances',
  '/api/admin/patients',
  '/api/admin/appointments',
  '/api/admin/beds',
  '/api/admin/wards',
  '/api/admin/emergency-room',
  '/api/admin/queues',
  '/api/admin/demo-requests',
  '/api/admin/audit',
  '/api/admin/outbox',
  '/api/admin/messages',
  '/api/admin/lab-tests',
] as const;
