import type { Bed, ErEntry } from '@carepoint/contract';
import {
  BED_MESSAGES,
  ER_MESSAGES,
  FRONT_DESK_MESSAGES,
  type PatientDetail,
  STAY_MESSAGES,
} from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, signedIn, type TestApp } from '../../../test/helpers';
import { auditEvents, stays } from '../../db/schema';

type Headers = { cookie: string };
let t: TestApp;
let admin: Headers;
let doctorId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t, 'admin')).headers;
  doctorId = (await createUser(t, 'doctor')).id;
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
    payload: { bedId, doctorId, reason: 'Chest pain', diagnosisCode: 'I10' },
  });

const bedById = async (id: string) => {
  const res = await t.app.inject({ url: '/api/admin/beds?limit=100', headers: admin });
  return res.json<{ data: Bed[] }>().data.find((b) => b.id === id);
};

describe('admitting from the emergency room to a bed', () => {
  it('admits into a stay under the doctor in charge and occupies the bed in one step; Edit Bed cannot take it away', async () => {
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
    const [stay] = await t.database.db.select().from(stays).where(eq(stays.erEntryId, entry.id));
    expect(stay).toMatchObject({
      status: 'Admitted',
      patientId: patient.id,
      bedId: bed.id,
      doctorId,
      admitSource: 'Emergency',
      reason: 'Chest pain',
      diagnosisCode: 'I10',
      diagnosisTitle: 'Essential (primary) hypertension',
    });
    // The stay holds the bed: it is freed by the ward's transfer or discharge, not by Edit Bed.
    const freed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/beds/${bed.id}`,
      headers: admin,
      payload: { label: bed.label, status: 'Free' },
    });
    expect(freed.statusCode).toBe(409);
    expect(freed.json().error).toBe(BED_MESSAGES.heldByStay);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/beds/${bed.id}`,
      headers: admin,
      payload: { label: `${bed.label} (window)`, status: 'Occupied', patientId: patient.id },
    });
    expect(renamed.statusCode).toBe(200);
  });

  it('asks for the doctor in charge and the reason, and refuses a doctor who is not one', async () => {
    const entry = await arrival((await createUser(t, 'patient')).id);
    const bed = await freeBed();
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/admin/emergency-room/${entry.id}/admit`,
      headers: admin,
      payload: { bedId: bed.id },
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().fieldErrors).toMatchObject({
      doctorId: [STAY_MESSAGES.doctorRequired],
      reason: [STAY_MESSAGES.reasonRequired],
    });
    const nurse = await createUser(t, 'nurse');
    const notADoctor = await t.app.inject({
      method: 'POST',
      url: `/api/admin/emergency-room/${entry.id}/admit`,
      headers: admin,
      payload: { bedId: bed.id, doctorId: nurse.id, reason: 'Fall' },
    });
    expect(notADoctor.statusCode).toBe(400);
    expect(notADoctor.json().fieldErrors).toEqual({ doctorId: [STAY_MESSAGES.doctorNotFound] });
    expect(await bedById(bed.id)).toMatchObject({ status: 'Free', patientId: null });
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
    expect(twice.json().error).toBe(STAY_MESSAGES.openStay);

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

const boardEntry = async (id: string) => {
  const res = await t.app.inject({ url: '/api/admin/emergency-room?limit=100', headers: admin });
  return res.json<{ data: ErEntry[] }>().data.find((e) => e.id === id);
};

const link = (id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/admin/emergency-room/${id}/link`, headers: admin, payload });

describe('admitting to a single-sex ward', () => {
  it('refuses a patient of the other sex and leaves both the bed and the arrival as they were', async () => {
    const ward = await t.app.inject({
      method: 'POST',
      url: '/api/admin/wards',
      headers: admin,
      payload: { name: 'Admit Female Ward', kind: 'General', sexRule: 'Female only' },
    });
    const bedRes = await t.app.inject({
      method: 'POST',
      url: '/api/admin/beds',
      headers: admin,
      payload: { label: 'Admit FW-1', wardId: ward.json<{ id: string }>().id },
    });
    const bed = bedRes.json<Bed>();
    const man = await createUser(t, 'patient', { gender: 'male' });
    const entry = await arrival(man.id);
    const refused = await admit(entry.id, bed.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(BED_MESSAGES.femaleOnly);
    expect(await bedById(bed.id)).toMatchObject({ status: 'Free', patientId: null });
    const woman = await createUser(t, 'patient', { gender: 'female' });
    expect((await admit((await arrival(woman.id)).id, bed.id)).statusCode).toBe(200);
  });
});

describe('one person on the board, in the bed and in the record', () => {
  it('names a linked arrival by the patient record, never by a typed name beside the link', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Efe', lastName: 'Okoro' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emergency-room',
      headers: admin,
      payload: { patientName: 'Mercy Onyeka', patientId: patient.id, triageLevel: 'High' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ErEntry>().patientName).toBe('Efe Okoro');

    // After admit, the board, the bed and the patient's record all name Efe Okoro.
    const bed = await freeBed();
    expect((await admit(res.json<ErEntry>().id, bed.id)).statusCode).toBe(200);
    expect((await boardEntry(res.json<ErEntry>().id))?.patientName).toBe('Efe Okoro');
    expect(await bedById(bed.id)).toMatchObject({ patientId: patient.id, patientName: 'Efe Okoro' });
    const record = await t.app.inject({ url: `/api/admin/patients/${patient.id}`, headers: admin });
    expect(record.json<PatientDetail>().patient.fullName).toBe('Efe Okoro');
    expect(record.json<PatientDetail>().bed?.label).toBe(bed.label);
  });

  it('refuses a new name for a linked arrival, and follows the patient when they are renamed', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Kemi', lastName: 'Bello' });
    const entry = await arrival(patient.id);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/emergency-room/${entry.id}`,
      headers: admin,
      payload: { patientName: 'Someone Else' },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({
      error: FRONT_DESK_MESSAGES.linkedNameFixed,
      fieldErrors: { patientName: [FRONT_DESK_MESSAGES.linkedNameFixed] },
    });
    // The database holds the rule for every writer, not only this API.
    await t.database.db.execute(
      sql`update er_entries set patient_name = 'Someone Else' where id = ${entry.id}`,
    );
    expect((await boardEntry(entry.id))?.patientName).toBe('Kemi Bello');
    await t.database.db.execute(sql`update users set last_name = 'Bello-Ade' where id = ${patient.id}`);
    expect((await boardEntry(entry.id))?.patientName).toBe('Kemi Bello-Ade');
  });

  it('links a walk-in to a registered patient once the match is confirmed, then admits them', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Tobi', lastName: 'Adewale' });
    const walkIn = await arrival(null);
    expect(walkIn.patientId).toBeNull();

    const unconfirmed = await link(walkIn.id, { patientId: patient.id });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().fieldErrors).toEqual({ confirmed: [FRONT_DESK_MESSAGES.confirmMatch] });
    const staff = await createUser(t, 'doctor');
    const notAPatient = await link(walkIn.id, { patientId: staff.id, confirmed: true });
    expect(notAPatient.statusCode).toBe(400);
    expect(notAPatient.json().error).toBe(ER_MESSAGES.patientNotFound);
    expect((await boardEntry(walkIn.id))?.patientId).toBeNull();

    const linked = await link(walkIn.id, { patientId: patient.id, confirmed: true });
    expect(linked.statusCode).toBe(200);
    expect(linked.json<ErEntry>()).toMatchObject({ patientId: patient.id, patientName: 'Tobi Adewale' });
    const twice = await link(walkIn.id, { patientId: (await createUser(t, 'patient')).id, confirmed: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(FRONT_DESK_MESSAGES.alreadyLinked);

    const bed = await freeBed();
    expect((await admit(walkIn.id, bed.id)).statusCode).toBe(200);
    expect(await bedById(bed.id)).toMatchObject({ patientId: patient.id, patientName: 'Tobi Adewale' });
    const left = await link(walkIn.id, { patientId: patient.id, confirmed: true });
    expect(left.statusCode).toBe(409);

    const [trail] = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'er.link'), eq(auditEvents.entityId, walkIn.id)));
    expect(trail?.details).toMatchObject({ typedName: 'Unnamed walk-in', patientName: 'Tobi Adewale' });
  });
});

describe('removing a bed', () => {
  it('removes a Free bed', async () => {
    const bed = await freeBed();
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/beds/${bed.id}`, headers: admin });
    expect(del.json()).toEqual({ ok: true });
    expect(await bedById(bed.id)).toBeUndefined();
  });
});
