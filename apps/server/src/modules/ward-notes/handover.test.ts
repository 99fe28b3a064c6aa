import { type Handover, WARD_NOTE_MESSAGES } from '@carepoint/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import { createNurses, createTestApp, createUser, signedIn, type TestApp } from '../../../test/helpers';
import { type AdmittedStay, admittedStay } from '../../../test/inpatient';
import { auditEvents, beds, nurses, nurseWards, stayLocations, stays, users, wards } from '../../db/schema';

/*
 * The handover of one ward, read at 2030-01-07 09:00 UTC (the test clock): the default window is
 * the 12 hours since 21:00 the evening before.
 */

const HOUR = 3_600_000;
let t: TestApp;
let nurse: Client & { id: string };
let doctor: Client & { id: string };
let now: Date;
let wardId: string;
let otherWardId: string;
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);

/** A stay's move to a new bed of `toWard` at `at`, written as the transfer writes it. */
async function transfer(stay: AdmittedStay, toWard: string, at: Date) {
  const { db } = t.database;
  const label = `Moved ${stay.stayId.slice(0, 6)} ${at.getTime()}`;
  await db.update(beds).set({ status: 'Cleaning', patientId: null }).where(eq(beds.id, stay.bedId));
  const [bed] = await db
    .insert(beds)
    .values({ label, wardId: toWard, status: 'Occupied', patientId: stay.patient.id })
    .returning({ id: beds.id });
  if (!bed) throw new Error('bed not created');
  await db
    .update(stayLocations)
    .set({ toAt: at })
    .where(and(eq(stayLocations.stayId, stay.stayId), isNull(stayLocations.toAt)));
  await db
    .insert(stayLocations)
    .values({ stayId: stay.stayId, wardId: toWard, bedId: bed.id, bedLabel: label, fromAt: at });
  await db.update(stays).set({ wardId: toWard, bedId: bed.id }).where(eq(stays.id, stay.stayId));
  return { ...stay, wardId: toWard, bedId: bed.id, label };
}

async function discharge(stay: AdmittedStay, at: Date) {
  const { db } = t.database;
  await db.update(beds).set({ status: 'Cleaning', patientId: null }).where(eq(beds.id, stay.bedId));
  await db
    .update(stayLocations)
    .set({ toAt: at })
    .where(and(eq(stayLocations.stayId, stay.stayId), isNull(stayLocations.toAt)));
  await db
    .update(stays)
    .set({ status: 'Discharged', dischargedAt: at, dischargeDisposition: 'Home' })
    .where(eq(stays.id, stay.stayId));
}

/** Writes a note as `writer` with the clock at `at`, then puts the clock back. */
async function noteAt(at: Date, send: () => ReturnType<Client['post']>) {
  t.clock.set(at);
  const res = await send();
  t.clock.set(now);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

const handover = async (reader: Client, query = '') => {
  const res = await reader.get(`/api/wards/${wardId}/handover${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Handover>();
};

let longStay: AdmittedStay;
let newStay: AdmittedStay;
let arrived: AdmittedStay & { label: string };
let left: AdmittedStay;
let movedWithin: AdmittedStay & { label: string };
let gone: AdmittedStay;
let goneYesterday: AdmittedStay;
let oldNoteId: string;
let nursingNoteId: string;
let roundNoteId: string;
let onDuty: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  now = t.clock.now();
  const signedNurse = await signedIn(t, 'nurse');
  const signedDoctor = await signedIn(t, 'doctor');
  nurse = Object.assign(client(t, signedNurse.headers), { id: signedNurse.user.id });
  doctor = Object.assign(client(t, signedDoctor.headers), { id: signedDoctor.user.id });
  const [ward, other] = await t.database.db
    .insert(wards)
    .values([{ name: 'Handover Ward', kind: 'Surgical' }, { name: 'Handover Other Ward' }])
    .returning({ id: wards.id });
  if (!ward || !other) throw new Error('wards not created');
  wardId = ward.id;
  otherWardId = other.id;

  // Staff: two nurses on the ward (one on duty, one inactive account), one on the other ward only.
  const [dutyNurse, inactive, elsewhere] = await createNurses(t, [
    { fullName: 'Amaka Duty', email: 'amaka.duty@test.example', department: 'Surgery', status: 'On Duty' },
    { fullName: 'Bola Gone', email: 'bola.gone@test.example', department: 'Surgery' },
    { fullName: 'Chika Else', email: 'chika.else@test.example', department: 'Medicine' },
  ]);
  if (!dutyNurse || !inactive || !elsewhere) throw new Error('nurses not created');
  onDuty = dutyNurse;
  await t.database.db.update(users).set({ status: 'Inactive' }).where(eq(users.id, inactive.id));
  await t.database.db.insert(nurseWards).values([
    { nurseId: dutyNurse.id, wardId },
    { nurseId: inactive.id, wardId },
    { nurseId: elsewhere.id, wardId: otherWardId },
  ]);

  const born = await createUser(t, 'patient', { dateOfBirth: '1990-01-08' });
  longStay = await admittedStay(t, { wardId, admittedAt: ago(3 * 24 + 2), patient: born });
  newStay = await admittedStay(t, { wardId, admittedAt: ago(2) });
  arrived = await transfer(
    await admittedStay(t, { wardId: otherWardId, admittedAt: ago(48) }),
    wardId,
    ago(1),
  );
  left = await admittedStay(t, { wardId, admittedAt: ago(40) });
  await transfer(left, otherWardId, ago(0.5));
  movedWithin = await transfer(await admittedStay(t, { wardId, admittedAt: ago(30) }), wardId, ago(4));
  gone = await admittedStay(t, { wardId, admittedAt: ago(120) });
  await discharge(gone, ago(3));
  goneYesterday = await admittedStay(t, { wardId, admittedAt: ago(120) });
  await discharge(goneYesterday, ago(20));

  oldNoteId = await noteAt(ago(13), () =>
    nurse.post(`/api/stays/${longStay.stayId}/nursing-notes`, { text: 'Yesterday afternoon' }),
  );
  nursingNoteId = await noteAt(ago(6), () =>
    nurse.post(`/api/stays/${longStay.stayId}/nursing-notes`, {
      text: 'Comfortable night',
      category: 'Care given',
    }),
  );
  roundNoteId = await noteAt(ago(0.25), () =>
    doctor.post(`/api/stays/${newStay.stayId}/ward-round-notes`, {
      assessment: 'Post-op day 0',
      plan: 'Mobilise',
    }),
  );
  // A note on the other ward is that ward's.
  await noteAt(ago(2), () =>
    nurse.post(`/api/stays/${left.stayId}/nursing-notes`, { text: 'Settled on the new ward' }),
  );
});
afterAll(() => t.close());

describe("a ward's handover", () => {
  it('names who is on the ward: each occupied bed by bed, with age, days since admission, diagnosis and doctor', async () => {
    const h = await handover(nurse);
    expect(h.ward).toEqual({ id: wardId, name: 'Handover Ward', kind: 'Surgical' });
    expect(h.since).toBe(ago(12).toISOString());
    expect(h.until).toBe(now.toISOString());
    expect(h.patients.map((p) => p.stayId).sort()).toEqual(
      [longStay.stayId, newStay.stayId, arrived.stayId, movedWithin.stayId].sort(),
    );
    const labels = h.patients.map((p) => p.bedLabel ?? '');
    expect(labels).toEqual([...labels].sort());
    expect(h.patients.find((p) => p.stayId === longStay.stayId)).toMatchObject({
      patientId: longStay.patient.id,
      patientName: `${longStay.patient.firstName} ${longStay.patient.lastName}`,
      // Born 1990-01-08: 39 until tomorrow.
      age: 39,
      daysSinceAdmission: 3,
      diagnosis: { code: null, title: null, text: 'Pneumonia' },
      doctor: { id: longStay.doctor.id, name: `${longStay.doctor.firstName} ${longStay.doctor.lastName}` },
    });
    expect(h.patients.find((p) => p.stayId === newStay.stayId)).toMatchObject({
      age: null,
      daysSinceAdmission: 0,
    });
  });

  it("names the ward's nurses with their duty status, not inactive accounts nor other wards' nurses", async () => {
    const h = await handover(doctor);
    expect(h.nurses).toEqual([{ id: onDuty.id, name: 'Amaka Duty', dutyStatus: 'On Duty' }]);
    const [row] = await t.database.db
      .select({ status: nurses.status })
      .from(nurses)
      .where(eq(nurses.id, onDuty.id));
    expect(row?.status).toBe('On Duty');
  });

  it('lists what changed in the last 12 hours: admissions, moves in, out and within, discharges and notes', async () => {
    const h = await handover(nurse);
    expect(h.changes.admissions).toEqual([
      {
        stayId: newStay.stayId,
        patientName: expect.any(String),
        at: ago(2).toISOString(),
        bedLabel: expect.any(String),
      },
    ]);
    expect(h.changes.transfers).toEqual([
      expect.objectContaining({
        stayId: movedWithin.stayId,
        direction: 'Within',
        at: ago(4).toISOString(),
        toBedLabel: movedWithin.label,
      }),
      expect.objectContaining({
        stayId: arrived.stayId,
        direction: 'In',
        fromWardName: 'Handover Other Ward',
        toWardName: 'Handover Ward',
        toBedLabel: arrived.label,
      }),
      expect.objectContaining({
        stayId: left.stayId,
        direction: 'Out',
        fromWardName: 'Handover Ward',
        toWardName: 'Handover Other Ward',
      }),
    ]);
    expect(h.changes.discharges).toEqual([
      expect.objectContaining({ stayId: gone.stayId, at: ago(3).toISOString(), disposition: 'Home' }),
    ]);
    expect(h.changes.notes.map((n) => n.id)).toEqual([nursingNoteId, roundNoteId]);
    expect(h.changes.notesTotal).toBe(2);
    expect(h.changes.notes[0]).toMatchObject({
      kind: 'Nursing',
      text: 'Comfortable night',
      patientName: `${longStay.patient.firstName} ${longStay.patient.lastName}`,
      wardName: 'Handover Ward',
    });
    expect(h.changes.notes[1]).toMatchObject({
      kind: 'Ward round',
      assessment: 'Post-op day 0',
      plan: 'Mobilise',
    });
    // What is due: each patient on the ward, none with observations or orders in this test.
    expect(h.due.patients.map((d) => d.stayId)).toEqual(h.patients.map((p) => p.stayId));
    expect(h.due.patients.every((d) => d.news2 === null && d.doses.due === 0 && d.doses.overdue === 0)).toBe(
      true,
    );
  });

  it('looks further back when asked: since yesterday morning it holds the older discharge, admissions and note', async () => {
    const h = await handover(nurse, `?since=${encodeURIComponent(ago(24).toISOString())}`);
    expect(h.since).toBe(ago(24).toISOString());
    expect(h.changes.discharges.map((d) => d.stayId)).toEqual([goneYesterday.stayId, gone.stayId]);
    expect(h.changes.notes.map((n) => n.id)).toEqual([oldNoteId, nursingNoteId, roundNoteId]);
    // The stay admitted 30 hours ago is still outside; its move within the ward is inside.
    expect(h.changes.admissions.map((a) => a.stayId)).toEqual([newStay.stayId]);
    const wider = await handover(nurse, `?since=${encodeURIComponent(ago(45).toISOString())}`);
    expect(wider.changes.admissions.map((a) => a.stayId)).toEqual([
      left.stayId,
      movedWithin.stayId,
      newStay.stayId,
    ]);
  });

  it('refuses a since in the future, too far back or not a time', async () => {
    const get = (since: string) =>
      nurse.get(`/api/wards/${wardId}/handover?since=${encodeURIComponent(since)}`);
    expectInvalid(
      await get(new Date(now.getTime() + HOUR).toISOString()),
      WARD_NOTE_MESSAGES.sinceInFuture,
      'since',
    );
    expectInvalid(await get(ago(8 * 24).toISOString()), WARD_NOTE_MESSAGES.sinceTooEarly, 'since');
    expectInvalid(await get('yesterday'), WARD_NOTE_MESSAGES.sinceInvalid, 'since');
  });

  it('is for nurses, doctors and admins; a patient is refused; an unknown ward is a 404', async () => {
    const admin = client(t, (await signedIn(t, 'admin')).headers);
    expect((await admin.get(`/api/wards/${wardId}/handover`)).statusCode).toBe(200);
    const patient = client(t, (await signedIn(t, 'patient')).headers);
    expect((await patient.get(`/api/wards/${wardId}/handover`)).statusCode).toBe(403);
    expect((await client(t).get(`/api/wards/${wardId}/handover`)).statusCode).toBe(401);
    const missing = await nurse.get('/api/wards/00000000-0000-4000-8000-000000000000/handover');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: WARD_NOTE_MESSAGES.wardNotFound });
  });

  it('is audited once for each patient it names', async () => {
    await handover(doctor);
    const reads = await t.database.db
      .select({ patientId: auditEvents.patientId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'ward.handover'), eq(auditEvents.actorId, doctor.id)));
    const named = new Set(reads.map((r) => r.patientId));
    for (const stay of [longStay, newStay, arrived, left, movedWithin, gone])
      expect(named.has(stay.patient.id)).toBe(true);
  });
});
