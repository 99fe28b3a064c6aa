import type { CreateAppointmentInput } from '@carepoint/contract';
import { appointments } from '../src/db/schema';
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

/** A completed visit the day before the clock starts: the patient is then the doctor's patient. */
export const insertCompletedVisit = (t: TestApp, patientId: string, doctorId: string) =>
  t.database.db.insert(appointments).values({
    patientId,
    doctorId,
    title: 'Follow-up',
    priority: 'Medium',
    date: '2030-01-06',
    time: '10:00',
    startsAt: new Date('2030-01-06T09:00:00Z'),
    durationMinutes: 30,
    status: 'Completed',
  });
