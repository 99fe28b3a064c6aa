import {
  type Coverage,
  type CoverageList,
  type CoverageStatusAnswer,
  COVERAGE_MESSAGES as M,
  type Payer,
} from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, type Client, client, expectInvalid } from '../../../test/admin';
import { charge, consultationService, hmo } from '../../../test/billing';
import { createTestApp, createUser, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { auditEvents, charges } from '../../db/schema';
import { coverageOn } from './coverage-on';

/*
 * A patient's coverage (docs/areas/billing-coverage.md): who may, 404s, bad input, the member
 * number's uniqueness under parallel adds, the status and its warning, coverageOn across dates,
 * pre-authorisation (the payer's services, the codes, a code a charge uses stays). FHIR Coverage:
 * modules/fhir/coverage.test.ts.
 */

let t: TestApp;
let admin: Client;
let cashier: Client;
let patient: TestUser;
let nhia: Payer;
let hmoPayer: Payer;

const MISSING = '00000000-0000-4000-8000-000000000000';
/** The test clock's facility date is 2030-01-07. */
const TODAY = '2030-01-07';

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminClient(t);
  cashier = client(t, (await signedIn(t, 'cashier')).headers);
  patient = await createUser(t, 'patient');
  nhia = (
    await admin.post('/api/admin/payers', { kind: 'nhia', name: 'NHIA', code: 'NHIA-01' })
  ).json<Payer>();
  hmoPayer = (await admin.post('/api/admin/payers', { kind: 'hmo', name: 'Cover HMO' })).json<Payer>();
});
afterAll(() => t.close());

let members = 0;
const body = (fields: Record<string, unknown> = {}) => {
  members += 1;
  return {
    payerId: nhia.id,
    memberNumber: `NHIA/${members}`,
    validFrom: '2029-01-01',
    shareKind: 'percent',
    shareBp: 1_000,
    ...fields,
  };
};
const add = (who: Client, patientId: string, fields: Record<string, unknown> = {}) =>
  who.post(`/api/patients/${patientId}/coverages`, body(fields));
const added = async (patientId: string, fields: Record<string, unknown> = {}) => {
  const res = await add(admin, patientId, fields);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Coverage>();
};
const list = async (patientId: string) => {
  const res = await cashier.get(`/api/patients/${patientId}/coverages`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CoverageList>();
};

describe('who may do what', () => {
  it('the desk (admin) and the cashier manage coverage; every other role is refused', async () => {
    const someone = await createUser(t, 'patient');
    expect((await add(cashier, someone.id)).statusCode).toBe(201);
    expect((await admin.get(`/api/patients/${someone.id}/coverages`)).statusCode).toBe(200);
    for (const role of ['doctor', 'nurse', 'pharmacist', 'lab', 'patient'] as const) {
      const other = client(t, (await signedIn(t, role)).headers);
      expect((await other.get(`/api/patients/${someone.id}/coverages`)).statusCode, role).toBe(403);
      expect((await other.get(`/api/patients/${someone.id}/coverage-status`)).statusCode, role).toBe(403);
      expect((await add(other, someone.id)).statusCode, role).toBe(403);
    }
    expect((await client(t).get(`/api/patients/${someone.id}/coverages`)).statusCode).toBe(401);
    // Pre-authorisation requirements are the administrator's.
    const service = await consultationService(t);
    const url = `/api/admin/payers/${nhia.id}/preauth-services/${service.id}`;
    expect((await cashier.put(url, { required: true })).statusCode).toBe(403);
  });

  it('answers 404 for an id that is not a patient, and for a coverage that does not exist', async () => {
    const doctor = await createUser(t, 'doctor');
    for (const id of [MISSING, doctor.id]) {
      expect((await cashier.get(`/api/patients/${id}/coverages`)).statusCode).toBe(404);
      expect((await cashier.get(`/api/patients/${id}/coverage-status`)).statusCode).toBe(404);
      expect((await add(cashier, id)).statusCode).toBe(404);
    }
    const coverageBody = { memberNumber: 'X', validFrom: TODAY, shareKind: 'percent', shareBp: 0 };
    expect((await cashier.put(`/api/coverages/${MISSING}`, coverageBody)).statusCode).toBe(404);
    expect((await cashier.put(`/api/coverages/${MISSING}/end`, { validTo: TODAY })).statusCode).toBe(404);
    expect((await cashier.delete(`/api/coverages/${MISSING}/preauths/${MISSING}`)).statusCode).toBe(404);
  });
});

describe('adding, editing and ending', () => {
  it('adds an NHIA coverage and an HMO co-payment, newest first, each with its status; all audited', async () => {
    const someone = await createUser(t, 'patient');
    const old = await added(someone.id, {
      validFrom: '2028-01-01',
      validTo: '2028-12-31',
      plan: 'Formal sector',
    });
    const copay = await added(someone.id, {
      payerId: hmoPayer.id,
      validFrom: '2029-06-01',
      shareKind: 'copay',
      shareBp: 500,
      copayAmount: 100_000,
    });
    const later = await added(someone.id, { validFrom: '2031-01-01' });
    expect(copay).toMatchObject({
      shareKind: 'copay',
      shareBp: null,
      copayAmount: 100_000,
      status: 'in-force',
    });
    expect(old).toMatchObject({
      plan: 'Formal sector',
      status: 'expired',
      payer: { name: 'NHIA', kind: 'nhia' },
    });
    const { coverages, status } = await list(someone.id);
    expect(coverages.map((c) => c.id)).toEqual([later.id, copay.id, old.id]);
    expect(coverages.map((c) => c.status)).toEqual(['not-yet-valid', 'in-force', 'expired']);
    expect(status).toEqual({
      inForce: { id: copay.id, payerName: 'Cover HMO', memberNumber: copay.memberNumber },
      warning: null,
    });
    const actions = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.patientId, someone.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['coverage.create', 'coverage.list']),
    );
  });

  it('edits the plan, member number, dates and share, and ends a coverage', async () => {
    const someone = await createUser(t, 'patient');
    const c = await added(someone.id);
    const edited = await cashier.put(`/api/coverages/${c.id}`, {
      plan: 'Gold',
      memberNumber: 'NHIA/EDITED',
      validFrom: '2029-02-01',
      validTo: '2030-12-31',
      shareKind: 'percent',
      shareBp: 1_250,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Coverage>()).toMatchObject({
      plan: 'Gold',
      memberNumber: 'NHIA/EDITED',
      shareBp: 1_250,
    });
    expectInvalid(
      await admin.put(`/api/coverages/${c.id}/end`, { validTo: '2029-01-31' }),
      M.validToBeforeFrom,
      'validTo',
    );
    const ended = await admin.put(`/api/coverages/${c.id}/end`, { validTo: '2030-01-05' });
    expect(ended.json<Coverage>()).toMatchObject({ validTo: '2030-01-05', status: 'expired' });
    const [audit] = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, c.id), eq(auditEvents.action, 'coverage.update')));
    expect(audit?.details).toMatchObject({ previous: { memberNumber: c.memberNumber, shareBp: 1_000 } });
  });

  it('refuses bad input on its field, NUL bytes and huge strings included', async () => {
    const id = patient.id;
    expectInvalid(await add(admin, id, { memberNumber: '  ' }), M.memberRequired, 'memberNumber');
    expectInvalid(await add(admin, id, { memberNumber: 'A\u0000B' }), /.+/, 'memberNumber');
    expectInvalid(await add(admin, id, { memberNumber: 'x'.repeat(100_000) }), /at most 40/, 'memberNumber');
    expectInvalid(await add(admin, id, { plan: 'p'.repeat(1_000) }), /at most 80/, 'plan');
    expectInvalid(await add(admin, id, { validFrom: '2029-02-30' }), M.dateInvalid, 'validFrom');
    expectInvalid(await add(admin, id, { validTo: '2028-12-31' }), M.validToBeforeFrom, 'validTo');
    expectInvalid(await add(admin, id, { shareBp: 10_001 }), M.percentRange, 'shareBp');
    expectInvalid(await add(admin, id, { shareBp: 12.5 }), M.percentRange, 'shareBp');
    expectInvalid(await add(admin, id, { shareBp: null }), M.percentRange, 'shareBp');
    expectInvalid(await add(admin, id, { shareKind: 'copay', copayAmount: -1 }), M.copayRange, 'copayAmount');
    expectInvalid(await add(admin, id, { shareKind: 'copay' }), M.copayRange, 'copayAmount');
    expectInvalid(await add(admin, id, { payerId: 'nope' }), M.payerRequired, 'payerId');
    const selfPay = (await admin.get('/api/payers')).json<Payer[]>().find((p) => p.kind === 'self-pay');
    expectInvalid(await add(admin, id, { payerId: selfPay?.id }), M.payerRequired, 'payerId');
    const inactive = await hmo(t, { active: false });
    expectInvalid(await add(admin, id, { payerId: inactive.id }), M.payerRequired, 'payerId');
  });

  it('a member number is one person’s on a payer: two parallel adds give one 201 and one 409', async () => {
    const [a, b] = [await createUser(t, 'patient'), await createUser(t, 'patient')];
    const same = { memberNumber: 'RACE/0001' };
    const results = await Promise.all([
      add(admin, a.id, same),
      add(cashier, b.id, { memberNumber: 'race/0001' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json<{ fieldErrors: Record<string, string[]> }>().fieldErrors.memberNumber).toEqual([
      M.memberTaken,
    ]);
    // Another payer may use the same number.
    expect((await add(admin, a.id, { ...same, payerId: hmoPayer.id })).statusCode).toBe(201);
  });
});

describe('which coverage pays, and the warning', () => {
  it('coverageOn picks the coverage valid on each day, the newer one where two overlap', async () => {
    const someone = await createUser(t, 'patient');
    const first = await added(someone.id, { validFrom: '2029-01-01', validTo: '2029-06-30' });
    const second = await added(someone.id, {
      payerId: hmoPayer.id,
      validFrom: '2029-06-01',
      validTo: '2029-12-31',
    });
    const on = (day: string) => coverageOn(t.database.db, someone.id, day);
    expect(await on('2028-12-31')).toBeNull();
    expect((await on('2029-01-01'))?.id).toBe(first.id);
    expect((await on('2029-05-31'))?.id).toBe(first.id);
    expect((await on('2029-06-15'))?.id).toBe(second.id);
    expect((await on('2029-12-31'))?.id).toBe(second.id);
    expect(await on('2030-01-01')).toBeNull();
  });

  it('warns when the latest coverage has expired: care is charged to self-pay', async () => {
    const someone = await createUser(t, 'patient');
    const none = await cashier.get(`/api/patients/${someone.id}/coverage-status`);
    expect(none.json<CoverageStatusAnswer>()).toEqual({ inForce: null, warning: null });
    await added(someone.id, { validFrom: '2028-01-01', validTo: '2029-11-12' });
    const status = (
      await admin.get(`/api/patients/${someone.id}/coverage-status`)
    ).json<CoverageStatusAnswer>();
    expect(status).toEqual({
      inForce: null,
      warning: 'NHIA coverage expired on 12 Nov 2029 — care is charged to self-pay',
    });
    // A new coverage in force: no warning.
    await added(someone.id, { payerId: hmoPayer.id, validFrom: TODAY });
    expect((await list(someone.id)).status.warning).toBeNull();
  });
});

describe('pre-authorisation', () => {
  it('the administrator sets the services a payer requires it for; codes go only on those', async () => {
    const service = await consultationService(t);
    const url = `/api/admin/payers/${nhia.id}/preauth-services`;
    const set = await admin.put(`${url}/${service.id}`, { required: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<string[]>()).toEqual([service.id]);
    // Twice is once.
    expect((await admin.put(`${url}/${service.id}`, { required: true })).json<string[]>()).toEqual([
      service.id,
    ]);
    const selfPay = (await admin.get('/api/payers')).json<Payer[]>().find((p) => p.kind === 'self-pay');
    expectInvalid(
      await admin.put(`/api/admin/payers/${selfPay?.id}/preauth-services/${service.id}`, { required: true }),
      M.selfPayNoPreauth,
      'required',
    );
    expect((await admin.put(`${url}/${MISSING}`, { required: true })).statusCode).toBe(404);

    const someone = await createUser(t, 'patient');
    const c = await added(someone.id);
    expect(c.preauthServices).toEqual([expect.objectContaining({ id: service.id, code: 'CONS-GP' })]);
    const other = await added(someone.id, { payerId: hmoPayer.id });
    expectInvalid(
      await cashier.post(`/api/coverages/${other.id}/preauths`, { serviceId: service.id, code: 'PA-1' }),
      M.serviceNoPreauth,
      'serviceId',
    );
    expectInvalid(
      await cashier.post(`/api/coverages/${c.id}/preauths`, { serviceId: service.id, code: '\u0000' }),
      /.+/,
      'code',
    );
    const first = await cashier.post(`/api/coverages/${c.id}/preauths`, {
      serviceId: service.id,
      code: 'PA-1',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Coverage>().preauths).toEqual([
      expect.objectContaining({
        code: 'PA-1',
        inUse: false,
        service: expect.objectContaining({ id: service.id }),
      }),
    ]);
    const again = await cashier.post(`/api/coverages/${c.id}/preauths`, {
      serviceId: service.id,
      code: 'PA-1',
    });
    expect(again.statusCode).toBe(409);

    // A charge uses the code: it stays, whatever asks.
    const preauth = first.json<Coverage>().preauths[0];
    const row = await charge(t, someone.id, { amount: 500_000, payerId: nhia.id });
    await t.database.db
      .update(charges)
      .set({ coverageId: c.id, payerId: nhia.id, preauthCode: 'PA-1', preauthRequired: true })
      .where(eq(charges.id, row.id));
    expect((await list(someone.id)).coverages.find((x) => x.id === c.id)?.preauths[0]?.inUse).toBe(true);
    const refused = await admin.delete(`/api/coverages/${c.id}/preauths/${preauth?.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(M.preauthInUse);
    // The database refuses it too.
    await expect(
      t.database.db.execute(`delete from coverage_preauths where id = '${preauth?.id}'`),
    ).rejects.toThrow();

    const second = await cashier.post(`/api/coverages/${c.id}/preauths`, {
      serviceId: service.id,
      code: 'PA-2',
    });
    const unused = second.json<Coverage>().preauths.find((p) => p.code === 'PA-2');
    const removed = await cashier.delete(`/api/coverages/${c.id}/preauths/${unused?.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Coverage>().preauths.map((p) => p.code)).toEqual(['PA-1']);

    const cleared = await admin.put(`${url}/${service.id}`, { required: false });
    expect(cleared.json<string[]>()).toEqual([]);
  });
});
