import { randomUUID } from 'node:crypto';
import {
  type Account,
  type BillingPatient,
  type CashierDay,
  PAYMENT_MESSAGES as M,
  type Receipt,
  type Refund,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminClient, adminClient, client, expectInvalid } from '../../../test/admin';
import { charge } from '../../../test/billing';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { auditEvents, cashierDays, idempotencyKeys, payers, payments } from '../../db/schema';
import { purgeOldKeys } from './idempotency';

/*
 * Payments, deposits, refunds and the day's close (docs/areas/billing-payments.md): one payment per
 * Idempotency-Key under parallel requests, a key reused with another body, the balance's
 * arithmetic, a closed day refusing receipts (in the database), refund approval by an
 * administrator only, receipt numbers unique under parallel payments, bad input and who may do what.
 */

let t: TestApp;
let admin: AdminClient;
let selfPayId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  const [row] = await t.database.db.select({ id: payers.id }).from(payers).where(eq(payers.kind, 'self-pay'));
  if (!row) throw new Error('no self-pay');
  selfPayId = row.id;
});
afterAll(() => t.close());

/** A new cashier's client (each test its own, so its day is its own). */
const newCashier = async () => {
  const { headers, user } = await signedIn(t, 'cashier');
  return Object.assign(client(t, headers), { user, headers });
};

/** A patient who owes `owed` kobo (one self-pay charge), or nothing. */
const patientOwing = async (owed = 0): Promise<TestUser> => {
  const patient = await createUser(t, 'patient');
  if (owed > 0) await charge(t, patient.id, { amount: owed, payerId: selfPayId });
  return patient;
};

type Cashier = Awaited<ReturnType<typeof newCashier>>;

const pay = (
  cashier: Cashier,
  patientId: string,
  body: object,
  key: string = randomUUID(),
  kind: 'payments' | 'deposits' = 'payments',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/billing/patients/${patientId}/${kind}`,
    headers: { ...cashier.headers, 'idempotency-key': key },
    payload: body,
  });

const account = async (patientId: string) => {
  const res = await admin.get(`/api/billing/patients/${patientId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Account>();
};

describe('taking a payment once, whatever the network does', () => {
  it('N parallel requests with one key take one payment, and all answer it', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(50_000);
    const key = randomUUID();
    const body = { amount: 20_000, method: 'cash' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => pay(cashier, patient.id, body, key)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const receipts = answers.map((res) => res.json<Receipt>());
    expect(new Set(receipts.map((r) => r.id)).size).toBe(1);
    expect(new Set(receipts.map((r) => r.number)).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(7);
    const stored = await t.database.db.select().from(payments).where(eq(payments.patientId, patient.id));
    expect(stored).toHaveLength(1);
    expect((await account(patient.id)).balance).toBe(30_000);
    // A retry later, as after a lost answer: the same receipt again.
    const retry = await pay(cashier, patient.id, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json<Receipt>().id).toBe(receipts[0]?.id);
  });

  it('answers 422 for the key reused with a different body; another cashier may use the same key', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(50_000);
    const key = randomUUID();
    expect((await pay(cashier, patient.id, { amount: 10_000, method: 'cash' }, key)).statusCode).toBe(201);
    const reused = await pay(cashier, patient.id, { amount: 12_000, method: 'cash' }, key);
    expect(reused.statusCode, reused.body).toBe(422);
    expect(reused.json<{ error: string }>().error).toBe(M.keyReused);
    const asDeposit = await pay(cashier, patient.id, { amount: 10_000, method: 'cash' }, key, 'deposits');
    expect(asDeposit.statusCode).toBe(422);
    // The key is the cashier's own: another cashier's same key is another payment.
    const other = await newCashier();
    expect((await pay(other, patient.id, { amount: 10_000, method: 'cash' }, key)).statusCode).toBe(201);
    expect((await account(patient.id)).balance).toBe(30_000);
  });

  it('keeps a key a week: an older one is purged, a newer one still answers its retry', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(50_000);
    const [old, recent] = [randomUUID(), randomUUID()];
    const body = { amount: 5_000, method: 'cash' };
    for (const key of [old, recent]) expect((await pay(cashier, patient.id, body, key)).statusCode).toBe(201);
    const daysAgo = (days: number) => new Date(t.clock.now().getTime() - days * 24 * 60 * 60 * 1000);
    const keyed = (key: string) =>
      and(eq(idempotencyKeys.actorId, cashier.user.id), eq(idempotencyKeys.key, key));
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: daysAgo(8) })
      .where(keyed(old));
    await t.database.db
      .update(idempotencyKeys)
      .set({ createdAt: daysAgo(6) })
      .where(keyed(recent));
    expect(await purgeOldKeys(serviceContext(t))).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.actorId, cashier.user.id));
    expect(left.map((row) => row.key)).toEqual([recent]);
    const retry = await pay(cashier, patient.id, body, recent);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await account(patient.id)).balance).toBe(40_000);
  });

  it('refuses a payment without a key, or with a key that is not a token', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(10_000);
    const without = await cashier.post(`/api/billing/patients/${patient.id}/payments`, {
      amount: 1_000,
      method: 'cash',
    });
    expect(without.statusCode).toBe(400);
    expect(
      (await pay(cashier, patient.id, { amount: 1_000, method: 'cash' }, 'x'.repeat(101))).statusCode,
    ).toBe(400);
    expect((await pay(cashier, patient.id, { amount: 1_000, method: 'cash' }, 'bad key')).statusCode).toBe(
      400,
    );
  });
});

describe('receipt numbers', () => {
  it('are RCT-YYYY-NNNNNN, unique and consecutive under parallel payments', async () => {
    const cashier = await newCashier();
    const patients = await Promise.all(Array.from({ length: 6 }, () => patientOwing(5_000)));
    const answers = await Promise.all(
      patients.map((p) => pay(cashier, p.id, { amount: 5_000, method: 'pos', reference: 'POS-1' })),
    );
    const numbers = answers.map((res) => {
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Receipt>().number;
    });
    for (const n of numbers) expect(n).toMatch(/^RCT-2030-\d{6}$/);
    expect(new Set(numbers).size).toBe(6);
    const sequence = numbers.map((n) => Number(n.slice(-6)));
    expect(Math.max(...sequence) - Math.min(...sequence)).toBe(5);
  });
});

describe('the balance', () => {
  it('is the active charges less payments, less deposits drawn down, plus refunds', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(100_000);
    await charge(t, patient.id, { amount: 20_000, payerId: selfPayId });
    expect(await account(patient.id)).toMatchObject({ charged: 120_000, balance: 120_000, depositsHeld: 0 });

    const paid = await pay(cashier, patient.id, { amount: 50_000, method: 'transfer', reference: 'TRF-889' });
    expect(paid.json<Receipt>()).toMatchObject({
      balanceAfter: 70_000,
      method: 'transfer',
      reference: 'TRF-889',
    });
    const deposit = await pay(
      cashier,
      patient.id,
      { amount: 60_000, method: 'cash' },
      randomUUID(),
      'deposits',
    );
    expect(deposit.statusCode, deposit.body).toBe(201);
    expect(deposit.json<Receipt>().balanceAfter).toBe(70_000);
    expect(await account(patient.id)).toMatchObject({ balance: 70_000, depositsHeld: 60_000 });

    const drawn = await cashier.post(`/api/billing/patients/${patient.id}/drawdowns`, { amount: 40_000 });
    expect(drawn.statusCode, drawn.body).toBe(200);
    expect(drawn.json<Account>()).toMatchObject({
      paid: 50_000,
      applied: 40_000,
      balance: 30_000,
      depositsHeld: 20_000,
    });

    // A payment over the balance is refused (the rest is a deposit); so is drawing down more than is held or owed.
    const over = await pay(cashier, patient.id, { amount: 30_001, method: 'cash' });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.amount?.[0]).toBe(
      M.overBalance('₦300.00'),
    );
    expect(
      (await cashier.post(`/api/billing/patients/${patient.id}/drawdowns`, { amount: 20_001 })).statusCode,
    ).toBe(409);

    // A refund approved of the payment puts it back on the balance.
    const receipt = paid.json<Receipt>();
    const asked = await cashier.post(`/api/billing/receipts/${receipt.id}/refunds`, {
      amount: 10_000,
      reason: 'Charged twice for the same consultation',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect((await account(patient.id)).balance).toBe(30_000);
    const approved = await admin.post(`/api/admin/refunds/${asked.json<Refund>().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await account(patient.id)).toMatchObject({ paid: 40_000, balance: 40_000 });

    // Paying off the rest leaves nothing owed; another payment is then refused.
    expect(
      (await pay(cashier, patient.id, { amount: 40_000, method: 'cash' })).json<Receipt>().balanceAfter,
    ).toBe(0);
    const nothing = await pay(cashier, patient.id, { amount: 100, method: 'cash' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json<{ error: string }>().error).toBe(M.nothingOwed);
  });

  it('parallel payments cannot together pay more than the balance', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(30_000);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => pay(cashier, patient.id, { amount: 10_000, method: 'cash' })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(2);
    expect((await account(patient.id)).balance).toBe(0);
  });

  it('lists patients who owe, largest first, and finds them by name or record number', async () => {
    const small = await patientOwing(1_000);
    const large = await patientOwing(9_000_000);
    const cashier = await newCashier();
    const owing = (await cashier.get('/api/billing/patients?owing=true&limit=100')).json<{
      data: BillingPatient[];
    }>();
    const ids = owing.data.map((p) => p.id);
    expect(ids.indexOf(large.id)).toBeLessThan(ids.indexOf(small.id));
    expect(owing.data.every((p) => p.balance > 0)).toBe(true);
    const found = await cashier.get(`/api/billing/patients?q=${large.recordNumber}`);
    expect(found.json<{ data: BillingPatient[] }>().data.map((p) => p.id)).toEqual([large.id]);
    expect(found.json<{ data: BillingPatient[] }>().data[0]?.balance).toBe(9_000_000);
  });
});

describe('the day', () => {
  it('closes with the counted cash and its difference; a closed day refuses receipts, in the database too', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(100_000);
    await pay(cashier, patient.id, { amount: 30_000, method: 'cash' });
    await pay(cashier, patient.id, { amount: 20_000, method: 'pos', reference: 'POS-77' });
    await pay(cashier, patient.id, { amount: 5_000, method: 'cash' }, randomUUID(), 'deposits');
    const open = (await cashier.get('/api/billing/day')).json<CashierDay>();
    expect(open).toMatchObject({
      status: 'open',
      totals: { cash: 35_000, pos: 20_000, transfer: 0 },
      expectedCash: 35_000,
      receipts: 3,
    });

    const closed = await cashier.post('/api/billing/day/close', { countedCash: 34_500 });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<CashierDay>()).toMatchObject({
      status: 'closed',
      expectedCash: 35_000,
      difference: -500,
    });

    const refused = await pay(cashier, patient.id, { amount: 1_000, method: 'cash' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(M.dayClosed);
    expect((await cashier.post('/api/billing/day/close', { countedCash: 35_000 })).statusCode).toBe(409);

    // The database itself: no receipt on the closed day, no change to it, no delete.
    const day = open.day;
    await expect(
      t.database.db.insert(payments).values({
        receiptNumber: `RCT-TEST-${randomUUID()}`,
        kind: 'payment',
        patientId: patient.id,
        cashierId: cashier.user.id,
        day,
        method: 'cash',
        amount: 1,
        balanceAfter: 0,
      }),
    ).rejects.toThrow();
    const thisDay = and(eq(cashierDays.cashierId, cashier.user.id), eq(cashierDays.day, day));
    await expect(
      t.database.db.update(cashierDays).set({ countedCash: 35_000 }).where(thisDay),
    ).rejects.toThrow();
    await expect(t.database.db.delete(cashierDays).where(thisDay)).rejects.toThrow();
    await expect(
      t.database.db.update(payments).set({ amount: 1 }).where(eq(payments.cashierId, cashier.user.id)),
    ).rejects.toThrow();

    // Another cashier's day is their own: still open.
    const other = await newCashier();
    expect((await pay(other, patient.id, { amount: 1_000, method: 'cash' })).statusCode).toBe(201);
  });

  it('a close racing payments counts exactly the payments it let in', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(1_000_000);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => pay(cashier, patient.id, { amount: 1_000, method: 'cash' })),
      cashier.post('/api/billing/day/close', { countedCash: 0 }),
      ...Array.from({ length: 4 }, () => pay(cashier, patient.id, { amount: 1_000, method: 'cash' })),
    ]);
    const close = answers[4];
    expect(close?.statusCode, close?.body).toBe(200);
    const taken = answers.filter((r, i) => i !== 4 && r.statusCode === 201).length;
    expect(close?.json<CashierDay>().expectedCash).toBe(taken * 1_000);
    expect((await account(patient.id)).paid).toBe(taken * 1_000);
  });
});

describe('refunds', () => {
  it('need an administrator: the cashier asks with a reason, cannot approve; a decided refund stays decided', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(0);
    const deposit = (
      await pay(cashier, patient.id, { amount: 50_000, method: 'cash' }, randomUUID(), 'deposits')
    ).json<Receipt>();
    expectInvalid(
      await cashier.post(`/api/billing/receipts/${deposit.id}/refunds`, { amount: 1_000, reason: '  ' }),
      M.reasonRequired,
      'reason',
    );
    const asked = (
      await cashier.post(`/api/billing/receipts/${deposit.id}/refunds`, {
        amount: 30_000,
        reason: 'Discharged early',
      })
    ).json<Refund>();
    expect(asked.status).toBe('requested');
    // What awaits approval is reserved: a second request cannot take more than is left.
    const tooMuch = await cashier.post(`/api/billing/receipts/${deposit.id}/refunds`, {
      amount: 20_001,
      reason: 'Again',
    });
    expect(tooMuch.statusCode).toBe(409);
    expect((await cashier.post(`/api/admin/refunds/${asked.id}/approve`)).statusCode).toBe(403);

    const decisions = await Promise.all([
      admin.post(`/api/admin/refunds/${asked.id}/approve`),
      admin.post(`/api/admin/refunds/${asked.id}/approve`),
    ]);
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await account(patient.id)).toMatchObject({ depositsHeld: 20_000 });
    expect((await admin.post(`/api/admin/refunds/${asked.id}/reject`, { note: 'No' })).statusCode).toBe(409);

    const second = (
      await cashier.post(`/api/billing/receipts/${deposit.id}/refunds`, { amount: 5_000, reason: 'Change' })
    ).json<Refund>();
    expectInvalid(
      await admin.post(`/api/admin/refunds/${second.id}/reject`, { note: '' }),
      M.rejectReasonRequired,
      'note',
    );
    const rejected = await admin.post(`/api/admin/refunds/${second.id}/reject`, {
      note: 'Deposit still needed',
    });
    expect(rejected.json<Refund>()).toMatchObject({ status: 'rejected', note: 'Deposit still needed' });
    expect(await account(patient.id)).toMatchObject({ depositsHeld: 20_000 });

    const list = await admin.get('/api/admin/refunds?status=approved&limit=100');
    expect(list.json<{ data: Refund[] }>().data.map((r) => r.id)).toContain(asked.id);
  });
});

describe('receipts', () => {
  it('opens as a PDF, and the read is audited with the patient', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(10_000);
    const receipt = (await pay(cashier, patient.id, { amount: 10_000, method: 'cash' })).json<Receipt>();
    const pdf = await cashier.get(`/api/billing/receipts/${receipt.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain(`receipt-${receipt.number}.pdf`);
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.receipt'), eq(auditEvents.entityId, receipt.id)));
    expect(rows[0]?.patientId).toBe(patient.id);
    const taken = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'payment.take'), eq(auditEvents.entityId, receipt.id)));
    expect(taken[0]?.patientId).toBe(patient.id);
    const list = await cashier.get(`/api/billing/patients/${patient.id}/receipts`);
    expect(list.json<{ data: Receipt[] }>().data.map((r) => r.number)).toEqual([receipt.number]);
  });
});

describe('who may do what, and bad input', () => {
  it('the cashier takes; the administrator reads; every other role is refused', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(10_000);
    expect((await admin.get(`/api/billing/patients/${patient.id}/receipts`)).statusCode).toBe(200);
    expect((await admin.get('/api/billing/patients')).statusCode).toBe(200);
    const adminPay = await t.app.inject({
      method: 'POST',
      url: `/api/billing/patients/${patient.id}/payments`,
      headers: { ...admin.headers, 'idempotency-key': 'k1' },
      payload: { amount: 100, method: 'cash' },
    });
    expect(adminPay.statusCode).toBe(403);
    for (const role of ['doctor', 'nurse', 'pharmacist', 'lab', 'patient'] as const) {
      const other = client(t, (await signedIn(t, role)).headers);
      expect((await other.get('/api/billing/patients')).statusCode, role).toBe(403);
      expect((await other.get(`/api/billing/patients/${patient.id}`)).statusCode, role).toBe(403);
      expect((await other.get('/api/admin/refunds')).statusCode, role).toBe(403);
    }
    expect((await cashier.get('/api/admin/refunds')).statusCode).toBe(403);
    expect((await client(t).get('/api/billing/day')).statusCode).toBe(401);
  });

  it('answers 404 for a patient or receipt that does not exist, and for a member of staff as the patient', async () => {
    const cashier = await newCashier();
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await cashier.get(`/api/billing/patients/${missing}`)).statusCode).toBe(404);
    expect(
      (await pay(cashier, missing, { amount: 100, method: 'cash' }, randomUUID(), 'deposits')).statusCode,
    ).toBe(404);
    expect(
      (await pay(cashier, cashier.user.id, { amount: 100, method: 'cash' }, randomUUID(), 'deposits'))
        .statusCode,
    ).toBe(404);
    expect((await cashier.get(`/api/billing/receipts/${missing}/pdf`)).statusCode).toBe(404);
    expect(
      (await cashier.post(`/api/billing/receipts/${missing}/refunds`, { amount: 1, reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await admin.post(`/api/admin/refunds/${missing}/approve`)).statusCode).toBe(404);
  });

  it('refuses bad amounts, a missing reference, NUL bytes and huge strings with 400 on the field', async () => {
    const cashier = await newCashier();
    const patient = await patientOwing(10_000);
    expectInvalid(await pay(cashier, patient.id, { amount: 0, method: 'cash' }), M.amountRange, 'amount');
    expectInvalid(await pay(cashier, patient.id, { amount: 1.5, method: 'cash' }), M.amountRange, 'amount');
    expectInvalid(await pay(cashier, patient.id, { amount: 1e12, method: 'cash' }), M.amountRange, 'amount');
    expectInvalid(
      await pay(cashier, patient.id, { amount: 100, method: 'cheque' }),
      M.methodRequired,
      'method',
    );
    expectInvalid(
      await pay(cashier, patient.id, { amount: 100, method: 'transfer' }),
      M.referenceRequired,
      'reference',
    );
    const nul = await pay(cashier, patient.id, { amount: 100, method: 'pos', reference: 'A\u0000B' });
    expect(nul.statusCode).toBe(400);
    const huge = await pay(cashier, patient.id, {
      amount: 100,
      method: 'pos',
      reference: 'R'.repeat(100_000),
    });
    expect(huge.statusCode).toBe(400);
    const receipt = (await pay(cashier, patient.id, { amount: 100, method: 'cash' })).json<Receipt>();
    const hugeReason = await cashier.post(`/api/billing/receipts/${receipt.id}/refunds`, {
      amount: 100,
      reason: 'x'.repeat(100_000),
    });
    expect(hugeReason.statusCode).toBe(400);
    const nulReason = await cashier.post(`/api/billing/receipts/${receipt.id}/refunds`, {
      amount: 100,
      reason: 'x\u0000',
    });
    expect(nulReason.statusCode).toBe(400);
    expectInvalid(
      await cashier.post('/api/billing/day/close', { countedCash: -1 }),
      M.countedRange,
      'countedCash',
    );
    expect((await cashier.get(`/api/billing/patients?q=${'a'.repeat(500)}`)).statusCode).toBe(400);
    // Nothing was stored by the refused requests.
    const stored = await t.database.db.select().from(payments).where(eq(payments.patientId, patient.id));
    expect(stored).toHaveLength(1);
  });
});
