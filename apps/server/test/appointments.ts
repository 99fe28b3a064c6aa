import type { CreateAppointmentInput } from '@carepoint/contract';
import type { TestApp } from './helpers';

/** Shared by the patient-area API tests: the test clock starts on Monday 2030-01-07 09:00 UTC. */
export const MONDAY = '2030-01-07';
export const TUESDAY = '2030-01-08';
export const SATURDAY = '2030-01-12';
export const SUNDAY = '2030-01-13';

export const booking = (fields: Partial<CreateAppointmentInput> = {}): CreateAppointmentInput => ({
  title: 'Check-up',
  priority: 'Medium',
  date: TUESDAY,
  time: '10:30',
  notes: 'Bring results',
  ...fields,
});

type Headers = { cookie: string };

export const book = (t: TestApp, headers: Headers, fields: Partial<CreateAppointmentInput> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/patient/appointments', headers, payload: booking(fields) });

export const setStatus = (t: TestApp, headers: Headers, id: string, status: string, reason?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/appointments/${id}/status`,
    headers,
    payload: { status, reason },
  });
