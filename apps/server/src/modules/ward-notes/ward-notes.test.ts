import {
  INVALID_TEXT_MESSAGE,
  WARD_NOTE_MAX_LENGTH,
  WARD_NOTE_MESSAGES,
  type WardNote,
  type WardNotePage,
} from '@carepoint/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { type AdmittedStay, admittedStay } from '../../../test/inpatient';
import { auditEvents, stays, wardNotes } from '../../db/schema';

let t: TestApp;
let nurse: Client & { id: string };
let otherNurse: Client & { id: string };
let doctor: Client & { id: string };
let admin: Client;
let patient: Client;
let stay: AdmittedStay;

const as = async (role: 'nurse' | 'doctor' | 'admin' | 'patient') => {
  const signed = await signedIn(t, role);
  return Object.assign(client(t, signed.headers), { id: signed.user.id });
};

beforeAll(async () => {
  t = await createTestApp();
  [nurse, otherNurse, doctor, admin, patient] = [
    await as('nurse'),
    await as('nurse'),
    await as('doctor'),
    await as('admin'),
    await as('patient'),
  ];
  stay = await admittedStay(t);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const nursingUrl = (stayId: string) => `/api/stays/${stayId}/nursing-notes`;
const roundUrl = (stayId: string) => `/api/stays/${stayId}/ward-round-notes`;
const notesUrl = (stayId: string, query = '') => `/api/stays/${stayId}/notes${query}`;

async function written(res: { statusCode: number; body: string; json: <T>() => T }) {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<WardNote>();
}

describe('a nursing note', () => {
  it('is written by a nurse on an admitted stay, audited, and announced to the ward boards and the doctor in charge', async () => {
    const published = vi.spyOn(t.app.events, 'publish');
    const note = await written(
      await nurse.post(nursingUrl(stay.stayId), {
        text: '  Settled overnight.\nEating well.  ',
        category: 'Care given',
      }),
    );
    expect(note).toMatchObject({
      stayId: stay.stayId,
      kind: 'Nursing',
      category: 'Care given',
      text: 'Settled overnight.\nEating well.',
      subjective: null,
      plan: null,
      author: { id: nurse.id, role: 'nurse' },
      writtenAt: t.clock.now().toISOString(),
      correctsId: null,
      correctedBy: null,
    });
    expect(published).toHaveBeenCalledWith('wards', { doctorIds: [stay.doctor.id] });
    const trail = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, note.id), eq(auditEvents.action, 'ward-note.create')));
    expect(trail).toEqual([
      expect.objectContaining({ actorId: nurse.id, patientId: stay.patient.id, entityType: 'ward_note' }),
    ]);
  });

  it('is General when no category is given', async () => {
    const note = await written(await nurse.post(nursingUrl(stay.stayId), { text: 'Observations stable' }));
    expect(note.category).toBe('General');
  });

  it("refuses what the contract refuses, with the contract's messages on the field", async () => {
    expectInvalid(
      await nurse.post(nursingUrl(stay.stayId), { text: '   ' }),
      WARD_NOTE_MESSAGES.textRequired,
      'text',
    );
    expectInvalid(await nurse.post(nursingUrl(stay.stayId), {}), WARD_NOTE_MESSAGES.textRequired, 'text');
    expectInvalid(
      await nurse.post(nursingUrl(stay.stayId), { text: 'x'.repeat(WARD_NOTE_MAX_LENGTH + 1) }),
      WARD_NOTE_MESSAGES.tooLong,
      'text',
    );
    expectInvalid(
      await nurse.post(nursingUrl(stay.stayId), { text: 'ok', category: 'Gossip' }),
      WARD_NOTE_MESSAGES.categoryInvalid,
      'category',
    );
    expectInvalid(await nurse.post(nursingUrl(stay.stayId), { text: 'a\u0000b' }), INVALID_TEXT_MESSAGE);
    expectInvalid(
      await nurse.post(nursingUrl('not-a-stay'), { text: 'ok' }),
      WARD_NOTE_MESSAGES.stayNotFound,
      'stayId',
    );
    // The longest note allowed is kept whole.
    const longest = await written(
      await nurse.post(nursingUrl(stay.stayId), { text: 'y'.repeat(WARD_NOTE_MAX_LENGTH) }),
    );
    expect(longest.text).toHaveLength(WARD_NOTE_MAX_LENGTH);
  });
});

describe('a ward round note', () => {
  it('is written by a doctor in SOAP parts; parts left blank are not stored', async () => {
    const note = await written(
      await doctor.post(roundUrl(stay.stayId), {
        subjective: 'Feels better, less breathless',
        objective: 'Afebrile, sats 96% on air',
        assessment: '',
        plan: 'Switch to oral antibiotics',
      }),
    );
    expect(note).toMatchObject({
      kind: 'Ward round',
      category: null,
      text: null,
      subjective: 'Feels better, less breathless',
      objective: 'Afebrile, sats 96% on air',
      assessment: null,
      plan: 'Switch to oral antibiotics',
      author: { id: doctor.id, role: 'doctor' },
    });
  });

  it('needs at least one part, each within the limit', async () => {
    expectInvalid(
      await doctor.post(roundUrl(stay.stayId), {}),
      WARD_NOTE_MESSAGES.soapRequired,
      'subjective',
    );
    expectInvalid(
      await doctor.post(roundUrl(stay.stayId), {
        subjective: ' ',
        objective: '',
        assessment: '\n',
        plan: '',
      }),
      WARD_NOTE_MESSAGES.soapRequired,
      'subjective',
    );
    expectInvalid(
      await doctor.post(roundUrl(stay.stayId), { plan: 'p'.repeat(WARD_NOTE_MAX_LENGTH + 1) }),
      WARD_NOTE_MESSAGES.tooLong,
      'plan',
    );
    expect((await doctor.post(roundUrl(stay.stayId), { assessment: 'Improving' })).statusCode).toBe(201);
  });
});

describe('who may write and read notes', () => {
  it('lets nurses write nursing notes and doctors ward round notes, and nobody else', async () => {
    const nursing = { text: 'A note' };
    const round = { plan: 'A plan' };
    expect((await doctor.post(nursingUrl(stay.stayId), nursing)).statusCode).toBe(403);
    expect((await admin.post(nursingUrl(stay.stayId), nursing)).statusCode).toBe(403);
    expect((await patient.post(nursingUrl(stay.stayId), nursing)).statusCode).toBe(403);
    expect((await client(t).post(nursingUrl(stay.stayId), nursing)).statusCode).toBe(401);
    expect((await nurse.post(roundUrl(stay.stayId), round)).statusCode).toBe(403);
    expect((await admin.post(roundUrl(stay.stayId), round)).statusCode).toBe(403);
    expect((await patient.post(roundUrl(stay.stayId), round)).statusCode).toBe(403);
    expect((await client(t).post(roundUrl(stay.stayId), round)).statusCode).toBe(401);
  });

  it('lets nurses, doctors and admins read the notes; the patient is refused, even their own', async () => {
    for (const reader of [nurse, doctor, admin])
      expect((await reader.get(notesUrl(stay.stayId))).statusCode).toBe(200);
    expect((await patient.get(notesUrl(stay.stayId))).statusCode).toBe(403);
    const own = client(t, (await signedIn(t, 'patient')).headers);
    const ownStay = await admittedStay(t);
    expect((await own.get(notesUrl(ownStay.stayId))).statusCode).toBe(403);
    expect((await client(t).get(notesUrl(stay.stayId))).statusCode).toBe(401);
  });

  it('answers 404 for a stay that does not exist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await nurse.get(notesUrl(unknown))).json()).toMatchObject({
      code: 'NOT_FOUND',
      error: WARD_NOTE_MESSAGES.stayNotFound,
    });
    expect((await nurse.post(nursingUrl(unknown), { text: 'x' })).statusCode).toBe(404);
    expect((await doctor.post(roundUrl(unknown), { plan: 'x' })).statusCode).toBe(404);
  });
});

describe('a stay that is not admitted', () => {
  it('takes no new note, but its notes stay readable', async () => {
    const ended = await admittedStay(t);
    await written(await nurse.post(nursingUrl(ended.stayId), { text: 'Ready to go home' }));
    await t.database.db
      .update(stays)
      .set({ status: 'Discharged', dischargedAt: t.clock.now(), dischargeDisposition: 'Home' })
      .where(eq(stays.id, ended.stayId));
    for (const res of [
      await nurse.post(nursingUrl(ended.stayId), { text: 'Too late' }),
      await doctor.post(roundUrl(ended.stayId), { plan: 'Too late' }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'STAY_NOT_ADMITTED', error: WARD_NOTE_MESSAGES.notAdmitted });
    }
    // The notes written during the stay stay readable after it.
    const page = (await doctor.get(notesUrl(ended.stayId))).json<WardNotePage>();
    expect(page.data.map((n) => n.text)).toEqual(['Ready to go home']);
  });
});

describe("a stay's notes", () => {
  it('come newest first, of one kind or both, a page at a time, with the stay they belong to; each read is audited', async () => {
    const fresh = await admittedStay(t);
    const ids: string[] = [];
    for (const [i, send] of [
      () => nurse.post(nursingUrl(fresh.stayId), { text: 'First' }),
      () => doctor.post(roundUrl(fresh.stayId), { subjective: 'Second' }),
      () => nurse.post(nursingUrl(fresh.stayId), { text: 'Third' }),
    ].entries()) {
      t.clock.advance(60_000 * (i + 1));
      ids.push((await written(await send())).id);
    }
    const all = (await admin.get(notesUrl(fresh.stayId))).json<WardNotePage>();
    expect(all.data.map((n) => n.id)).toEqual([...ids].reverse());
    const nursing = (await nurse.get(notesUrl(fresh.stayId, '?kind=Nursing'))).json<WardNotePage>();
    expect(nursing.data.map((n) => n.text)).toEqual(['Third', 'First']);
    const round = (await nurse.get(notesUrl(fresh.stayId, '?kind=Ward%20round'))).json<WardNotePage>();
    expect(round.data.map((n) => n.subjective)).toEqual(['Second']);
    const second = (await nurse.get(notesUrl(fresh.stayId, '?limit=2&page=2'))).json<WardNotePage>();
    expect(second.data.map((n) => n.id)).toEqual([ids[0]]);
    expect(second.pagination).toMatchObject({ total: 3, totalPages: 2 });
    expectInvalid(await nurse.get(notesUrl(fresh.stayId, '?kind=Other')), /Kind must be one of/, 'kind');
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, fresh.stayId), eq(auditEvents.action, 'ward-note.list')));
    expect(reads.length).toBeGreaterThanOrEqual(4);
    expect(reads[0]).toMatchObject({ patientId: fresh.patient.id, entityType: 'stay' });
  });
});

describe('a note once written', () => {
  it('cannot be changed or removed, even straight in the database', async () => {
    const note = await written(await nurse.post(nursingUrl(stay.stayId), { text: 'As written' }));
    await expect(
      t.database.db.update(wardNotes).set({ text: 'Rewritten' }).where(eq(wardNotes.id, note.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(wardNotes).where(eq(wardNotes.id, note.id))).rejects.toThrow();
    const [row] = await t.database.db.select().from(wardNotes).where(eq(wardNotes.id, note.id));
    expect(row?.text).toBe('As written');
  });

  it('is put right by a correction from its author, which the note then names', async () => {
    const fresh = await admittedStay(t);
    const wrong = await written(await nurse.post(nursingUrl(fresh.stayId), { text: 'Pulse 140' }));
    t.clock.advance(60_000);
    const right = await written(
      await nurse.post(nursingUrl(fresh.stayId), { text: 'Pulse 104 (not 140)', correctsId: wrong.id }),
    );
    expect(right.correctsId).toBe(wrong.id);
    const page = (await doctor.get(notesUrl(fresh.stayId))).json<WardNotePage>();
    expect(page.data).toEqual([
      expect.objectContaining({ id: right.id, correctedBy: null }),
      expect.objectContaining({
        id: wrong.id,
        text: 'Pulse 140',
        correctedBy: { id: right.id, writtenAt: right.writtenAt },
      }),
    ]);
    // A correction is corrected in turn, never the same note twice.
    const again = await nurse.post(nursingUrl(fresh.stayId), { text: 'Pulse 100', correctsId: wrong.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'NOTE_ALREADY_CORRECTED',
      fieldErrors: { correctsId: [WARD_NOTE_MESSAGES.alreadyCorrected] },
    });
    expect(
      (await nurse.post(nursingUrl(fresh.stayId), { text: 'Pulse 100', correctsId: right.id })).statusCode,
    ).toBe(201);
  });

  it('is corrected only by its author, on its stay, as the same kind', async () => {
    const fresh = await admittedStay(t);
    const elsewhere = await admittedStay(t);
    const nursing = await written(await nurse.post(nursingUrl(fresh.stayId), { text: 'Mine' }));
    const round = await written(await doctor.post(roundUrl(fresh.stayId), { plan: 'Mine too' }));
    expectInvalid(
      await otherNurse.post(nursingUrl(fresh.stayId), { text: 'Yours', correctsId: nursing.id }),
      WARD_NOTE_MESSAGES.correctsOthers,
      'correctsId',
    );
    expectInvalid(
      await nurse.post(nursingUrl(elsewhere.stayId), { text: 'Wrong stay', correctsId: nursing.id }),
      WARD_NOTE_MESSAGES.correctsNotFound,
      'correctsId',
    );
    expectInvalid(
      await nurse.post(nursingUrl(fresh.stayId), { text: 'Wrong kind', correctsId: round.id }),
      WARD_NOTE_MESSAGES.correctsNotFound,
      'correctsId',
    );
    expectInvalid(
      await nurse.post(nursingUrl(fresh.stayId), {
        text: 'No such',
        correctsId: '00000000-0000-4000-8000-000000000000',
      }),
      WARD_NOTE_MESSAGES.correctsNotFound,
      'correctsId',
    );
    // The database holds the same rule, whatever writes the row.
    await expect(
      t.database.db.insert(wardNotes).values({
        stayId: elsewhere.stayId,
        wardId: elsewhere.wardId,
        kind: 'Nursing',
        category: 'General',
        text: 'Sneaked in',
        authorId: nurse.id,
        correctsId: nursing.id,
      }),
    ).rejects.toThrow();
  });

  it('is corrected once when two corrections are sent at the same moment', async () => {
    const fresh = await admittedStay(t);
    const wrong = await written(await doctor.post(roundUrl(fresh.stayId), { plan: 'Discharge today' }));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        doctor.post(roundUrl(fresh.stayId), { plan: `Discharge tomorrow (${i})`, correctsId: wrong.id }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(wardNotes)
      .where(eq(wardNotes.correctsId, wrong.id));
    expect(n).toBe(1);
  });

  it('keeps every one of many notes written at once', async () => {
    const fresh = await admittedStay(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => nurse.post(nursingUrl(fresh.stayId), { text: `Round ${i}` })),
    );
    expect(answers.every((a) => a.statusCode === 201)).toBe(true);
    const page = (await nurse.get(notesUrl(fresh.stayId))).json<WardNotePage>();
    expect(page.pagination.total).toBe(8);
  });
});
