import {
  type AgeingReport,
  CHARGE_MESSAGES,
  type ClaimDetail,
  type ClaimLine,
  type ClaimSummary,
  CLAIM_MESSAGES as M,
} from '@carepoint/contract';
import type { Bundle, ClaimResponse, Claim as FhirClaim } from '@medplum/fhirtypes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import { charge, coverage, hmo } from '../../../test/billing';
import { entries, expectValidFhir, fhirGet } from '../../../test/fhir';
import { createTestApp, createUser, signedIn, signIn, type TestApp } from '../../../test/helpers';
import { auditEvents, charges, claims } from '../../db/schema';

/*
 * Claims (docs/areas/billing-claims.md): generation takes exactly the payer's unclaimed covered
 * charges of the period (never one twice, even when two generate at once), flags what the payer
 * would refuse, freezes on submit; remittance per line with its arithmetic and the claim's
 * status; resubmission of denied lines; ageing; the void refused while claimed; the CSV's
 * defused formulas; roles, 404s and bad text.
 */

let t: TestApp;
let cashier: Client;
let admin: Client;

beforeAll(async () => {
  t = await createTestApp();
  cashier = client(t, (await signedIn(t, 'cashier')).headers);
  admin = client(t, (await signedIn(t, 'admin')).headers);
});
afterAll(() => t.close());

const lines = (claim: ClaimDetail): ClaimLine[] => claim.encounters.flatMap((e) => e.lines);

/** An HMO with a covered patient and `amounts` charged on the given days (10 % the patient's). */
async function covered(days: readonly string[], amount = 10_000_00) {
  const payer = await hmo(t);
  const patient = await createUser(t, 'patient', { firstName: '=HYPERLINK("x")', lastName: 'Okafor' });
  const cover = await coverage(t, patient.id, payer.id);
  const made = [];
  for (const careDate of days)
    made.push(await charge(t, patient.id, { amount, careDate, coverage: cover, payerId: payer.id }));
  return { payer, patient, cover, charges: made };
}

const generate = (payerId: string, periodFrom: string, periodTo: string) =>
  cashier.post('/api/billing/claims', { payerId, periodFrom, periodTo });

async function generated(payerId: string, periodFrom = '2026-01-01', periodTo = '2026-01-31') {
  const res = await generate(payerId, periodFrom, periodTo);
  expect(res.statusCode, res.body).toBe(201);
  const read = await cashier.get(`/api/billing/claims/${res.json<ClaimSummary>().id}`);
  return read.json<ClaimDetail>();
}

/** Codes every encounter of a draft with E11.9 and submits it. */
async function submitted(claim: ClaimDetail) {
  for (const e of claim.encounters) {
    const [first] = e.lines;
    if (!first) continue;
    const res = await cashier.put(`/api/billing/claims/${claim.id}/lines/${first.id}`, {
      diagnosisCode: 'E11.9',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await cashier.post(`/api/billing/claims/${claim.id}/submit`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ClaimDetail>();
}

const remit = (claimId: string, lineId: string, body: object) =>
  cashier.put(`/api/billing/claims/${claimId}/lines/${lineId}/remittance`, body);

describe('generating a claim', () => {
  it('takes the payer’s covered charges of the period, once, not voided, not self-pay, not nothing owed', async () => {
    const { payer, patient, cover } = await covered(['2026-01-05', '2026-01-31']);
    // Outside the period, another payer's, the patient's own, voided, and all the patient's share.
    await charge(t, patient.id, {
      amount: 5_000_00,
      careDate: '2026-02-01',
      coverage: cover,
      payerId: payer.id,
    });
    const other = await covered(['2026-01-10']);
    const selfPaid = await charge(t, patient.id, {
      amount: 3_000_00,
      careDate: '2026-01-10',
      payerId: other.payer.id,
    });
    await t.database.db.update(charges).set({ payerId: payer.id }).where(eq(charges.id, selfPaid.id));
    const voided = await charge(t, patient.id, {
      amount: 7_000_00,
      careDate: '2026-01-12',
      coverage: cover,
      payerId: payer.id,
    });
    await t.database.db
      .update(charges)
      .set({ status: 'void', voidReason: 'Wrong patient', voidedAt: new Date() })
      .where(eq(charges.id, voided.id));

    const claim = await generated(payer.id);
    expect(claim.status).toBe('draft');
    expect(claim.number).toMatch(/^CLM-\d{4}-\d{6}$/);
    expect(
      lines(claim)
        .map((l) => l.careDate)
        .sort(),
    ).toEqual(['2026-01-05', '2026-01-31']);
    expect(claim.totalClaimed).toBe(2 * 9_000_00);
    expect(claim.encounters[0]?.memberNumber).toBe(cover.memberNumber);
    // Not a diagnosis among them: every line is flagged, none dropped.
    expect(claim.flaggedCount).toBe(2);
    expect(lines(claim).every((l) => l.flags.includes('diagnosis'))).toBe(true);

    // Again: nothing left to claim.
    const again = await generate(payer.id, '2026-01-01', '2026-01-31');
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(M.nothingToClaim);
  });

  it('never claims a charge twice when two generate the same payer and period at once', async () => {
    const { payer } = await covered(['2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05']);
    const results = await Promise.all([1, 2, 3].map(() => generate(payer.id, '2026-01-01', '2026-01-31')));
    const made = await Promise.all(
      results
        .filter((r) => r.statusCode === 201)
        .map(async (r) =>
          (await cashier.get(`/api/billing/claims/${r.json<ClaimSummary>().id}`)).json<ClaimDetail>(),
        ),
    );
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const claimed = made.flatMap((c) => lines(c).map((l) => l.chargeId));
    expect(claimed).toHaveLength(4);
    expect(new Set(claimed).size).toBe(4);
  });

  it('refuses self-pay, a bad period, an unknown payer', async () => {
    const [selfPay] = await t.database.db
      .execute<{ id: string }>(sql`select id from payers where kind = 'self-pay'`)
      .then((r) => (r as unknown as { rows: Array<{ id: string }> }).rows);
    expectInvalid(
      await generate(selfPay?.id ?? '', '2026-01-01', '2026-01-31'),
      M.payerNotClaimable,
      'payerId',
    );
    const { payer } = await covered([]);
    expectInvalid(await generate(payer.id, '2026-02-01', '2026-01-31'), M.periodOrder, 'periodTo');
    expectInvalid(await generate(payer.id, '2026-13-01', '2026-01-31'), M.dateInvalid, 'periodFrom');
    expectInvalid(
      await generate('00000000-0000-4000-8000-000000000000', '2026-01-01', '2026-01-31'),
      M.payerRequired,
      'payerId',
    );
  });
});

describe('review and submit', () => {
  it('flags a missing pre-auth code, refuses to submit until corrected, then freezes the claim', async () => {
    const { payer, charges: made } = await covered(['2026-01-06']);
    await t.database.db
      .update(charges)
      .set({ preauthRequired: true })
      .where(eq(charges.id, made[0]?.id ?? ''));
    const claim = await generated(payer.id);
    const [line] = lines(claim);
    if (!line) throw new Error('no line');
    expect(line.flags.sort()).toEqual(['diagnosis', 'preauth']);
    const refused = await cashier.post(`/api/billing/claims/${claim.id}/submit`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(M.flaggedLines);

    expectInvalid(
      await cashier.put(`/api/billing/claims/${claim.id}/lines/${line.id}`, { diagnosisCode: 'ZZZ' }),
      /diagnosis code/,
    );
    const fixed = await cashier.put(`/api/billing/claims/${claim.id}/lines/${line.id}`, {
      diagnosisCode: 'e11.9',
      preauthCode: 'PA-2026-0042',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const body = fixed.json<ClaimDetail>();
    expect(body.flaggedCount).toBe(0);
    expect(body.encounters[0]?.diagnosis?.code).toBe('E11.9');
    const sent = await cashier.post(`/api/billing/claims/${claim.id}/submit`);
    expect(sent.json<ClaimDetail>().status).toBe('submitted');
    const frozen = await cashier.put(`/api/billing/claims/${claim.id}/lines/${line.id}`, {
      preauthCode: 'X',
    });
    expect(frozen.statusCode).toBe(409);
    expect((await cashier.delete(`/api/billing/claims/${claim.id}/lines/${line.id}`)).statusCode).toBe(409);
  });

  it('removing a line from a draft leaves its charge for a later claim', async () => {
    const { payer } = await covered(['2026-01-07', '2026-01-08']);
    const claim = await generated(payer.id);
    const [first] = lines(claim);
    const res = await cashier.delete(`/api/billing/claims/${claim.id}/lines/${first?.id}`);
    expect(res.json<ClaimDetail>().lineCount).toBe(1);
    const later = await generated(payer.id);
    expect(lines(later).map((l) => l.chargeId)).toEqual([first?.chargeId]);
  });
});

describe('remittance', () => {
  it('paid, part-paid and denied: the arithmetic, the statuses, once per line', async () => {
    const { payer } = await covered(['2026-01-09', '2026-01-10', '2026-01-11'], 20_000_00);
    const claim = await submitted(await generated(payer.id));
    const [a, b, c] = lines(claim);
    if (!a || !b || !c) throw new Error('lines missing');
    expect(a.amount).toBe(18_000_00);

    const paid = await remit(claim.id, a.id, { outcome: 'paid' });
    expect(paid.json<ClaimDetail>().status).toBe('part-settled');
    expect(paid.json<ClaimDetail>().totalPaid).toBe(18_000_00);

    expectInvalid(
      await remit(claim.id, b.id, { outcome: 'part-paid', paidAmount: 18_000_00 }),
      M.paidRange,
      'paidAmount',
    );
    expectInvalid(await remit(claim.id, b.id, { outcome: 'part-paid' }), M.paidRange, 'paidAmount');
    expectInvalid(await remit(claim.id, c.id, { outcome: 'denied' }), M.reasonRequired, 'reason');
    expectInvalid(await remit(claim.id, c.id, { outcome: 'denied', reason: 'No\u0000code' }), /.+/, 'reason');
    expectInvalid(
      await remit(claim.id, c.id, { outcome: 'denied', reason: 'x'.repeat(100_000) }),
      /at most/,
      'reason',
    );

    // Two answers for the same line at once: one is recorded.
    const both = await Promise.all([
      remit(claim.id, b.id, { outcome: 'part-paid', paidAmount: 12_000_00 }),
      remit(claim.id, b.id, { outcome: 'paid' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);

    const denied = await remit(claim.id, c.id, { outcome: 'denied', reason: 'No pre-authorisation code' });
    const done = denied.json<ClaimDetail>();
    expect(done.status).toBe('settled');
    const paidB = lines(done).find((l) => l.id === b.id)?.paidAmount ?? 0;
    expect(done.totalPaid).toBe(18_000_00 + paidB);
    expect(lines(done).find((l) => l.id === c.id)).toMatchObject({ outcome: 'denied', paidAmount: 0 });
  });

  it('is refused on a draft', async () => {
    const { payer } = await covered(['2026-01-12']);
    const claim = await generated(payer.id);
    const res = await remit(claim.id, lines(claim)[0]?.id ?? '', { outcome: 'paid' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toBe(M.notSubmitted);
  });
});

describe('resubmission and the void', () => {
  it('a denied line goes, corrected, on a new claim that links to it, once', async () => {
    const { payer, charges: made } = await covered(['2026-01-13', '2026-01-14']);
    const claim = await submitted(await generated(payer.id));
    const [a, b] = lines(claim);
    if (!a || !b) throw new Error('lines missing');

    // Claimed: the cashier's Void is refused by the database's trigger, answered 409 on the reason.
    const refused = await cashier.post(`/api/billing/charges/${a.chargeId}/void`, { reason: 'Mistake' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CHARGE_CLAIMED',
      error: CHARGE_MESSAGES.claimed,
      fieldErrors: { reason: [CHARGE_MESSAGES.claimed] },
    });
    // Nor does a write around the service get past it.
    await expect(
      t.database.db
        .update(charges)
        .set({ status: 'void', voidReason: 'Mistake', voidedAt: new Date() })
        .where(eq(charges.id, a.chargeId)),
    ).rejects.toThrow();
    expect(made.map((c) => c.id)).toContain(a.chargeId);

    const early = await cashier.post(`/api/billing/claims/${claim.id}/resubmit`, {
      lines: [{ lineId: a.id }],
    });
    expectInvalid(early, M.notDenied, 'lines.0.lineId');
    await remit(claim.id, a.id, { outcome: 'denied', reason: 'No pre-authorisation code' });
    await remit(claim.id, b.id, { outcome: 'paid' });

    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        cashier.post(`/api/billing/claims/${claim.id}/resubmit`, {
          lines: [{ lineId: a.id, preauthCode: 'PA-77' }],
        }),
      ),
    );
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([201, 409]);
    const made201 = [first, second].find((r) => r?.statusCode === 201)?.json<ClaimDetail>();
    const [again] = made201 ? lines(made201) : [];
    expect(again).toMatchObject({
      chargeId: a.chargeId,
      preauthCode: 'PA-77',
      resubmits: { lineId: a.id, claimNumber: claim.number },
    });
    expect(made201?.status).toBe('draft');

    const original = (await cashier.get(`/api/billing/claims/${claim.id}`)).json<ClaimDetail>();
    expect(lines(original).find((l) => l.id === a.id)?.resubmittedIn?.claimNumber).toBe(made201?.number);
  });

  it('a denied line not resubmitted frees its charge to be voided', async () => {
    const { payer } = await covered(['2026-01-15']);
    const claim = await submitted(await generated(payer.id));
    const [a] = lines(claim);
    await remit(claim.id, a?.id ?? '', { outcome: 'denied', reason: 'Not covered' });
    const voided = await cashier.post(`/api/billing/charges/${a?.chargeId ?? ''}/void`, {
      reason: 'Billed to the patient instead',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(charges)
      .where(eq(charges.id, a?.chargeId ?? ''));
    expect(row?.status).toBe('void');
  });
});

describe('ageing', () => {
  it('puts what each payer owes in its bucket by the days since submission', async () => {
    const { payer } = await covered(['2026-01-16', '2026-01-17', '2026-01-18', '2026-01-19', '2026-01-20']);
    const claim = await submitted(await generated(payer.id));
    const [paidLine] = lines(claim);
    await remit(claim.id, paidLine?.id ?? '', { outcome: 'paid' });
    const now = t.clock.now().getTime();
    const day = 86_400_000;
    const ageOf = async (days: number) => {
      await t.database.db
        .update(claims)
        .set({ submittedAt: new Date(now - days * day) })
        .where(eq(claims.id, claim.id));
      const res = await cashier.get('/api/billing/claims/ageing');
      expect(res.statusCode, res.body).toBe(200);
      const report = res.json<AgeingReport>();
      return report.payers.find((p) => p.id === payer.id);
    };
    expect((await ageOf(0))?.buckets).toEqual({ '0-30': 4 * 9_000_00, '31-60': 0, '61-90': 0, '90+': 0 });
    expect((await ageOf(31))?.buckets['31-60']).toBe(4 * 9_000_00);
    expect((await ageOf(90))?.buckets['61-90']).toBe(4 * 9_000_00);
    expect((await ageOf(91))?.buckets['90+']).toBe(4 * 9_000_00);
    expect((await ageOf(91))?.total).toBe(4 * 9_000_00);
  });
});

describe('exports', () => {
  it('CSV: the payer form’s columns, formulas defused; PDF; reads audited per patient', async () => {
    const { payer, patient } = await covered(['2026-01-21']);
    const claim = await generated(payer.id);
    const csv = await cashier.get(`/api/billing/claims/${claim.id}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const [header, row] = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(header).toContain('Member number,Encounter type');
    expect(row).toContain(`"'=HYPERLINK(""x"") Okafor"`);
    expect(row).toContain('9000.00');
    const pdf = await admin.get(`/api/billing/claims/${claim.id}/export.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const rows = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, patient.id), eq(auditEvents.entityId, claim.id)));
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['claim.generate', 'claim.export']));
  });
});

describe('who may do what', () => {
  it('the cashier works claims; the admin reads; other roles are refused; a missing claim is 404', async () => {
    const { payer } = await covered(['2026-01-22']);
    expect(
      (
        await admin.post('/api/billing/claims', {
          payerId: payer.id,
          periodFrom: '2026-01-01',
          periodTo: '2026-01-31',
        })
      ).statusCode,
    ).toBe(403);
    const claim = await generated(payer.id);
    expect((await admin.get(`/api/billing/claims/${claim.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/billing/claims?status=draft')).statusCode).toBe(200);
    expect((await admin.post(`/api/billing/claims/${claim.id}/submit`)).statusCode).toBe(403);
    for (const role of ['doctor', 'nurse', 'pharmacist', 'lab', 'patient'] as const) {
      const other = client(t, (await signedIn(t, role)).headers);
      expect((await other.get('/api/billing/claims')).statusCode, role).toBe(403);
      expect((await other.get(`/api/billing/claims/${claim.id}`)).statusCode, role).toBe(403);
    }
    expect((await client(t).get('/api/billing/claims')).statusCode).toBe(401);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await cashier.get(`/api/billing/claims/${missing}`)).statusCode).toBe(404);
    expect((await cashier.post(`/api/billing/claims/${missing}/submit`)).statusCode).toBe(404);
    expect((await cashier.put(`/api/billing/claims/${claim.id}/lines/${missing}`, {})).statusCode).toBe(404);
  });

  it('lists claims paged, searched by number and filtered by payer', async () => {
    const { payer } = await covered(['2026-01-23']);
    const claim = await generated(payer.id);
    const res = await cashier.get(
      `/api/billing/claims?payerId=${payer.id}&q=${claim.number}&sort=total&order=desc`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Array<{ id: string }> }>().data.map((c) => c.id)).toEqual([claim.id]);
    expect((await cashier.get('/api/billing/claims?status=nope')).statusCode).toBe(400);
    expect((await cashier.get(`/api/billing/claims?q=${'x'.repeat(500)}`)).statusCode).toBe(400);
  });
});

describe('FHIR Claim and ClaimResponse', () => {
  it('serve a patient’s part of a claim, valid R4, searched by patient and insurer, in the patient’s compartment', async () => {
    const { payer, patient, cover } = await covered(['2026-01-24', '2026-01-25']);
    const claim = await submitted(await generated(payer.id));
    const [a, b] = lines(claim);
    await remit(claim.id, a?.id ?? '', { outcome: 'denied', reason: 'Not covered' });
    const doctor = (await signedIn(t, 'doctor')).headers;

    const found = await fhirGet<Bundle>(
      t,
      `/Claim?patient=Patient/${patient.id}&insurer=Organization/${payer.id}`,
      doctor,
    );
    expect(found.status).toBe(200);
    const [resource] = entries<FhirClaim>(found.body);
    if (!resource) throw new Error('no Claim');
    expectValidFhir(resource);
    expect(resource).toMatchObject({
      status: 'active',
      use: 'claim',
      type: { coding: [{ code: 'professional' }] },
      patient: { reference: `Patient/${patient.id}` },
      insurer: { reference: `Organization/${payer.id}` },
      insurance: [{ focal: true, coverage: { reference: `Coverage/${cover.id}` } }],
      diagnosis: [
        {
          diagnosisCodeableConcept: {
            coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'E11.9' }, { code: 'E11.9' }],
          },
        },
      ],
      total: { value: 18_000, currency: 'NGN' },
    });
    expect(resource.item).toHaveLength(2);
    expect(resource.item?.[0]).toMatchObject({
      quantity: { value: 1 },
      unitPrice: { value: 10_000 },
      net: { value: 9_000 },
    });

    const read = await fhirGet<FhirClaim>(t, `/Claim/${resource.id}`, doctor);
    expect(read.body.id).toBe(resource.id);
    const answer = await fhirGet<Bundle>(t, `/ClaimResponse?request=Claim/${resource.id}`, doctor);
    const [response] = entries<ClaimResponse>(answer.body);
    if (!response) throw new Error('no ClaimResponse');
    expectValidFhir(response);
    expect(response).toMatchObject({ outcome: 'partial', request: { reference: `Claim/${resource.id}` } });
    expect(response.item?.[0]?.adjudication).toEqual([
      expect.objectContaining({
        category: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/adjudication', code: 'submitted' }],
        },
      }),
      expect.objectContaining({ amount: { value: 0, currency: 'NGN' }, reason: { text: 'Not covered' } }),
    ]);
    await remit(claim.id, b?.id ?? '', { outcome: 'paid' });
    expect((await fhirGet<ClaimResponse>(t, `/ClaimResponse/${resource.id}`, doctor)).body.outcome).toBe(
      'complete',
    );

    // The patient reads their own; another patient's is 404.
    const own = await signIn(t, patient);
    expect((await fhirGet(t, `/Claim/${resource.id}`, own)).status).toBe(200);
    const other = (await signedIn(t, 'patient')).headers;
    expect((await fhirGet(t, `/Claim/${resource.id}`, other)).status).toBe(404);
    expect((await fhirGet(t, '/Claim/not-an-id', doctor)).status).toBe(404);
    // Four accounts signed in (argon2 on purpose) and a claim's whole round: more than the default's 30 s on a busy machine.
  }, 90_000);
});
