import type { Handover, Ward, WardNotePage } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client } from '../../../test/admin';
import { createTestApp, serviceContext, signIn, type TestApp } from '../../../test/helpers';
import { seedDemoData } from '../../db/seed';
import { DEMO_PASSWORD } from '../../db/seed/accounts';

/* The demo nurse's first ward, as the demo shows it: notes on every patient, and a handover with news. */

let t: TestApp;
let nurse: Client;
beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  expect(await seedDemoData(serviceContext(t))).toBe(true);
  nurse = client(t, await signIn(t, { email: 'nurse@carepoint.example' }, DEMO_PASSWORD));
});
afterAll(() => t.close());

describe("the demo nurse's ward", () => {
  it('hands over patients with notes written in the last twelve hours, and notes of both kinds on every stay', async () => {
    const wards = (await nurse.get('/api/nurse/wards')).json<{ data: Ward[] }>().data;
    const ward = wards.find((w) => w.beds - w.freeBeds > 0);
    if (!ward) throw new Error('the demo nurse has no ward with patients');
    const handover = (await nurse.get(`/api/wards/${ward.id}/handover`)).json<Handover>();
    expect(handover.patients.length).toBeGreaterThan(0);
    expect(handover.nurses.length).toBeGreaterThan(0);
    expect(handover.changes.notes.length).toBeGreaterThan(0);
    for (const patient of handover.patients) {
      const notes = (await nurse.get(`/api/stays/${patient.stayId}/notes?limit=100`)).json<WardNotePage>();
      const kinds = new Set(notes.data.map((n) => n.kind));
      expect(kinds, patient.patientName).toEqual(new Set(['Nursing', 'Ward round']));
    }
  });
});
