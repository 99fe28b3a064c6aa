import {
  DISPENSING_MESSAGES,
  type DispenseLineInput,
  type DispensingPrescription,
  type DispensingQueue,
  PHARMACY_MESSAGES,
  PRESCRIPTION_MESSAGES,
  type PrescriptionPage,
  type PrescriptionResponse,
} from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Client, client, expectInvalid } from '../../../test/admin';
import {
  createTestApp,
  createUser,
  serviceContext,
  signIn,
  type TestApp,
  type TestUser,
} from '../../../test/helpers';
import { batchWithStock, mainStore, medicine } from '../../../test/pharmacy';
import {
  auditEvents,
  charges,
  patientMedicalDetails,
  payers,
  stockBalances,
  stockMovements,
} from '../../db/schema';
import { actingAs, actorOf } from '../../lib/context';
import { move } from '../pharmacy-stock';

/*
 * Dispensing through the API: the queue (oldest first, allergies, prescriber; gone once all is
 * handed over), FEFO with an override that needs a reason, expired batches refused by the service
 * and by the ledger itself, part of a line owed and shown to the doctor and the patient, the
 * substitution's reason, the label, the charge for billing, and the last pack raced.
 */

let t: TestApp;
type As = Client & { user: TestUser };
let doctor: As;
let pharmacist: As;
let otherPharmacist: As;
let main: Awaited<ReturnType<typeof mainStore>>;

const as = async (user: TestUser): Promise<As> => Object.assign(client(t, await signIn(t, user)), { user });

function ok<T>(res: { statusCode: number; body: string; json: <J>() => J }, status = 200): T {
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}

/**
 * A prescription written through the app for a new patient, one line per medicine: a name written
 * outside the formulary, or a formulary medicine picked by its id.
 */
async function prescribe(
  lines: ReadonlyArray<string | { name: string; medicineId: string }>,
  patient?: TestUser,
) {
  const owner = patient ?? (await createUser(t, 'patient'));
  const written = ok<PrescriptionResponse>(
    await doctor.post('/api/doctor/prescriptions', {
      patientId: owner.id,
      medicines: lines.map((line) => ({
        ...(typeof line === 'string' ? { name: line } : line),
        dosage: '1 capsule',
        duration: '7 Days',
        time: 'After Meal',
        interval: 'Three times daily',
        comment: '',
      })),
      status: true,
    }),
    201,
  ).prescription;
  return { patient: owner, prescription: written, lineIds: written.medicines.map((m) => m.id) };
}

const dispense = (who: As, prescriptionId: string, lines: DispenseLineInput[], counselled = false) =>
  who.post(`/api/pharmacy/dispensing/prescriptions/${prescriptionId}`, { lines, counselled });

const queue = async () => ok<DispensingQueue>(await pharmacist.get('/api/pharmacy/dispensing/queue')).data;

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: 'Africa/Lagos' } });
  doctor = await as(await createUser(t, 'doctor', { firstName: 'Ngozi', lastName: 'Eze' }));
  pharmacist = await as(await createUser(t, 'pharmacist'));
  otherPharmacist = await as(await createUser(t, 'pharmacist'));
  main = await mainStore(t);
  // Self-pay prices a medicine at the formulary's price (no markup): the charges below are its.
  await t.database.db
    .update(payers)
    .set({ markupBp: 0, markupBase: 'formulary-price' })
    .where(eq(payers.kind, 'self-pay'));
});
afterAll(() => t.close());

describe('the dispensing queue', () => {
  it('lists prescriptions still owed, oldest first, with allergies and prescriber; only for pharmacists', async () => {
    const patient = await createUser(t, 'patient', { firstName: 'Bola', lastName: 'Ade' });
    await t.database.db
      .insert(patientMedicalDetails)
      .values({ patientId: patient.id, allergies: ['Sulfonamides'] });
    const first = await prescribe(['Amoxicillin 500 mg'], patient);
    t.clock.advance(60_000);
    const second = await prescribe(['Paracetamol 500 mg']);
    const entries = await queue();
    const ids = entries.map((e) => e.id);
    expect(ids.indexOf(first.prescription.id)).toBeLessThan(ids.indexOf(second.prescription.id));
    expect(entries.find((e) => e.id === first.prescription.id)).toMatchObject({
      patient: { id: patient.id, name: 'Bola Ade', allergies: ['Sulfonamides'] },
      prescriber: { name: 'Dr Ngozi Eze' },
      lines: 1,
      partlyDispensed: 0,
    });
    expect((await doctor.get('/api/pharmacy/dispensing/queue')).statusCode).toBe(403);
    const [row] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'dispensing.queue'));
    expect(row?.actorId).toBe(pharmacist.user.id);
  });

  it('leaves out stopped prescriptions', async () => {
    const { prescription } = await prescribe(['Ibuprofen 400 mg']);
    await doctor.patch(`/api/doctor/prescriptions/${prescription.id}/status`, { status: false });
    expect((await queue()).map((e) => e.id)).not.toContain(prescription.id);
  });
});

describe('dispensing', () => {
  it('takes the batch expiring first, keeps what is owed, and the doctor and the patient see it', async () => {
    const drug = await medicine(t, { genericName: `Amoxicillin ${Date.now()}`, price: 5_000 });
    const { batch: later } = await batchWithStock(t, {
      medicineId: drug.id,
      storeId: main.id,
      quantity: 50,
      expiryDate: '2031-06-30',
    });
    const { batch: sooner } = await batchWithStock(t, {
      medicineId: drug.id,
      storeId: main.id,
      quantity: 8,
      expiryDate: '2030-03-31',
    });
    const { patient, prescription, lineIds } = await prescribe(['Amoxicillin 500 mg']);
    const lineId = lineIds[0] ?? '';
    const published = vi.spyOn(t.app.events, 'publish');
    const view = ok<DispensingPrescription>(
      await dispense(
        pharmacist,
        prescription.id,
        [{ lineId, medicineId: drug.id, quantityPrescribed: 21, quantity: 10 }],
        true,
      ),
    );
    // Told after the commit: the queue and the prescriber's own screens, and the stock screens.
    expect(published.mock.calls).toEqual([
      ['pharmacy', { doctorIds: [doctor.user.id] }],
      ['stock', undefined],
    ]);
    published.mockRestore();
    const [line] = view.lines;
    expect(line?.supply).toMatchObject({ quantityPrescribed: 21, quantityDispensed: 10, owed: 11 });
    // FEFO: the 8 of the batch expiring first, then 2 of the next.
    expect(line?.items.map((i) => [i.batchNumber, i.quantity])).toEqual([
      [sooner.batchNumber, 8],
      [later.batchNumber, 2],
    ]);
    expect(line?.instructions).toBe('1 capsule · Three times daily · After Meal · 7 Days');
    expect(view.counselledAt).not.toBeNull();
    // The first batch to take now is the later one, the sooner being empty.
    expect(line?.batches.map((b) => [b.id, b.onHand])).toEqual([[later.id, 48]]);
    // The answer is built from what the dispense read and wrote: the same as reading the prescription anew.
    expect(
      ok<DispensingPrescription>(
        await pharmacist.get(`/api/pharmacy/dispensing/prescriptions/${prescription.id}`),
      ),
    ).toEqual(view);
    // Each item is a ledger row of kind dispense and a charge (docs/areas/billing-charges.md).
    const made = await t.database.db.select().from(charges).where(eq(charges.patientId, patient.id));
    expect(made.map((c) => [c.source, c.quantity, c.unitPrice, c.patientAmount, c.status]).sort()).toEqual([
      ['medicine', 2, 5_000, 10_000, 'active'],
      ['medicine', 8, 5_000, 40_000, 'active'],
    ]);
    const ledger = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.batchId, sooner.id));
    expect(ledger.map((m) => [m.kind, m.quantity, m.balanceAfter])).toEqual([
      ['receipt', 8, 8],
      ['dispense', -8, 0],
    ]);
    // Still owed: the prescription stays in the queue, marked partly dispensed.
    expect((await queue()).find((e) => e.id === prescription.id)?.partlyDispensed).toBe(1);
    // The doctor's prescription and the patient's list say what is still owed.
    const seen = ok<PrescriptionResponse>(await doctor.get(`/api/doctor/prescriptions/${prescription.id}`));
    expect(seen.prescription.medicines[0]?.supply).toMatchObject({ quantityDispensed: 10, owed: 11 });
    const patientClient = await as(patient);
    const own = ok<PrescriptionPage>(await patientClient.get('/api/patient/prescriptions'));
    expect(own.data[0]?.pharmacy).toBe(
      `Partly dispensed: 11 capsules of ${drug.genericName} 500 mg Capsule owed`,
    );
    // The rest, later: the line is complete and the prescription leaves the queue.
    const rest = ok<DispensingPrescription>(
      await dispense(pharmacist, prescription.id, [
        { lineId, medicineId: drug.id, quantityPrescribed: 21, quantity: 11 },
      ]),
    );
    expect(rest.lines[0]?.supply?.owed).toBe(0);
    expect((await queue()).map((e) => e.id)).not.toContain(prescription.id);
    expect(
      ok<PrescriptionPage>(await patientClient.get('/api/patient/prescriptions')).data[0]?.pharmacy,
    ).toBe('Dispensed');
  });

  it('never hands over more than the course, nor changes the course or the medicine afterwards', async () => {
    const drug = await medicine(t);
    await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 100 });
    const { prescription, lineIds } = await prescribe(['Metronidazole 400 mg']);
    const lineId = lineIds[0] ?? '';
    ok(
      await dispense(pharmacist, prescription.id, [
        { lineId, medicineId: drug.id, quantityPrescribed: 10, quantity: 6 },
      ]),
    );
    const more = await dispense(pharmacist, prescription.id, [
      { lineId, medicineId: drug.id, quantityPrescribed: 10, quantity: 5 },
    ]);
    expect(more.statusCode).toBe(409);
    expect(more.json()).toMatchObject({ error: DISPENSING_MESSAGES.moreThanOwed(4) });
    const changed = await dispense(pharmacist, prescription.id, [
      { lineId, medicineId: drug.id, quantityPrescribed: 12, quantity: 1 },
    ]);
    expect(changed.json()).toMatchObject({ error: DISPENSING_MESSAGES.prescribedChanged });
    const other = await medicine(t);
    const swapped = await dispense(pharmacist, prescription.id, [
      { lineId, medicineId: other.id, quantityPrescribed: 10, quantity: 1 },
    ]);
    expect(swapped.json()).toMatchObject({ error: DISPENSING_MESSAGES.medicineChanged });
  });

  it('a first dispense above the course says the whole course is owed, and hands nothing over', async () => {
    const drug = await medicine(t);
    await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 100 });
    const { prescription, lineIds } = await prescribe(['Metronidazole 400 mg']);
    const res = await dispense(pharmacist, prescription.id, [
      { lineId: lineIds[0] ?? '', medicineId: drug.id, quantityPrescribed: 10, quantity: 11 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: DISPENSING_MESSAGES.moreThanOwed(10),
      fieldErrors: { 'lines.0.quantity': [DISPENSING_MESSAGES.moreThanOwed(10)] },
    });
    const view = ok<DispensingPrescription>(
      await pharmacist.get(`/api/pharmacy/dispensing/prescriptions/${prescription.id}`),
    );
    expect(view.lines[0]?.supply).toBeNull();
  });

  it('two pharmacists dispensing the same lines named in opposite orders both finish, within each course', async () => {
    const [first, second] = [await medicine(t), await medicine(t)];
    for (const drug of [first, second])
      await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 100 });
    const { prescription, lineIds } = await prescribe(['Amoxicillin', 'Metronidazole']);
    const lines = [first, second].map((drug, index) => ({
      lineId: lineIds[index] ?? '',
      medicineId: drug.id,
      quantityPrescribed: 10,
      quantity: 5,
    }));
    const results = await Promise.all([
      dispense(pharmacist, prescription.id, lines),
      dispense(otherPharmacist, prescription.id, [...lines].reverse()),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const view = ok<DispensingPrescription>(
      await pharmacist.get(`/api/pharmacy/dispensing/prescriptions/${prescription.id}`),
    );
    expect(view.lines.map((line) => line.supply?.owed)).toEqual([0, 0]);
  });

  it('an override of the first-expiring batch needs a reason, and is recorded with it', async () => {
    const drug = await medicine(t);
    await batchWithStock(t, {
      medicineId: drug.id,
      storeId: main.id,
      quantity: 10,
      expiryDate: '2030-05-01',
    });
    const { batch: later } = await batchWithStock(t, {
      medicineId: drug.id,
      storeId: main.id,
      quantity: 10,
      expiryDate: '2031-05-01',
    });
    const { prescription, lineIds } = await prescribe(['Ciprofloxacin 500 mg']);
    const line = {
      lineId: lineIds[0] ?? '',
      medicineId: drug.id,
      quantityPrescribed: 4,
      quantity: 4,
      batchId: later.id,
    };
    expectInvalid(
      await dispense(pharmacist, prescription.id, [line]),
      DISPENSING_MESSAGES.overrideReason,
      'lines.0.overrideReason',
    );
    const view = ok<DispensingPrescription>(
      await dispense(pharmacist, prescription.id, [
        { ...line, overrideReason: 'Patient travels for six months' },
      ]),
    );
    expect(view.lines[0]?.items).toMatchObject([
      { batchNumber: later.batchNumber, quantity: 4, overrideReason: 'Patient travels for six months' },
    ]);
  });

  it('never dispenses an expired batch: not by FEFO, not by override, not by a direct ledger write', async () => {
    const drug = await medicine(t, {
      genericName: `Zinc ${Date.now()}`,
      strength: '20 mg',
      form: 'Dispersible tablet',
    });
    const { batch: expired, pharmacist: receiver } = await batchWithStock(t, {
      medicineId: drug.id,
      storeId: main.id,
      quantity: 30,
      expiryDate: '2029-12-31',
    });
    const { prescription, lineIds } = await prescribe(['Zinc 20 mg']);
    const line = { lineId: lineIds[0] ?? '', medicineId: drug.id, quantityPrescribed: 10, quantity: 10 };
    const fefo = await dispense(pharmacist, prescription.id, [line]);
    expect(fefo.statusCode).toBe(409);
    expect(fefo.json()).toMatchObject({
      error: DISPENSING_MESSAGES.noStock(`${drug.genericName} 20 mg Dispersible tablet`),
    });
    const override = await dispense(pharmacist, prescription.id, [
      { ...line, batchId: expired.id, overrideReason: 'Nothing else' },
    ]);
    expect(override.statusCode).toBe(409);
    expect(override.json()).toMatchObject({
      error: DISPENSING_MESSAGES.batchExpired(expired.batchNumber, '31 Dec 2029'),
    });
    // The database itself refuses, whatever a service checked.
    const ctx = actingAs(serviceContext(t), actorOf({ ...receiver, mustChangePassword: false }));
    await expect(
      move(ctx, [{ kind: 'dispense', storeId: main.id, batchId: expired.id, quantity: -1 }]),
    ).rejects.toThrow();
    const [balance] = await t.database.db
      .select()
      .from(stockBalances)
      .where(eq(stockBalances.batchId, expired.id));
    expect(balance?.quantity).toBe(30);
    // Nothing was half-written by the refused dispenses.
    const again = ok<DispensingPrescription>(
      await pharmacist.get(`/api/pharmacy/dispensing/prescriptions/${prescription.id}`),
    );
    expect(again.lines[0]?.supply).toBeNull();
  });

  it('preselects the prescribed formulary medicine; another one is a substitute, which needs a reason', async () => {
    const augmentin = await medicine(t, {
      genericName: `Amoxicillin/clavulanate ${Date.now()}`,
      strength: '625 mg',
      form: 'Tablet',
    });
    const generic = await medicine(t);
    const { batch } = await batchWithStock(t, { medicineId: augmentin.id, storeId: main.id, quantity: 3 });
    const { prescription, lineIds } = await prescribe([
      { name: 'Augmentin 625 mg', medicineId: augmentin.id },
    ]);
    const before = ok<DispensingPrescription>(
      await pharmacist.get(`/api/pharmacy/dispensing/prescriptions/${prescription.id}`),
    );
    expect(before.lines[0]?.prescribedMedicine?.id).toBe(augmentin.id);
    expect(before.lines[0]?.batches.map((b) => b.id)).toEqual([batch.id]);
    const line = { lineId: lineIds[0] ?? '', medicineId: generic.id, quantityPrescribed: 14, quantity: 0 };
    expectInvalid(
      await dispense(pharmacist, prescription.id, [line]),
      DISPENSING_MESSAGES.substitutionReason,
      'lines.0.substitutionReason',
    );
    // Quantity 0: the course is recorded, all of it owed (nothing of the substitute in stock yet).
    const view = ok<DispensingPrescription>(
      await dispense(pharmacist, prescription.id, [
        { ...line, substitutionReason: 'Only 3 of the brand left: generic amoxicillin when it comes' },
      ]),
    );
    expect(view.lines[0]?.supply).toMatchObject({
      medicine: { id: generic.id },
      owed: 14,
      substitutionReason: 'Only 3 of the brand left: generic amoxicillin when it comes',
    });
  });

  it('answers 400 with the field for bad input, 404 for an unknown prescription or a line of another', async () => {
    const { prescription, lineIds } = await prescribe(['Folic acid 5 mg']);
    const other = await prescribe(['Vitamin C']);
    const drug = await medicine(t);
    const line = { lineId: lineIds[0] ?? '', medicineId: drug.id, quantityPrescribed: 5, quantity: 1 };
    expectInvalid(
      await dispense(pharmacist, prescription.id, [{ ...line, quantity: -1 }]),
      DISPENSING_MESSAGES.quantity,
      'lines.0.quantity',
    );
    expectInvalid(
      await dispense(pharmacist, prescription.id, [{ ...line, overrideReason: 'a\u0000b' }]),
      /NUL/,
      'lines.0.overrideReason',
    );
    expectInvalid(await dispense(pharmacist, prescription.id, []), DISPENSING_MESSAGES.noLines, 'lines');
    expectInvalid(
      await dispense(pharmacist, prescription.id, [{ ...line, lineId: other.lineIds[0] ?? '' }]),
      DISPENSING_MESSAGES.lineNotFound,
      'lines.0.lineId',
    );
    const missing = await dispense(pharmacist, '00000000-0000-4000-8000-000000000000', [line]);
    expect(missing.statusCode).toBe(404);
    expect(
      (await doctor.post(`/api/pharmacy/dispensing/prescriptions/${prescription.id}`, { lines: [line] }))
        .statusCode,
    ).toBe(403);
  });

  it('a dispensed prescription keeps its dispensed lines: the doctor cannot delete it', async () => {
    const drug = await medicine(t);
    await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 5 });
    const { prescription, lineIds } = await prescribe(['Amlodipine 5 mg']);
    ok(
      await dispense(pharmacist, prescription.id, [
        { lineId: lineIds[0] ?? '', medicineId: drug.id, quantityPrescribed: 5, quantity: 5 },
      ]),
    );
    const removed = await doctor.delete(`/api/doctor/prescriptions/${prescription.id}`);
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toMatchObject({ error: PRESCRIPTION_MESSAGES.dispensed });
  });

  it('two pharmacists dispensing the last packs at the same moment: one succeeds, the other gets 409', async () => {
    const drug = await medicine(t, {
      genericName: `Artemether ${Date.now()}`,
      strength: '20/120 mg',
      form: 'Tablet',
    });
    const { batch } = await batchWithStock(t, { medicineId: drug.id, storeId: main.id, quantity: 6 });
    const [a, b] = [await prescribe(['Coartem']), await prescribe(['Coartem'])];
    const results = await Promise.all(
      [
        [pharmacist, a],
        [otherPharmacist, b],
      ].map(([who, rx]) =>
        dispense(who as As, (rx as typeof a).prescription.id, [
          {
            lineId: (rx as typeof a).lineIds[0] ?? '',
            medicineId: drug.id,
            quantityPrescribed: 6,
            quantity: 6,
          },
        ]),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json()).toMatchObject({
      error: expect.stringMatching(
        new RegExp(
          `^(${PHARMACY_MESSAGES.notEnoughStock(`${drug.genericName} 20/120 mg Tablet`, main.name)}|${DISPENSING_MESSAGES.noStock(`${drug.genericName} 20/120 mg Tablet`)})$`.replaceAll(
            '/',
            '\\/',
          ),
        ),
      ),
    });
    const [balance] = await t.database.db
      .select()
      .from(stockBalances)
      .where(eq(stockBalances.batchId, batch.id));
    expect(balance?.quantity).toBe(0);
    const takes = await t.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.batchId, batch.id));
    expect(takes.filter((m) => m.kind === 'dispense').map((m) => m.quantity)).toEqual([-6]);
    // The refused one wrote nothing: its line is not dispensed.
    const loser = results[0]?.statusCode === 409 ? a : b;
    const view = ok<DispensingPrescription>(
      await pharmacist.get(`/api/pharmacy/dispensing/prescriptions/${loser.prescription.id}`),
    );
    expect(view.lines[0]?.supply).toBeNull();
  });
});

describe('the label', () => {
  it('is a 70 × 38 mm PDF with the patient, the medicine, how to take it and the expiry', async () => {
    const drug = await medicine(t, {
      genericName: `Paracetamol ${Date.now()}`,
      strength: '500 mg',
      form: 'Tablet',
      dispensingUnit: 'tablet',
    });
    await batchWithStock(t, {
      medicineId: drug.id,
      storeId: main.id,
      quantity: 20,
      expiryDate: '2031-02-28',
    });
    const patient = await createUser(t, 'patient', { firstName: 'Chidi', lastName: 'Okafor' });
    const { prescription, lineIds } = await prescribe(['Paracetamol 500 mg'], patient);
    const view = ok<DispensingPrescription>(
      await dispense(pharmacist, prescription.id, [
        { lineId: lineIds[0] ?? '', medicineId: drug.id, quantityPrescribed: 12, quantity: 12 },
      ]),
    );
    const itemId = view.lines[0]?.items[0]?.id ?? '';
    const res = await pharmacist.get(`/api/pharmacy/dispensing/items/${itemId}/label.pdf?disposition=inline`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const page = await pdf.getPage(1);
    const [, , width, height] = page.view;
    expect(Math.round(((width ?? 0) * 25.4) / 72)).toBe(70);
    expect(Math.round(((height ?? 0) * 25.4) / 72)).toBe(38);
    const { text } = await extractText(pdf, { mergePages: true });
    for (const words of [
      `${drug.genericName} 500 mg Tablet`,
      '12 tablets',
      'Chidi Okafor',
      'Three times daily',
      'Expires 28 Feb 2031',
    ])
      expect(text).toContain(words);
    expect((await doctor.get(`/api/pharmacy/dispensing/items/${itemId}/label.pdf`)).statusCode).toBe(403);
    expect(
      (await pharmacist.get('/api/pharmacy/dispensing/items/00000000-0000-4000-8000-000000000000/label.pdf'))
        .statusCode,
    ).toBe(404);
  });
});
