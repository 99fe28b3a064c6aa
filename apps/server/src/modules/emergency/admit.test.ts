import type { Bed, ErEntry } from '@carepoint/contract';
import { BED_MESSAGES, FRONT_DESK_MESSAGES } from '@carepoint/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../test/helpers';

type Headers = { cookie: string };
let t: TestApp;
let admin: Headers;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
});
afterAll(() => t.close());

let beds = 0;
async function freeBed() {
  beds += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/beds',
    headers: admin,
    payload: { label: `Admit ${beds}` },
  });
  return res.json<Bed>();
}

async function arrival(patientId: string | null) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/emergency-room',
    headers: admin,
    payload: { patientName: patientId ? '' : 'Unnamed walk-in', patientId, triageLevel: 'High' },
  });
  return res.json<ErEntry>();
}

const admit = (id: string, bedId: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/emergency-room/${id}/admit`,
    headers: admin,
    payload: { bedId },
  });

const bedById = async (id: string) => {
  const res = await t.app.inject({ url: '/api/admin/beds?limit=100', headers: admin });
  return res.json<{ data: Bed[] }>().data.find((b) => b.id === id);
};

describe('admitting from the emergency room to a bed', () => {
  it('admits and occupies the bed with the patient in one step; freeing it later works', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Ifeoma', lastName: 'Nnadi' });
    const bed = await freeBed();
    const entry = await arrival(patient.id);
    const res = await admit(entry.id, bed.id);
    expect(res.statusCode).toBe(200);
    expect(res.json<ErEntry>()).toMatchObject({ status: 'Admitted' });
    expect(res.json<ErEntry>().leftAt).not.toBeNull();
    expect(await bedById(bed.id)).toMatchObject({
      status: 'Occupied',
      patientId: patient.id,
      patientName: 'Ifeoma Nnadi',
    });
    const freed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/beds/${bed.id}`,
      headers: admin,
      payload: { label: bed.label, status: 'Free' },
    });
    expect(freed.json<Bed>()).toMatchObject({ status: 'Free', patientId: null });
  });

  it('refuses an occupied bed, an unlinked walk-in, a patient already in a bed and a final entry', async () => {
    const patient = await createUser(t, 'patient');
    const bed = await freeBed();
    const first = await arrival(patient.id);
    expect((await admit(first.id, bed.id)).statusCode).toBe(200);

    const other = await createUser(t, 'patient');
    const second = await arrival(other.id);
    const taken = await admit(second.id, bed.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: FRONT_DESK_MESSAGES.bedNotFree,
      fieldErrors: { bedId: [FRONT_DESK_MESSAGES.bedNotFree] },
    });
    // Refused: the entry is still Waiting.
    const board = await t.app.inject({ url: '/api/admin/emergency-room?limit=100', headers: admin });
    expect(board.json<{ data: ErEntry[] }>().data.find((e) => e.id === second.id)?.status).toBe('Waiting');

    const walkIn = await arrival(null);
    const unlinked = await admit(walkIn.id, (await freeBed()).id);
    expect(unlinked.json().error).toBe(FRONT_DESK_MESSAGES.admitNeedsPatient);

    const again = await arrival(patient.id);
    const twice = await admit(again.id, (await freeBed()).id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(BED_MESSAGES.patientInAnotherBed);

    expect((await admit(first.id, (await freeBed()).id)).statusCode).toBe(409);
    expect((await admit(second.id, '00000000-0000-4000-8000-00000000beef')).statusCode).toBe(400);
  });

  it('gives one bed to exactly one of several parallel admits', async () => {
    const bed = await freeBed();
    const entries = await Promise.all(
      [1, 2, 3].map(async () => arrival((await createUser(t, 'patient')).id)),
    );
    const results = await Promise.all(entries.map((e) => admit(e.id, bed.id)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = entries[results.findIndex((r) => r.statusCode === 200)];
    expect((await bedById(bed.id))?.patientId).toBe(winner?.patientId);
  });
});

describe('removing a bed', () => {
  it('removes a Free bed; an occupied one stays', async () => {
    const bed = await freeBed();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/beds/${bed.id}`, headers: admin });
    expect(del.json()).toEqual({ ok: true });
    expect(await bedById(bed.id)).toBeUndefined();
  });
});
