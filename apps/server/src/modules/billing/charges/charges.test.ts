import { type BillPage, CHARGE_MESSAGES, type Charge } from '@carepoint/contract';
import type { Bundle, ChargeItem, Invoice } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, expectInvalid } from '../../../../test/admin';
import { coverage, hmo } from '../../../../test/billing';
import { entries, expectValidFhir, fhirGet } from '../../../../test/fhir';
import {
  createTestApp,
  createUser,
  serviceContext,
  signedIn,
  signIn,
  type TestApp,
  type TestUser,
} from '../../../../test/helpers';
import { admittedStay, signedDischargeSummary } from '../../../../test/inpatient';
import { labTest } from '../../../../test/lab';
import {
  appointments,
  auditEvents,
  billableServices,
  charges,
  coveragePreauths,
  labOrders,
  payerPreauthServices,
  payers,
  servicePrices,
} from '../../../db/schema';
import { chargeAdmittedNights } from './nights';

/*
 * Charges that follow the care (docs/areas/billing-charges.md): each source once, at the payer's
 * price on the care's day, split by the coverage; by hand with a reason; voids; the bill.
 */

const M = CHARGE_MESSAGES;
let t: TestApp;
let cashier: Client;
let doctor: Client & { user: TestUser };
let nurse: TestUser;
/** A nurse's requests, signed in at the clock's now (a session ends with the days the tests move it). */
const asNurse = async () => client(t, await signIn(t, nurse));
let selfPayId: string;
let serviceId: (code: string) => Promise<string>;

const as = async (user: TestUser) => Object.assign(client(t, await signIn(t, user)), { user });

async function price(payerId: string, service: string, amount: number, effectiveFrom = '2030-01-01') {
  await t.database.db.insert(servicePrices).values({ payerId, serviceId: service, amount, effectiveFrom });
}

const chargesOf = (patientId: string) =>
  t.database.db.select().from(charges).where(eq(charges.patientId, patientId)).orderBy(charges.careDate);

const bill = async (patientId: string, query = '') => {
  const res = await cashier.get(`/api/billing/patients/${patientId}/charges${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<BillPage>();
};

/** A confirmed appointment of the patient with the test doctor, on `date` at 09:00 Lagos. */
async function confirmedVisit(patientId: string, date: string, type: 'checkup' | 'surgery' = 'checkup') {
  const [row] = await t.database.db
    .insert(appointments)
    .values({
      patientId,
      doctorId: doctor.user.id,
      title: 'Review',
      priority: 'Medium',
      type,
      date,
      time: '09:00',
      startsAt: new Date(`${date}T08:00:00Z`),
      durationMinutes: 30,
      status: 'Confirmed',
    })
    .returning();
  if (!row) throw new Error('appointment not created');
  return row;
}

const complete = (id: string) => doctor.patch(`/api/appointments/${id}/status`, { status: 'Completed' });

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  // Monday 2030-01-07, 10:00 in Lagos.
  t.clock.set('2030-01-07T09:00:00Z');
  cashier = client(t, await signIn(t, await createUser(t, 'cashier')));
  doctor = await as(await createUser(t, 'doctor'));
  nurse = await createUser(t, 'nurse');
  const [selfPay] = await t.database.db.select().from(payers).where(eq(payers.kind, 'self-pay'));
  if (!selfPay) throw new Error('no self-pay');
  selfPayId = selfPay.id;
  serviceId = async (code) => {
    const [row] = await t.database.db.select().from(billableServices).where(eq(billableServices.code, code));
    if (!row) throw new Error(`${code} missing`);
    return row.id;
  };
  // The general consultation: ₦100 until Sunday, ₦120 from Monday (a price change between two days).
  const gp = await serviceId('CONS-GP');
  await price(selfPayId, gp, 10_000, '2030-01-01');
  await price(selfPayId, gp, 12_000, '2030-01-07');
  await price(selfPayId, await serviceId('CONS-SPEC'), 20_000);
});
afterAll(() => t.close());

describe('a completed consultation', () => {
  it('is charged once, at the price of the appointment’s day, whatever the parallel completions', async () => {
    const patient = await createUser(t, 'patient');
    const sunday = await confirmedVisit(patient.id, '2030-01-06');
    const monday = await confirmedVisit(patient.id, '2030-01-07', 'surgery');
    const answers = await Promise.all([complete(sunday.id), complete(sunday.id), complete(monday.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    const made = await chargesOf(patient.id);
    expect(made.map((c) => [c.source, c.careDate, c.unitPrice, c.payerId, c.patientAmount])).toEqual([
      ['consultation', '2030-01-06', 10_000, selfPayId, 10_000],
      // A surgical appointment is a specialist consultation.
      ['consultation', '2030-01-07', 20_000, selfPayId, 20_000],
    ]);
    expect(made[0]?.appointmentId).toBe(sunday.id);
  });

  it('under a percentage coverage: the payer’s price, the patient’s share of it', async () => {
    const patient = await createUser(t, 'patient');
    const payer = await hmo(t);
    await coverage(t, patient.id, payer.id, { shareKind: 'percent', shareBp: 1_000 });
    await price(payer.id, await serviceId('CONS-GP'), 8_005);
    const visit = await confirmedVisit(patient.id, '2030-01-07');
    expect((await complete(visit.id)).statusCode).toBe(200);
    const [made] = await chargesOf(patient.id);
    // 10 % of ₦80.05 is 800.5 kobo, rounded half up.
    expect(made).toMatchObject({ payerId: payer.id, amount: 8_005, patientAmount: 801, payerAmount: 7_204 });
    expect(made?.basis).toBe('list');
  });
});

describe('a visit’s charges beside its invoice', () => {
  it('the visit’s doctor and patient read its consultation and the lab tests ordered at it; anyone else 404', async () => {
    const patient = await createUser(t, 'patient');
    const visit = await confirmedVisit(patient.id, '2030-01-07');
    expect((await complete(visit.id)).statusCode).toBe(200);
    const elsewhere = await confirmedVisit(patient.id, '2030-01-07');
    expect((await complete(elsewhere.id)).statusCode).toBe(200);

    const res = await doctor.get(`/api/doctor/appointments/${visit.id}/charges`);
    expect(res.statusCode, res.body).toBe(200);
    const read = res.json<Charge[]>();
    expect(read).toMatchObject([{ source: 'consultation', appointmentId: visit.id, amount: 12_000 }]);
    const mine = await client(t, await signIn(t, patient)).get(
      `/api/patient/appointments/${visit.id}/charges`,
    );
    expect(mine.json<Charge[]>().map((c) => c.id)).toEqual(read.map((c) => c.id));

    const other = client(t, await signIn(t, await createUser(t, 'doctor')));
    expect((await other.get(`/api/doctor/appointments/${visit.id}/charges`)).statusCode).toBe(404);
    const stranger = client(t, await signIn(t, await createUser(t, 'patient')));
    expect((await stranger.get(`/api/patient/appointments/${visit.id}/charges`)).statusCode).toBe(404);
    expect((await cashier.get(`/api/doctor/appointments/${visit.id}/charges`)).statusCode).toBe(403);
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'visit.charges.read'), eq(auditEvents.entityId, visit.id)));
    expect(audited?.patientId).toBe(patient.id);
  });
});

describe('lab tests', () => {
  it('charges each test ordered; a co-payment falls only on the visit; off the tariff the patient pays; pre-auth flagged', async () => {
    const patient = await createUser(t, 'patient');
    const payer = await hmo(t);
    const cover = await coverage(t, patient.id, payer.id, {
      shareKind: 'copay',
      shareBp: null,
      copayAmount: 50_000,
    });
    const [onTariff, offTariff] = [await labTest(t), await labTest(t, { name: 'Sodium' })];
    const service = async (testId: string) => {
      const [row] = await t.database.db
        .select()
        .from(billableServices)
        .where(eq(billableServices.labTestId, testId));
      if (!row) throw new Error('no service');
      return row.id;
    };
    await price(payer.id, await service(onTariff.id), 300_000);
    await price(selfPayId, await service(offTariff.id), 200_000);
    // The payer pays the first only with its code; the coverage has one.
    await t.database.db
      .insert(payerPreauthServices)
      .values({ payerId: payer.id, serviceId: await service(onTariff.id) });
    await t.database.db
      .insert(coveragePreauths)
      .values({ coverageId: cover.id, serviceId: await service(onTariff.id), code: 'PA-77' });
    const res = await doctor.post('/api/lab/orders', {
      patientId: patient.id,
      testIds: [onTariff.id, offTariff.id],
      priority: 'Routine',
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = await chargesOf(patient.id);
    const byPrice = Object.fromEntries(made.map((c) => [c.unitPrice, c]));
    // A lab test opens no visit: the co-payment is not charged on it.
    expect(byPrice[300_000]).toMatchObject({
      source: 'lab-test',
      careDate: '2030-01-07',
      basis: 'list',
      payerAmount: 300_000,
      patientAmount: 0,
      preauthRequired: true,
      preauthCode: 'PA-77',
    });
    expect(byPrice[200_000]).toMatchObject({ basis: 'self-pay', payerAmount: 0, patientAmount: 200_000 });
    const shown = await bill(patient.id);
    expect(shown.data.find((c) => c.unitPrice === 200_000)?.covered).toBe(true);
  });

  it('an order cancelled before its specimen is taken has its charges voided: "Order cancelled"', async () => {
    const patient = await createUser(t, 'patient');
    const test = await labTest(t);
    const [row] = await t.database.db
      .select()
      .from(billableServices)
      .where(eq(billableServices.labTestId, test.id));
    await price(selfPayId, row?.id ?? '', 150_000);
    const res = await doctor.post('/api/lab/orders', {
      patientId: patient.id,
      testIds: [test.id],
      priority: 'Routine',
    });
    const orderId = res.json<{ orders: Array<{ id: string }> }>().orders[0]?.id ?? '';
    expect((await chargesOf(patient.id)).map((c) => c.status)).toEqual(['active']);
    const cancelled = await doctor.post(`/api/lab/orders/${orderId}/cancel`, { reason: 'Ordered twice' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [voided] = await chargesOf(patient.id);
    expect(voided).toMatchObject({ status: 'void', voidReason: 'Order cancelled' });
    const [order] = await t.database.db.select().from(labOrders).where(eq(labOrders.id, orderId));
    expect(order?.state).toBe('Cancelled');
  });
});

describe('bed-days', () => {
  it('charges each night present at midnight, once, by the job and at discharge; the co-payment on the first night', async () => {
    const [general] = await t.database.db
      .select()
      .from(billableServices)
      .where(eq(billableServices.wardKind, 'General'));
    if (!general) throw new Error('no General bed-day');
    await price(selfPayId, general.id, 500_000, '2030-01-01');
    const payer = await hmo(t);
    await price(payer.id, general.id, 400_000, '2030-01-01');
    await price(payer.id, general.id, 450_000, '2030-01-08');
    const stay = await admittedStay(t, { admittedAt: new Date('2030-01-07T09:00:00Z') });
    await coverage(t, stay.patient.id, payer.id, { shareKind: 'copay', shareBp: null, copayAmount: 50_000 });
    // Wednesday noon: the nights of Monday and Tuesday have passed. Two jobs at once charge them once.
    t.clock.set('2030-01-09T11:00:00Z');
    const ctx = serviceContext(t);
    await Promise.all([chargeAdmittedNights(ctx), chargeAdmittedNights(ctx)]);
    const nights = await chargesOf(stay.patient.id);
    expect(nights.map((c) => [c.nightOf, c.unitPrice, c.patientAmount, c.payerAmount])).toEqual([
      ['2030-01-07', 400_000, 50_000, 350_000],
      ['2030-01-08', 450_000, 0, 450_000],
    ]);
    // Discharged on Thursday morning: Wednesday's night is charged with the discharge.
    t.clock.set('2030-01-10T08:00:00Z');
    await signedDischargeSummary(t, stay.stayId, stay.doctor);
    const discharged = await (await asNurse()).post(`/api/stays/${stay.stayId}/discharge`, {
      disposition: 'Home',
      confirmed: true,
    });
    expect(discharged.statusCode, discharged.body).toBe(200);
    expect((await chargesOf(stay.patient.id)).map((c) => c.nightOf)).toEqual([
      '2030-01-07',
      '2030-01-08',
      '2030-01-09',
    ]);
    t.clock.set('2030-01-07T09:00:00Z');
  });

  it('a stay that crosses no midnight is charged one night, of its admission day', async () => {
    t.clock.set('2030-01-07T09:00:00Z');
    const stay = await admittedStay(t, { admittedAt: new Date('2030-01-07T08:00:00Z') });
    await chargeAdmittedNights(serviceContext(t));
    expect(await chargesOf(stay.patient.id)).toEqual([]);
    await signedDischargeSummary(t, stay.stayId, stay.doctor);
    t.clock.set('2030-01-07T15:00:00Z');
    const discharged = await (await asNurse()).post(`/api/stays/${stay.stayId}/discharge`, {
      disposition: 'Home',
      confirmed: true,
    });
    expect(discharged.statusCode, discharged.body).toBe(200);
    expect((await chargesOf(stay.patient.id)).map((c) => [c.nightOf, c.patientAmount])).toEqual([
      ['2030-01-07', 500_000],
    ]);
    t.clock.set('2030-01-07T09:00:00Z');
  });
});

describe('by hand, and the bill', () => {
  it('adds a listed service at its price, a described one at the price typed, each with its reason', async () => {
    const patient = await createUser(t, 'patient');
    const listed = await cashier.post(`/api/billing/patients/${patient.id}/charges`, {
      serviceId: await serviceId('CONS-GP'),
      quantity: 2,
      reason: 'Second opinion not booked',
    });
    expect(listed.statusCode, listed.body).toBe(201);
    expect(listed.json<Charge>()).toMatchObject({
      source: 'manual',
      service: 'General consultation',
      unitPrice: 12_000,
      amount: 24_000,
      patientAmount: 24_000,
      reason: 'Second opinion not booked',
    });
    const described = await cashier.post(`/api/billing/patients/${patient.id}/charges`, {
      description: 'Wound dressing kit',
      unitPrice: 7_550,
      quantity: 1,
      reason: 'Not on the list',
      careDate: '2030-01-05',
    });
    expect(described.statusCode, described.body).toBe(201);
    expect(described.json<Charge>()).toMatchObject({
      service: 'Wound dressing kit',
      amount: 7_550,
      basis: null,
    });
    const [audited] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'charge.add'), eq(auditEvents.patientId, patient.id)));
    expect(audited).toBeDefined();
  });

  it('refuses bad input with the contract’s message on the field', async () => {
    const patient = await createUser(t, 'patient');
    const url = `/api/billing/patients/${patient.id}/charges`;
    expectInvalid(
      await cashier.post(url, { serviceId: await serviceId('CONS-GP'), quantity: 1, reason: '  ' }),
      M.reasonRequired,
      'reason',
    );
    expectInvalid(
      await cashier.post(url, { quantity: 1, reason: 'x' }),
      M.serviceOrDescription,
      'description',
    );
    expectInvalid(
      await cashier.post(url, { description: 'Kit', quantity: 1, reason: 'x' }),
      M.unitPriceRange,
      'unitPrice',
    );
    expectInvalid(
      await cashier.post(url, { description: 'Kit', unitPrice: 1, quantity: 0, reason: 'x' }),
      M.quantityRange,
      'quantity',
    );
    expectInvalid(
      await cashier.post(url, { description: 'Kit', unitPrice: 1.5, quantity: 1, reason: 'x' }),
      M.unitPriceRange,
      'unitPrice',
    );
    expect(
      (await cashier.post(url, { description: 'Kit\u0000', unitPrice: 1, quantity: 1, reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await cashier.post(url, { description: 'K'.repeat(100_000), unitPrice: 1, quantity: 1, reason: 'x' }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await cashier.post(url, {
          description: 'Kit',
          unitPrice: 1,
          quantity: 1,
          reason: 'r'.repeat(1_000_000),
        })
      ).statusCode,
    ).toBe(400);
    expectInvalid(
      await cashier.post(url, {
        description: 'Kit',
        unitPrice: 1,
        quantity: 1,
        reason: 'x',
        careDate: '2030-01-08',
      }),
      M.dateInFuture,
      'careDate',
    );
    expectInvalid(
      await cashier.post(`/api/billing/charges/${patient.id}/void`, { reason: '' }),
      M.voidReasonRequired,
      'reason',
    );
    // A service nothing prices: describe it instead.
    expectInvalid(
      await cashier.post(url, { serviceId: await serviceId('CONS-ER'), quantity: 1, reason: 'x' }),
      M.serviceUnpriced,
      'serviceId',
    );
    expect(await chargesOf(patient.id)).toEqual([]);
  });

  it('voids with a reason: of two voids at once one wins, the other is told it is void; the line stays, out of the totals', async () => {
    const patient = await createUser(t, 'patient');
    const url = `/api/billing/patients/${patient.id}/charges`;
    const add = (amount: number, careDate: string) =>
      cashier.post(url, {
        description: `Item ${amount}`,
        unitPrice: amount,
        quantity: 1,
        reason: 'Test',
        careDate,
      });
    const kept = (await add(1_000, '2030-01-05')).json<Charge>();
    const wrong = (await add(2_000, '2030-01-06')).json<Charge>();
    const voids = await Promise.all([
      cashier.post(`/api/billing/charges/${wrong.id}/void`, { reason: 'Entered twice' }),
      cashier.post(`/api/billing/charges/${wrong.id}/void`, { reason: 'Entered twice' }),
    ]);
    expect(voids.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const shown = await bill(patient.id);
    expect(shown.totals).toEqual({ amount: 1_000, payerAmount: 0, patientAmount: 1_000 });
    expect(shown.data.map((c) => [c.id, c.status])).toEqual([
      [wrong.id, 'void'],
      [kept.id, 'active'],
    ]);
    expect(shown.data[0]?.voidReason).toBe('Entered twice');
    expect(shown.payerToday).toEqual({ id: selfPayId, name: 'Self-pay' });
    // Filtered, sorted and paged in the database.
    expect((await bill(patient.id, '?status=active')).data.map((c) => c.id)).toEqual([kept.id]);
    expect((await bill(patient.id, '?source=lab-test')).data).toEqual([]);
    expect((await bill(patient.id, '?from=2030-01-06&to=2030-01-06')).data.map((c) => c.id)).toEqual([
      wrong.id,
    ]);
    const sorted = await bill(patient.id, '?sort=amount&order=asc&limit=1&page=2');
    expect(sorted.data.map((c) => c.id)).toEqual([wrong.id]);
    expect(sorted.pagination.total).toBe(2);
    expect((await cashier.post(`/api/billing/charges/${kept.id}/void`, { reason: 'x' })).statusCode).toBe(
      200,
    );
    expect(
      (await cashier.post(`/api/billing/charges/00000000-0000-4000-8000-000000000000/void`, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
    const reads = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'bill.read'), eq(auditEvents.patientId, patient.id)));
    expect(reads.length).toBeGreaterThan(0);
  });

  it('is the cashier’s and the administrator’s: other roles 403, another record 404', async () => {
    const patient = await createUser(t, 'patient');
    const url = `/api/billing/patients/${patient.id}/charges`;
    expect((await doctor.get(url)).statusCode).toBe(403);
    expect(
      (await (await asNurse()).post(url, { description: 'x', unitPrice: 1, quantity: 1, reason: 'x' }))
        .statusCode,
    ).toBe(403);
    expect((await (await as(patient)).get(url)).statusCode).toBe(403);
    // The patient reads their own bill, and only theirs.
    await cashier.post(url, { description: 'Own line', unitPrice: 500, quantity: 1, reason: 'x' });
    const own = await (await as(patient)).get('/api/patient/charges');
    expect(own.statusCode).toBe(200);
    expect(own.json<BillPage>().data.map((c) => c.service)).toEqual(['Own line']);
    expect((await doctor.get('/api/patient/charges')).statusCode).toBe(403);
    expect((await client(t).get(url)).statusCode).toBe(401);
    const admin = await as(await createUser(t, 'admin'));
    expect((await admin.get(url)).statusCode).toBe(200);
    // A doctor's id is not a patient's bill.
    expect((await cashier.get(`/api/billing/patients/${doctor.user.id}/charges`)).statusCode).toBe(404);
    expect(
      (
        await cashier.post(`/api/billing/patients/${doctor.user.id}/charges`, {
          description: 'x',
          unitPrice: 1,
          quantity: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('FHIR ChargeItem', () => {
  // 60 s: the validator loads R4's definitions on its first use, slow on a busy machine.
  it('reads and searches a patient’s charges as valid R4 ChargeItems; a void is entered-in-error', async () => {
    const patient = await createUser(t, 'patient');
    const visit = await confirmedVisit(patient.id, '2030-01-07');
    await complete(visit.id);
    const added = (
      await cashier.post(`/api/billing/patients/${patient.id}/charges`, {
        description: 'Splint',
        unitPrice: 150_050,
        quantity: 2,
        reason: 'Not on the list',
      })
    ).json<Charge>();
    await cashier.post(`/api/billing/charges/${added.id}/void`, { reason: 'Not used' });
    const { headers } = await signedIn(t, 'admin');
    const read = await fhirGet<ChargeItem>(t, `/ChargeItem/${added.id}`, headers);
    expect(read.status).toBe(200);
    expectValidFhir(read.body);
    expect(read.body).toMatchObject({
      status: 'entered-in-error',
      subject: { reference: `Patient/${patient.id}` },
      quantity: { value: 2 },
      priceOverride: { value: 1500.5, currency: 'NGN' },
      code: { text: 'Splint' },
    });
    const found = entries<ChargeItem>(
      (await fhirGet<Bundle>(t, `/ChargeItem?patient=${patient.id}`, headers)).body,
    );
    expect(found.map((c) => c.status).sort()).toEqual(['billable', 'entered-in-error']);
    const consultation = found.find((c) => c.status === 'billable');
    expect(consultation?.context).toEqual({ reference: `Encounter/${visit.id}` });
    for (const item of found) expectValidFhir(item);
    // The patient reads their own charges, and no one else's.
    const own = await signIn(t, patient);
    expect((await fhirGet(t, `/ChargeItem/${added.id}`, own)).status).toBe(200);
    const other = await signIn(t, await createUser(t, 'patient'));
    expect((await fhirGet(t, `/ChargeItem/${added.id}`, other)).status).toBe(404);
    // The bill as one Invoice: the active lines, their total (the void counts for nothing).
    const invoice = await fhirGet<Invoice>(t, `/Invoice/${patient.id}`, headers);
    expect(invoice.status).toBe(200);
    expectValidFhir(invoice.body);
    expect(invoice.body).toMatchObject({
      status: 'issued',
      subject: { reference: `Patient/${patient.id}` },
      lineItem: [{ chargeItemReference: { reference: `ChargeItem/${consultation?.id}` } }],
      totalGross: { value: 120, currency: 'NGN' },
    });
    const searched = entries<Invoice>(
      (await fhirGet<Bundle>(t, `/Invoice?patient=${patient.id}`, headers)).body,
    );
    expect(searched.map((i) => i.id)).toEqual([patient.id]);
    expect((await fhirGet(t, `/Invoice/${patient.id}`, other)).status).toBe(404);
  }, 60_000);
});
