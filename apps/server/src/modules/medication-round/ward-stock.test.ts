import {
  FORMULARY_MESSAGES,
  type Mar,
  MEDICATION_ROUND_MESSAGES,
  type MedicationOrder,
} from '@carepoint/contract';
import type { MedicationRequest } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import { expectValidFhir, fhirGet } from '../../../test/fhir';
import {
  createTestApp,
  createUser,
  serviceContext,
  signIn,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { admittedStay } from '../../../test/inpatient';
import { batchWithStock, medicine, wardStore } from '../../../test/pharmacy';
import { auditEvents, stockBalances, stockMovements } from '../../db/schema';
import { actingAs, actorOf } from '../../lib/context';
import { violatedCheck } from '../../lib/db-errors';
import { type Movement, move } from '../pharmacy-stock';

/*
 * Ward doses taking stock from the ward's store (issue 34 §4): a formulary order's dose given
 * takes its units first expiry first from the stay's ward store through the ledger, in the dose's
 * transaction; too little in date leaves the dose recorded with its shortfall; anything not given
 * takes nothing; two doses taking the last unit at once: one takes it. The test clock's today is
 * 2030-01-07 (10:00 in Lagos).
 */

let t: TestApp;
let doctor: Client & { user: TestUser };
let nurse: Client;
let nurse2: Client;
let pharmacist: TestUser;

const as = async (user: TestUser) => Object.assign(client(t, await signIn(t, user)), { user });

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  doctor = await as(await createUser(t, 'doctor'));
  nurse = await as(await createUser(t, 'nurse'));
  nurse2 = await as(await createUser(t, 'nurse'));
  pharmacist = await createUser(t, 'pharmacist');
});
afterAll(() => t.close());

/** 08:00 Lagos on the test day: two hours late, so it can be recorded. */
const EIGHT = '2030-01-07T07:00:00.000Z';

const ORDER = {
  dose: '1 g',
  route: 'Oral',
  kind: 'times',
  times: '08:00, 20:00',
  startsAt: '2030-01-07T06:00',
};

/** A ward with its store and an admitted stay on it, and a formulary medicine (500 mg tablets). */
async function wardWithPatient() {
  const store = await wardStore(t);
  if (!store.wardId) throw new Error('ward store without a ward');
  const stay = await admittedStay(t, { doctor: doctor.user, wardId: store.wardId });
  const med = await medicine(t, { strength: '500 mg', form: 'Tablet', dispensingUnit: 'tablet' });
  return { store, stay, med };
}

const stock = (medicineId: string, storeId: string, quantity: number, expiryDate?: string) =>
  batchWithStock(t, { medicineId, storeId, quantity, expiryDate, pharmacist });

async function order(stayId: string, body: Record<string, unknown>) {
  const res = await doctor.post(`/api/stays/${stayId}/medication-orders`, { ...ORDER, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<MedicationOrder>();
}
const give = (c: Client, orderId: string, body: Record<string, unknown> = {}) =>
  c.post(`/api/medication-orders/${orderId}/administrations`, {
    outcome: 'Given',
    scheduledFor: EIGHT,
    ...body,
  });

async function mar(stayId: string) {
  const res = await nurse.get(`/api/stays/${stayId}/mar?date=2030-01-07`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Mar>();
}

const balance = async (storeId: string, batchId: string) => {
  const [row] = await t.database.db
    .select({ quantity: stockBalances.quantity })
    .from(stockBalances)
    .where(and(eq(stockBalances.storeId, storeId), eq(stockBalances.batchId, batchId)));
  return row?.quantity;
};
const takesOf = (administrationId: string) =>
  t.database.db.select().from(stockMovements).where(eq(stockMovements.administrationId, administrationId));
const storeTakes = (storeId: string) =>
  t.database.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.storeId, storeId), eq(stockMovements.kind, 'administration')));

/** The nurse gives the order's dose; answers the response and the live topics it published. */
async function givenPublishing(orderId: string) {
  const published = vi.spyOn(t.app.events, 'publish');
  try {
    const res = await give(nurse, orderId);
    return [res, published.mock.calls.map(([topic]) => topic)] as const;
  } finally {
    published.mockRestore();
  }
}

describe('ordering from the formulary', () => {
  it('needs the units per dose with a formulary medicine, and an active one', async () => {
    const { stay, med } = await wardWithPatient();
    const url = `/api/stays/${stay.stayId}/medication-orders`;
    const picked = { ...ORDER, medicine: 'Paracetamol 500 mg Tablet', medicineId: med.id };
    expectInvalid(await doctor.post(url, picked), MEDICATION_ROUND_MESSAGES.unitsPerDose, 'unitsPerDose');
    expectInvalid(
      await doctor.post(url, { ...picked, unitsPerDose: 0 }),
      MEDICATION_ROUND_MESSAGES.unitsPerDose,
      'unitsPerDose',
    );
    expectInvalid(
      await doctor.post(url, { ...picked, medicineId: 'x', unitsPerDose: 2 }),
      'Invalid medicine',
      'medicineId',
    );
    const unknown = await doctor.post(url, {
      ...picked,
      medicineId: '00000000-0000-4000-8000-000000000009',
      unitsPerDose: 2,
    });
    expectInvalid(unknown, FORMULARY_MESSAGES.inactive, 'medicineId');
    const inactive = await medicine(t, { active: false });
    expectInvalid(
      await doctor.post(url, { ...picked, medicineId: inactive.id, unitsPerDose: 2 }),
      FORMULARY_MESSAGES.inactive,
      'medicineId',
    );
    const ordered = await order(stay.stayId, { ...picked, unitsPerDose: 2 });
    expect(ordered).toMatchObject({ medicineId: med.id, unitsPerDose: 2 });
    // Written outside the formulary: no medicine, no units (a stray count is not kept).
    const typed = await order(stay.stayId, { medicine: 'Grandma’s tonic', medicineId: '', unitsPerDose: 3 });
    expect(typed).toMatchObject({ medicineId: null, unitsPerDose: null });
  });
});

describe('a dose given takes stock from the ward store', () => {
  it('first expiry first, the ledger rows naming the dose, audited with it; the MAR shows what is left', async () => {
    const { store, stay, med } = await wardWithPatient();
    const soon = await stock(med.id, store.id, 1, '2030-03-31');
    const later = await stock(med.id, store.id, 10, '2030-12-31');
    const expired = await stock(med.id, store.id, 5, '2030-01-06');
    const o = await order(stay.stayId, {
      medicine: 'Paracetamol 500 mg Tablet',
      medicineId: med.id,
      unitsPerDose: 2,
    });
    let record = await mar(stay.stayId);
    // In date only: the expired batch's 5 are not there to give.
    expect(record.orders[0]?.wardStock).toEqual({ onHand: 11, dispensingUnit: 'tablet' });

    const [res, topics] = await givenPublishing(o.id);
    expect(res.statusCode, res.body).toBe(201);
    // The ward's board and the live stock screens both hear of it.
    expect(topics).toEqual(['wards', 'stock']);
    const dose = res.json<{ id: string; stockShortfall: boolean }>();
    expect(dose.stockShortfall).toBe(false);
    const rows = await takesOf(dose.id);
    expect(rows.map((r) => [r.batchId, r.kind, r.quantity, r.balanceAfter]).sort()).toEqual(
      [
        [soon.batch.id, 'administration', -1, 0],
        [later.batch.id, 'administration', -1, 9],
      ].sort(),
    );
    expect(rows.every((r) => r.storeId === store.id && r.operationId === rows[0]?.operationId)).toBe(true);
    expect(await balance(store.id, soon.batch.id)).toBe(0);
    expect(await balance(store.id, later.batch.id)).toBe(9);
    expect(await balance(store.id, expired.batch.id)).toBe(5);

    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'medication-administration.create'), eq(auditEvents.entityId, dose.id)),
      );
    expect(audited?.patientId).toBe(stay.patient.id);
    expect(audited?.details).toMatchObject({
      stock: { storeId: store.id, operationId: rows[0]?.operationId, takes: expect.any(Array) },
    });

    record = await mar(stay.stayId);
    expect(record.orders[0]?.wardStock?.onHand).toBe(9);
    expect(record.orders[0]?.doses[0]?.administration?.stockShortfall).toBe(false);
  });

  it('too little in date: the dose is recorded with its shortfall and takes nothing', async () => {
    const { store, stay, med } = await wardWithPatient();
    const one = await stock(med.id, store.id, 1);
    await stock(med.id, store.id, 10, '2030-01-06');
    const o = await order(stay.stayId, {
      medicine: 'Paracetamol 500 mg Tablet',
      medicineId: med.id,
      unitsPerDose: 2,
    });
    const [res, topics] = await givenPublishing(o.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().stockShortfall).toBe(true);
    expect(topics).toEqual(['wards']);
    expect(await storeTakes(store.id)).toHaveLength(0);
    expect(await balance(store.id, one.batch.id)).toBe(1);
    const dose = (await mar(stay.stayId)).orders[0]?.doses[0];
    expect(dose).toMatchObject({ state: 'Given', administration: { stockShortfall: true } });
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'medication-administration.create'),
          eq(auditEvents.entityId, res.json().id),
        ),
      );
    expect(audited?.details).toMatchObject({ stockShortfall: true });
  });

  it('a ward with no store yet: the shortfall, and the MAR says none is held', async () => {
    const stay = await admittedStay(t, { doctor: doctor.user });
    const med = await medicine(t);
    const o = await order(stay.stayId, {
      medicine: 'Amoxicillin 500 mg Capsule',
      medicineId: med.id,
      unitsPerDose: 1,
    });
    expect((await mar(stay.stayId)).orders[0]?.wardStock).toEqual({ onHand: 0, dispensingUnit: 'capsule' });
    const res = await give(nurse, o.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().stockShortfall).toBe(true);
  });

  it('held, refused and not available take nothing; nor does a medicine outside the formulary', async () => {
    const { store, stay, med } = await wardWithPatient();
    const { batch } = await stock(med.id, store.id, 10);
    const o = await order(stay.stayId, {
      medicine: 'Paracetamol 500 mg Tablet',
      medicineId: med.id,
      unitsPerDose: 1,
      kind: 'interval',
      everyHours: 1,
      times: undefined,
    });
    for (const [outcome, at] of [
      ['Held', '2030-01-07T05:00:00.000Z'],
      ['Refused', '2030-01-07T06:00:00.000Z'],
      ['Not available', '2030-01-07T07:00:00.000Z'],
    ] as const) {
      const res = await give(nurse, o.id, { outcome, scheduledFor: at, reason: 'Nil by mouth' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().stockShortfall).toBe(false);
    }
    const typed = await order(stay.stayId, { medicine: 'Paracetamol syrup' });
    expect((await give(nurse, typed.id)).json().stockShortfall).toBe(false);
    expect((await mar(stay.stayId)).orders.find((x) => x.id === typed.id)?.wardStock).toBeNull();
    expect(await storeTakes(store.id)).toHaveLength(0);
    expect(await balance(store.id, batch.id)).toBe(10);
  });

  it('the same dose recorded twice at once: one 409, and the stock taken once', async () => {
    const { store, stay, med } = await wardWithPatient();
    const { batch } = await stock(med.id, store.id, 10);
    const o = await order(stay.stayId, {
      medicine: 'Paracetamol 500 mg Tablet',
      medicineId: med.id,
      unitsPerDose: 2,
    });
    const answers = await Promise.all([give(nurse, o.id), give(nurse2, o.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().error).toBe(
      MEDICATION_ROUND_MESSAGES.alreadyRecorded,
    );
    expect(await storeTakes(store.id)).toHaveLength(1);
    expect(await balance(store.id, batch.id)).toBe(8);
  });

  it('two doses taking the last unit at the same moment: one takes it, the other is recorded short', async () => {
    const { store, stay, med } = await wardWithPatient();
    const other = await admittedStay(t, { doctor: doctor.user, wardId: stay.wardId });
    const { batch } = await stock(med.id, store.id, 1);
    const body = { medicine: 'Paracetamol 500 mg Tablet', medicineId: med.id, unitsPerDose: 1 };
    const [a, b] = [await order(stay.stayId, body), await order(other.stayId, body)];
    const answers = await Promise.all([give(nurse, a.id), give(nurse2, b.id)]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(answers.map((r) => r.json().stockShortfall).sort()).toEqual([false, true]);
    expect(await balance(store.id, batch.id)).toBe(0);
    const taken = await storeTakes(store.id);
    expect(taken).toHaveLength(1);
    expect(taken[0]?.administrationId).toBe(answers.find((r) => !r.json().stockShortfall)?.json().id);
  });
});

describe('the ledger holds to it', () => {
  it('refuses an administration row without its dose, and a dose’s take of an expired batch', async () => {
    const { store, med } = await wardWithPatient();
    const { batch } = await stock(med.id, store.id, 5);
    const expired = await stock(med.id, store.id, 5, '2030-01-06');
    const ctx = actingAs(serviceContext(t), actorOf({ ...pharmacist, mustChangePassword: false }));
    const refused = (movement: Movement) =>
      move(ctx, [movement]).then(
        () => 'written',
        (error: unknown) => violatedCheck(error),
      );
    const take = { kind: 'administration' as const, storeId: store.id, quantity: -1 };
    expect(await refused({ ...take, batchId: batch.id })).toBe('stock_movements_administration');
    // A real dose to name, so only the expiry can be what is refused.
    const { stay } = await wardWithPatient();
    const o = await order(stay.stayId, { medicine: 'Paracetamol', medicineId: med.id, unitsPerDose: 1 });
    const dose = (await give(nurse, o.id)).json<{ id: string }>();
    expect(await refused({ ...take, batchId: expired.batch.id, administrationId: dose.id })).toBe(
      'stock_movements_not_expired',
    );
    expect(await balance(store.id, batch.id)).toBe(5);
    expect(await balance(store.id, expired.batch.id)).toBe(5);
  });
});

describe('FHIR', () => {
  it('an order from the formulary names its Medication; one outside it keeps the words', async () => {
    const { stay, med } = await wardWithPatient();
    const picked = await order(stay.stayId, {
      medicine: 'Paracetamol 500 mg Tablet',
      medicineId: med.id,
      unitsPerDose: 2,
    });
    const typed = await order(stay.stayId, { medicine: 'Paracetamol syrup' });
    const headers = await signIn(t, doctor.user);
    const a = await fhirGet<MedicationRequest>(t, `/MedicationRequest/${picked.id}`, headers);
    expectValidFhir(a.body);
    expect(a.body.medicationReference).toEqual({
      reference: `Medication/${med.id}`,
      display: 'Paracetamol 500 mg Tablet',
    });
    expect(a.body.medicationCodeableConcept).toBeUndefined();
    const b = await fhirGet<MedicationRequest>(t, `/MedicationRequest/${typed.id}`, headers);
    expect(b.body.medicationCodeableConcept).toEqual({ text: 'Paracetamol syrup' });
    expect(b.body.medicationReference).toBeUndefined();
  });
});
