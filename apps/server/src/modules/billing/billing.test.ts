import {
  BILLING_MESSAGES as M,
  type Medicine,
  type Payer,
  type PriceHistory,
  type PriceListRow,
} from '@carepoint/contract';
import type { Bundle, Organization } from '@medplum/fhirtypes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type Client, client, expectInvalid } from '../../../test/admin';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { auditEvents, stockBatches } from '../../db/schema';
import { systemContext } from '../../lib/context';
import { priceOf } from './index';

/*
 * Payers and price lists (docs/areas/billing.md): who may do what, the append-only history, the
 * price in force on a day, the database's uniqueness under parallel requests, bad input, and
 * priceOf's order (the list, the markup, the self-pay fallback).
 */

let t: TestApp;
let admin: Client;
let cashier: Client;
let selfPay: Payer;

type Page = { data: PriceListRow[]; pagination: { total: number } };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  cashier = client(t, (await signedIn(t, 'cashier')).headers);
  const payers = (await cashier.get('/api/payers')).json<Payer[]>();
  const found = payers.find((p) => p.kind === 'self-pay');
  if (!found) throw new Error('no self-pay payer');
  selfPay = found;
});
afterAll(() => t.close());

/** The facility's date (Lagos) of the test clock, `days` later. */
const day = (days = 0) => new Date(t.clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);

let count = 0;
const addHmo = async (fields: Record<string, unknown> = {}) => {
  count += 1;
  const res = await admin.post('/api/admin/payers', { kind: 'hmo', name: `Test HMO ${count}`, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Payer>();
};

const serviceOf = async (payerId: string, query: string) => {
  const res = await cashier.get(`/api/payers/${payerId}/prices?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = res.json<Page>().data;
  if (!row) throw new Error(`no service for ${query}`);
  return row;
};

const setPrice = (payerId: string, body: object) => admin.post(`/api/admin/payers/${payerId}/prices`, body);

describe('who may do what', () => {
  it('the cashier reads payers and prices but changes nothing; other roles are refused', async () => {
    expect((await cashier.get(`/api/payers/${selfPay.id}/prices`)).statusCode).toBe(200);
    expect((await cashier.post('/api/admin/payers', { kind: 'hmo', name: 'Nope' })).statusCode).toBe(403);
    expect((await cashier.post(`/api/admin/payers/${selfPay.id}/prices`, {})).statusCode).toBe(403);
    for (const role of ['doctor', 'nurse', 'pharmacist', 'lab', 'patient'] as const) {
      const other = client(t, (await signedIn(t, role)).headers);
      expect((await other.get('/api/payers')).statusCode, role).toBe(403);
      expect((await other.get(`/api/payers/${selfPay.id}/prices`)).statusCode, role).toBe(403);
    }
    expect((await client(t).get('/api/payers')).statusCode).toBe(401);
  });

  it('answers 404 for a payer that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await cashier.get(`/api/payers/${missing}`)).statusCode).toBe(404);
    expect((await cashier.get(`/api/payers/${missing}/prices`)).statusCode).toBe(404);
  });
});

describe('payers', () => {
  it('self-pay exists from the start, comes first and cannot be deactivated', async () => {
    const payers = (await admin.get('/api/payers')).json<Payer[]>();
    expect(payers[0]).toMatchObject({ kind: 'self-pay', name: 'Self-pay', active: true });
    expectInvalid(
      await admin.put(`/api/admin/payers/${selfPay.id}/status`, { active: false }),
      M.selfPayActive,
      'active',
    );
    // The database refuses it whatever the service does.
    await expect(
      t.database.db.execute(sql`update payers set active = false where kind = 'self-pay'`),
    ).rejects.toThrow();
  });

  it('adds, edits, deactivates and reactivates an HMO, in the audit trail', async () => {
    const hmo = await addHmo({ code: 'HMO-77', contact: '+234 1 555 0101', markupBp: 1_500 });
    expect(hmo).toMatchObject({ kind: 'hmo', code: 'HMO-77', markupBp: 1_500, markupBase: 'unit-cost' });
    const edited = await admin.put(`/api/admin/payers/${hmo.id}`, { name: 'Renamed HMO', markupBp: null });
    expect(edited.json<Payer>()).toMatchObject({ name: 'Renamed HMO', markupBp: null, code: null });
    const off = await admin.put(`/api/admin/payers/${hmo.id}/status`, { active: false });
    expect(off.json<Payer>().active).toBe(false);
    const on = await admin.put(`/api/admin/payers/${hmo.id}/status`, { active: true });
    expect(on.json<Payer>().active).toBe(true);
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, hmo.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'payer.create',
      'payer.deactivate',
      'payer.reactivate',
      'payer.update',
    ]);
  });

  it('has at most one NHIA and unique names and codes, also when two adds race', async () => {
    const results = await Promise.all([
      admin.post('/api/admin/payers', { kind: 'nhia', name: 'NHIA' }),
      admin.post('/api/admin/payers', { kind: 'nhia', name: 'National Health Insurance Authority' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.kind).toEqual([M.oneNhia]);
    await addHmo({ code: 'DUP-1' });
    const sameName = await admin.post('/api/admin/payers', { kind: 'hmo', name: 'test hmo 2' });
    expect(sameName.statusCode).toBe(409);
    const sameCode = await admin.post('/api/admin/payers', { kind: 'hmo', name: 'Other', code: 'dup-1' });
    expect(sameCode.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.code).toEqual([
      M.codeTaken,
    ]);
  });

  it('refuses bad input with the contract message on the field, never 500', async () => {
    expectInvalid(
      await admin.post('/api/admin/payers', { kind: 'self-pay', name: 'X' }),
      M.kindRequired,
      'kind',
    );
    expectInvalid(await admin.post('/api/admin/payers', { kind: 'hmo', name: ' ' }), M.nameRequired, 'name');
    expectInvalid(
      await admin.post('/api/admin/payers', { kind: 'hmo', name: 'Markup', markupBp: 100_001 }),
      M.markupRange,
      'markupBp',
    );
    expect((await admin.post('/api/admin/payers', { kind: 'hmo', name: 'Bad\u0000name' })).statusCode).toBe(
      400,
    );
    expect(
      (await admin.post('/api/admin/payers', { kind: 'hmo', name: 'x'.repeat(100_000) })).statusCode,
    ).toBe(400);
  });
});

describe('price lists', () => {
  it('lists every bed-day and consultation, the lab tests and medicines named from their own tables', async () => {
    const beds = (await cashier.get(`/api/payers/${selfPay.id}/prices?kind=bed-day&limit=100`)).json<Page>();
    expect(beds.data.map((r) => r.name)).toContain('Intensive care ward bed-day');
    expect(beds.pagination.total).toBe(5);
    const consults = (
      await cashier.get(`/api/payers/${selfPay.id}/prices?kind=consultation&q=general`)
    ).json<Page>();
    expect(consults.data.map((r) => r.code)).toEqual(['CONS-GP']);
    const medicine = await admin.post('/api/admin/medicines', {
      genericName: 'Billingcillin',
      strength: '250 mg',
      form: 'Capsule',
      route: 'Oral',
      dispensingUnit: 'capsule',
      reorderLevel: 0,
    });
    expect(medicine.statusCode, medicine.body).toBe(201);
    // A lab test shows the catalogue's own code and name (the shipped catalogue's full blood count).
    const fbc = await serviceOf(selfPay.id, 'kind=lab-test&q=FBC');
    expect(fbc).toMatchObject({ kind: 'lab-test', code: 'FBC' });
    const row = await serviceOf(selfPay.id, 'q=billingcillin');
    expect(row).toMatchObject({ kind: 'medicine', name: 'Billingcillin 250 mg Capsule', code: null });
  });

  it('keeps every price: a change is a new row from a date, and the list shows the price in force that day', async () => {
    const hmo = await addHmo();
    const service = await serviceOf(hmo.id, 'q=CONS-SPEC');
    expect(
      (await setPrice(hmo.id, { serviceId: service.id, amount: 1_000_000, effectiveFrom: day() })).statusCode,
    ).toBe(201);
    const later = await setPrice(hmo.id, {
      serviceId: service.id,
      amount: 1_250_000,
      effectiveFrom: day(10),
    });
    expect(later.statusCode, later.body).toBe(201);
    expect(later.json<PriceHistory>().prices.map((p) => [p.amount, p.effectiveFrom])).toEqual([
      [1_250_000, day(10)],
      [1_000_000, day()],
    ]);
    expect(await serviceOf(hmo.id, 'q=CONS-SPEC')).toMatchObject({
      current: { amount: 1_000_000, effectiveFrom: day() },
      next: { amount: 1_250_000, effectiveFrom: day(10) },
    });
    expect(await serviceOf(hmo.id, `q=CONS-SPEC&at=${day(12)}`)).toMatchObject({
      current: { amount: 1_250_000 },
      next: null,
    });
    expect(await serviceOf(hmo.id, `q=CONS-SPEC&at=${day(-1)}`)).toMatchObject({ current: null });
    // A past day's price never changes: the API refuses a date before today ...
    expectInvalid(
      await setPrice(hmo.id, { serviceId: service.id, amount: 1, effectiveFrom: day(-1) }),
      M.dateInPast,
      'effectiveFrom',
    );
    // ... and the table refuses any change or deletion.
    const { db } = t.database;
    await expect(
      db.execute(sql`update service_prices set amount = 1 where payer_id = ${hmo.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from service_prices where payer_id = ${hmo.id}`)).rejects.toThrow();
    const history = await cashier.get(`/api/payers/${hmo.id}/prices/${service.id}`);
    expect(history.json<PriceHistory>().prices).toHaveLength(2);
    const audits = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'price.set'), eq(auditEvents.entityType, 'service_price')));
    expect(audits.length).toBeGreaterThanOrEqual(2);
  });

  it('one price per payer, service and day: two at once give one 201 and one 409', async () => {
    const hmo = await addHmo();
    const service = await serviceOf(hmo.id, 'q=CONS-FU');
    const body = { serviceId: service.id, amount: 500_000, effectiveFrom: day(3) };
    const results = await Promise.all([
      setPrice(hmo.id, body),
      setPrice(hmo.id, { ...body, amount: 600_000 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.effectiveFrom).toEqual([
      M.priceTaken,
    ]);
  });

  it('refuses bad prices with the contract message on the field', async () => {
    const service = await serviceOf(selfPay.id, 'q=CONS-GP');
    const ok = { serviceId: service.id, amount: 100, effectiveFrom: day(30) };
    expectInvalid(await setPrice(selfPay.id, { ...ok, amount: -1 }), M.amountRange, 'amount');
    expectInvalid(await setPrice(selfPay.id, { ...ok, amount: 1.5 }), M.amountRange, 'amount');
    expectInvalid(await setPrice(selfPay.id, { ...ok, amount: 1_000_000_001 }), M.amountRange, 'amount');
    expectInvalid(
      await setPrice(selfPay.id, { ...ok, effectiveFrom: '2030-02-30' }),
      M.dateInvalid,
      'effectiveFrom',
    );
    expectInvalid(
      await setPrice(selfPay.id, { ...ok, serviceId: '00000000-0000-4000-8000-000000000000' }),
      M.serviceNotFound,
      'serviceId',
    );
    expect((await setPrice(selfPay.id, { ...ok, effectiveFrom: '2030\u0000' })).statusCode).toBe(400);
    expect((await cashier.get(`/api/payers/${selfPay.id}/prices?q=${'x'.repeat(10_000)}`)).statusCode).toBe(
      400,
    );
    // The database's own CHECK, below the contract.
    await expect(
      t.database.db.execute(
        sql`insert into service_prices (payer_id, service_id, amount, effective_from) values (${selfPay.id}, ${service.id}, -5, '2031-01-01')`,
      ),
    ).rejects.toThrow();
  });

  it('adds procedures and reports with unique codes', async () => {
    const added = await admin.post('/api/admin/billable-services', {
      kind: 'procedure',
      code: 'PROC-1',
      name: 'Wound dressing',
    });
    expect(added.statusCode, added.body).toBe(201);
    const again = await admin.post('/api/admin/billable-services', {
      kind: 'report',
      code: 'proc-1',
      name: 'Report',
    });
    expect(again.statusCode).toBe(409);
    expectInvalid(
      await admin.post('/api/admin/billable-services', { kind: 'bed-day', code: 'B', name: 'B' }),
      M.serviceKindRequired,
      'kind',
    );
  });
});

describe('priceOf', () => {
  it('answers the payer’s list, then its markup for a medicine, then the self-pay price as such, else null', async () => {
    const ctx = systemContext({ db: t.database.db, config: t.app.config, now: t.clock.now });
    const hmo = await addHmo({ markupBp: 2_000 });
    const noMarkup = await addHmo();
    const bed = await serviceOf(hmo.id, 'kind=bed-day&q=maternity');
    await setPrice(selfPay.id, { serviceId: bed.id, amount: 1_500_000, effectiveFrom: day(1) });
    await setPrice(hmo.id, { serviceId: bed.id, amount: 1_200_000, effectiveFrom: day(2) });
    const maternity = { kind: 'bed-day', wardKind: 'Maternity' } as const;
    const ask = (
      payerId: string,
      at: string,
      service: Parameters<typeof priceOf>[1]['service'] = maternity,
    ) => priceOf(ctx, { payerId, service, at });
    expect(await ask(hmo.id, day())).toBeNull();
    expect(await ask(hmo.id, day(1))).toMatchObject({ amount: 1_500_000, basis: 'self-pay' });
    expect(await ask(hmo.id, day(2))).toMatchObject({ amount: 1_200_000, basis: 'list', serviceId: bed.id });
    expect(await ask(selfPay.id, day(5))).toMatchObject({ amount: 1_500_000, basis: 'list' });

    const medicine = (
      await admin.post('/api/admin/medicines', {
        genericName: 'Markupazole',
        strength: '20 mg',
        form: 'Tablet',
        route: 'Oral',
        dispensingUnit: 'tablet',
        reorderLevel: 0,
        price: 3_000,
      })
    ).json<Medicine>();
    const [batch] = await t.database.db
      .insert(stockBatches)
      .values({ medicineId: medicine.id, batchNumber: 'MK-1', expiryDate: '2032-01-31', unitCost: 1_001 })
      .returning();
    const dispensed = { kind: 'medicine', medicineId: medicine.id, batchId: batch?.id } as const;
    // 20 % over the batch's unit cost of ₦10.01, rounded to the kobo.
    expect(await ask(hmo.id, day(), dispensed)).toMatchObject({ amount: 1_201, basis: 'markup' });
    // No price and no markup on either list: nothing prices it.
    expect(await ask(noMarkup.id, day(), dispensed)).toBeNull();
    const formulary = await admin.put(`/api/admin/payers/${selfPay.id}`, {
      name: 'Self-pay',
      markupBp: 5_000,
      markupBase: 'formulary-price',
    });
    expect(formulary.statusCode, formulary.body).toBe(200);
    expect(await ask(noMarkup.id, day(), dispensed)).toMatchObject({ amount: 4_500, basis: 'self-pay' });
    expect(await ask(selfPay.id, day(), dispensed)).toMatchObject({ amount: 4_500, basis: 'markup' });
    const service = await serviceOf(hmo.id, 'q=markupazole');
    await setPrice(hmo.id, { serviceId: service.id, amount: 2_500, effectiveFrom: day() });
    expect(await ask(hmo.id, day(), dispensed)).toMatchObject({ amount: 2_500, basis: 'list' });
    expect(await ask(hmo.id, day(), { kind: 'consultation', code: 'no-such-code' })).toBeNull();
  });
});

describe('FHIR Organization', () => {
  // 60 s: the validator loads R4's definitions on its first use, slow on a busy machine.
  it('reads and searches payers as valid R4 Organizations', async () => {
    const { headers } = await signedIn(t, 'admin');
    const hmo = await addHmo({ code: 'FHIR-HMO', contact: 'claims@fhir-hmo.example' });
    const read = await fhirGet<Organization>(t, `/Organization/${hmo.id}`, headers);
    expect(read.status).toBe(200);
    expectValidFhir(read.body);
    expect(read.body).toMatchObject({
      resourceType: 'Organization',
      name: hmo.name,
      active: true,
      identifier: [{ value: 'FHIR-HMO' }],
      telecom: [{ system: 'other', value: 'claims@fhir-hmo.example' }],
    });
    expect(read.body.type?.[0]?.coding?.map((c) => c.code)).toEqual(['pay', 'hmo']);
    const search = async (query: string) =>
      entries<Organization>((await fhirGet<Bundle>(t, `/Organization?${query}`, headers)).body);
    const selfPayOnly = await search('type=self-pay');
    expect(selfPayOnly.map((o) => o.name)).toEqual(['Self-pay']);
    expect(
      (await search('type=http://terminology.hl7.org/CodeSystem/organization-type|pay&_count=100')).length,
    ).toBeGreaterThan(1);
    expect((await search('identifier=FHIR-HMO')).map((o) => o.id)).toEqual([hmo.id]);
    expect(
      (await search(`name=${encodeURIComponent(hmo.name.slice(0, 6))}&_count=100`)).map((o) => o.id),
    ).toContain(hmo.id);
    for (const organization of await search('_count=100')) expectValidFhir(organization);
    // Cashiers have no FHIR access (FHIR_ROLES).
    expect((await fhirGet(t, `/Organization/${hmo.id}`, (await signedIn(t, 'cashier')).headers)).status).toBe(
      403,
    );
  }, 60_000);
});
