import type { AddressInfo } from 'node:net';
import { HL7_MESSAGES, type Hl7MessageDetail, type Hl7MessagePage } from '@carepoint/contract';
import { Hl7Message, Hl7Segment } from '@medplum/core';
import { Hl7Client } from '@medplum/hl7';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { collectedSpecimen, labTest } from '../../../test/lab';
import { auditEvents, hl7Messages, labOrders, labPanelMembers, labResults } from '../../db/schema';
import { systemContext } from '../../lib/context';
import { receiveFrames } from './receive';

/*
 * Analysers speak HL7 v2 (docs/areas/lab-hl7.md): real ORU^R01 messages sent over MLLP to the
 * listener with @medplum/hl7's client, their acknowledgments, what is stored and filed, and the
 * inbox where a lab scientist matches or discards what could not be filed.
 */

type Headers = { cookie: string };

let t: TestApp;
let address: AddressInfo;
let lab: Headers;
let potassium: Awaited<ReturnType<typeof labTest>>;
let sodium: Awaited<ReturnType<typeof labTest>>;
let electrolytes: Awaited<ReturnType<typeof labTest>>;
let glucose: Awaited<ReturnType<typeof labTest>>;

beforeAll(async () => {
  t = await createTestApp({ env: { HL7_MLLP_PORT: '0' } });
  const started = await t.app.hl7.start();
  if (!started) throw new Error('HL7 listener not started');
  address = started;
  lab = (await signedIn(t, 'lab')).headers;
  // LOINC 2823-3 potassium and 2951-2 sodium, in serum or plasma (moles/volume).
  potassium = await labTest(t);
  sodium = await labTest(t, { name: 'Sodium', loincCode: '2951-2' }, [{ low: 135, high: 145 }]);
  electrolytes = await labTest(t, {
    name: 'Electrolytes',
    loincCode: '24326-1',
    kind: 'panel',
    resultType: null,
    unit: null,
    decimals: null,
  });
  await t.database.db.insert(labPanelMembers).values([
    { panelId: electrolytes.id, testId: potassium.id, position: 1 },
    { panelId: electrolytes.id, testId: sodium.id, position: 2 },
  ]);
  // LOINC 2345-7 glucose in serum or plasma (mass/volume): never ordered on these specimens.
  glucose = await labTest(t, { name: 'Glucose', loincCode: '2345-7', unit: 'mg/dL' }, []);
});
afterAll(() => t.close());

let controlCount = 0;
const nextControlId = () => {
  controlCount += 1;
  return `MSG${String(controlCount).padStart(5, '0')}`;
};

interface Obx {
  type?: string;
  code: string;
  system?: string;
  value: string;
  unit?: string;
}

/** An ORU^R01 (v2.5.1) as an analyser sends it: MSH, PID, OBR with the accession in OBR-3, the OBXs. */
function oru(options: { accession: string; obx: Obx[]; controlId?: string; type?: string; spm?: boolean }) {
  const segments = [
    `MSH|^~\\&|COBAS|MAINLAB|CAREPOINT|HOSP|20300107085500||${options.type ?? 'ORU^R01^ORU_R01'}|${options.controlId ?? nextControlId()}|P|2.5.1`,
    'PID|1||CP-000001',
    `OBR|1||${options.spm ? '' : options.accession}|24326-1^Electrolytes^LN`,
    ...options.obx.map(
      (o, i) =>
        `OBX|${i + 1}|${o.type ?? 'NM'}|${o.code}^^${o.system ?? 'LN'}||${o.value}|${o.unit ?? ''}^^UCUM|||||F`,
    ),
    ...(options.spm ? [`SPM|1|^${options.accession}||SER`] : []),
  ];
  return Hl7Message.parse(segments.join('\r'));
}

async function send(message: Hl7Message) {
  const client = new Hl7Client({ host: '127.0.0.1', port: address.port });
  try {
    return await client.sendAndWait(message, { timeoutMs: 10_000 });
  } finally {
    await client.close();
  }
}

const msa = (ack: Hl7Message) => ({
  code: ack.getSegment('MSA')?.getField(1).toString(),
  controlId: ack.getSegment('MSA')?.getField(2).toString(),
  text: ack.getSegment('MSA')?.getField(3).toString(),
  err: ack.getSegment('ERR')?.toString(),
});

const stored = (controlId: string) =>
  t.database.db.select().from(hl7Messages).where(eq(hl7Messages.controlId, controlId));

const resultsOf = (specimenId: string) =>
  t.database.db.select().from(labResults).where(eq(labResults.specimenId, specimenId));

const k = (value: string, unit = 'mmol/L'): Obx => ({ code: '2823-3', value, unit });
const na = (value: string): Obx => ({ code: '2951-2', value, unit: 'mmol/L' });

describe('filing an ORU^R01', () => {
  it('files every OBX on the specimen named in OBR-3 as preliminary analyser results and answers AA', async () => {
    const specimen = await collectedSpecimen(t, [electrolytes.id]);
    const message = oru({ accession: specimen.accession, obx: [k('6.8'), na('138')] });
    const controlId = message.header.getField(10).toString();

    const ack = await send(message);

    expect(msa(ack)).toMatchObject({ code: 'AA', controlId });
    expect(ack.header.getComponent(9, 1)).toBe('ACK');
    const [row] = await stored(controlId);
    expect(row).toMatchObject({
      state: 'Filed',
      ackCode: 'AA',
      specimenId: specimen.specimenId,
      accession: specimen.accession,
      sendingApplication: 'COBAS',
      sendingFacility: 'MAINLAB',
      messageType: 'ORU^R01^ORU_R01',
    });
    expect(row?.raw).toBe(message.toString());
    const results = await resultsOf(specimen.specimenId);
    expect(
      results.map((r) => [r.testId, r.valueQuantity, r.status, r.source, r.hl7MessageId]).sort(),
    ).toEqual(
      [
        [potassium.id, 6.8, 'preliminary', 'analyser', row?.id],
        [sodium.id, 138, 'preliminary', 'analyser', row?.id],
      ].sort(),
    );
    // Every value is in: the order waits for verification, not for the analyser.
    const [order] = await t.database.db.select().from(labOrders).where(eq(labOrders.id, specimen.orderId));
    expect(order?.state).toBe('Resulted');
    const receipts = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'lab.hl7.receive'), eq(auditEvents.entityId, row?.id ?? '')));
    expect(receipts[0]?.patientId).toBe(specimen.patient.id);
  });

  it('finds the specimen by SPM-2 when OBR-3 is empty', async () => {
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const ack = await send(oru({ accession: specimen.accession, obx: [k('4.1')], spm: true }));
    expect(msa(ack).code).toBe('AA');
    expect(await resultsOf(specimen.specimenId)).toHaveLength(1);
  });

  it('answers AE and files nothing when one OBX names a test the order did not ask for', async () => {
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const message = oru({
      accession: specimen.accession,
      obx: [k('4.4'), { code: '2345-7', value: '95', unit: 'mg/dL' }],
    });
    const ack = await send(message);
    expect(msa(ack)).toMatchObject({ code: 'AE', text: HL7_MESSAGES.unknownTest });
    expect(msa(ack).err).toContain('OBX^2^3');
    expect(msa(ack).err).toContain('204^^HL70357');
    // All or none: the potassium that was ordered is not filed either.
    expect(await resultsOf(specimen.specimenId)).toEqual([]);
    const [row] = await stored(message.header.getField(10).toString());
    expect(row).toMatchObject({ state: 'Rejected', ackCode: 'AE', error: HL7_MESSAGES.unknownTest });
    expect(glucose.id).toBeTruthy();
  });

  it('answers AE with the reason when a unit is not the test’s', async () => {
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const ack = await send(oru({ accession: specimen.accession, obx: [k('4.4', 'mg/dL')] }));
    expect(msa(ack).code).toBe('AE');
    expect(msa(ack).text).toBeTruthy();
    expect(msa(ack).err).toContain('OBX^1^5');
    expect(await resultsOf(specimen.specimenId)).toEqual([]);
  });

  it('answers AE when an NM value is not a number, and AR for a message that is not an ORU^R01', async () => {
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const notNumber = await send(oru({ accession: specimen.accession, obx: [k('high')] }));
    expect(msa(notNumber)).toMatchObject({ code: 'AE', text: HL7_MESSAGES.notANumber });

    const adt = oru({ accession: specimen.accession, obx: [k('4.0')], type: 'ADT^A01^ADT_A01' });
    const refused = await send(adt);
    expect(msa(refused)).toMatchObject({ code: 'AR', text: HL7_MESSAGES.notOru });
    expect(msa(refused).err).toContain('200^^HL70357');
    const [row] = await stored(adt.header.getField(10).toString());
    expect(row).toMatchObject({ state: 'Rejected', ackCode: 'AR', messageType: 'ADT^A01^ADT_A01' });
    expect(await resultsOf(specimen.specimenId)).toEqual([]);
  });

  it('stores a frame that is not HL7 and answers AR, then closes that connection', async () => {
    const client = new Hl7Client({ host: '127.0.0.1', port: address.port });
    const connection = await client.connect();
    const answered = new Promise<Hl7Message>((resolve) =>
      connection.addEventListener('message', (event) => resolve(event.message)),
    );
    const closed = new Promise<void>((resolve) => connection.addEventListener('close', () => resolve()));
    connection.send(new Hl7Message([new Hl7Segment(['HELLO', 'not hl7'])]));
    const ack = await answered;
    expect(msa(ack)).toMatchObject({ code: 'AR', text: HL7_MESSAGES.notHl7 });
    await closed;
    const rows = await t.database.db.select().from(hl7Messages).where(eq(hl7Messages.raw, 'HELLO|not hl7'));
    expect(rows).toMatchObject([{ state: 'Rejected', ackCode: 'AR', controlId: null }]);
    await client.close();
  });
});

describe('duplicates and parallel messages', () => {
  it('answers a message sent again as the first time, stores it as a duplicate and files it once', async () => {
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const message = oru({ accession: specimen.accession, obx: [k('5.0')] });
    const controlId = message.header.getField(10).toString();
    expect(msa(await send(message)).code).toBe('AA');

    const again = await send(message);

    expect(msa(again)).toMatchObject({ code: 'AA', controlId, text: HL7_MESSAGES.duplicate });
    const rows = await stored(controlId);
    expect(rows.map((r) => r.state).sort()).toEqual(['Duplicate', 'Filed']);
    expect(rows.find((r) => r.state === 'Duplicate')?.duplicateOf).toBe(
      rows.find((r) => r.state === 'Filed')?.id,
    );
    expect(await resultsOf(specimen.specimenId)).toHaveLength(1);
  });

  it('files two copies arriving at once only once', async () => {
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const message = oru({ accession: specimen.accession, obx: [k('5.2')] });
    const acks = await Promise.all([send(message), send(message)]);
    expect(acks.map((a) => msa(a).code)).toEqual(['AA', 'AA']);
    const rows = await stored(message.header.getField(10).toString());
    expect(rows.map((r) => r.state).sort()).toEqual(['Duplicate', 'Filed']);
    expect(await resultsOf(specimen.specimenId)).toHaveLength(1);
  });

  it('keeps one current value when two messages for the same test arrive at once', async () => {
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const acks = await Promise.all([
      send(oru({ accession: specimen.accession, obx: [k('4.0')] })),
      send(oru({ accession: specimen.accession, obx: [k('4.9')] })),
    ]);
    expect(acks.map((a) => msa(a).code).sort()).toEqual(['AA', 'AE']);
    const results = await resultsOf(specimen.specimenId);
    expect(results.filter((r) => r.supersededAt === null)).toHaveLength(1);
  });
});

describe('messages arriving together (group commit)', () => {
  it('stores them in one transaction and answers each as if it came alone', async () => {
    const first = await collectedSpecimen(t, [potassium.id]);
    const second = await collectedSpecimen(t, [potassium.id]);
    const filed = oru({ accession: first.accession, obx: [k('4.4')] });
    const messages = [
      filed,
      filed,
      oru({ accession: second.accession, obx: [k('4.5')] }),
      oru({ accession: 'LAB-1999-000001', obx: [k('4.6')] }),
    ];
    const controlIds = messages.map((m) => m.header.getField(10).toString());
    const ctx = systemContext({ db: t.database.db, config: t.app.config });

    const acks = await receiveFrames(
      ctx,
      messages.map((message) => ({ raw: message.toString(), message })),
    );

    expect(acks.map((a) => msa(a))).toMatchObject([
      { code: 'AA', controlId: controlIds[0] },
      { code: 'AA', controlId: controlIds[0], text: HL7_MESSAGES.duplicate },
      { code: 'AA', controlId: controlIds[2] },
      { code: 'AE', controlId: controlIds[3] },
    ]);
    const rows = await t.database.db
      .select({ id: hl7Messages.id, state: hl7Messages.state, transaction: sql<string>`xmin::text` })
      .from(hl7Messages)
      .where(inArray(hl7Messages.controlId, controlIds));
    expect(rows.map((r) => r.state).sort()).toEqual(['Duplicate', 'Filed', 'Filed', 'Unmatched']);
    expect(new Set(rows.map((r) => r.transaction)).size).toBe(1);
    expect(await resultsOf(first.specimenId)).toHaveLength(1);
    const audited = await t.database.db
      .select({ entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'lab.hl7.receive'),
          inArray(
            auditEvents.entityId,
            rows.map((r) => r.id),
          ),
        ),
      );
    expect(audited).toHaveLength(4);
  });

  it('answers and stores every message when many analysers send at once', async () => {
    const messages = Array.from({ length: 20 }, (_, i) =>
      oru({ accession: `LAB-1999-${String(i + 100).padStart(6, '0')}`, obx: [k('4.1')] }),
    );
    const acks = await Promise.all(messages.map((message) => send(message)));
    expect(acks.map((a) => msa(a).code)).toEqual(messages.map(() => 'AE'));
    const rows = await t.database.db
      .select({ state: hl7Messages.state })
      .from(hl7Messages)
      .where(
        inArray(
          hl7Messages.controlId,
          messages.map((m) => m.header.getField(10).toString()),
        ),
      );
    expect(rows.map((r) => r.state)).toEqual(messages.map(() => 'Unmatched'));
  });
});

describe('the analyser inbox', () => {
  const inbox = (query = '', headers: Headers = lab) =>
    t.app.inject({ method: 'GET', url: `/api/lab/hl7/messages${query}`, headers });

  it('keeps a message with an unknown accession as Unmatched (AE) until a scientist matches it', async () => {
    const specimen = await collectedSpecimen(t, [electrolytes.id]);
    const message = oru({ accession: 'LAB-0000-TYPO', obx: [k('3.9'), na('140')] });
    const controlId = message.header.getField(10).toString();
    const ack = await send(message);
    expect(msa(ack)).toMatchObject({ code: 'AE', text: HL7_MESSAGES.unknownAccession });
    expect(msa(ack).err).toContain('OBR^1^3');

    // A page of 100: this file's other tests leave unmatched messages received at the same test
    // instant, whose order among themselves is the ids'.
    const listed = await inbox('?state=Unmatched&limit=100');
    expect(listed.statusCode).toBe(200);
    const item = listed.json<Hl7MessagePage>().data.find((m) => m.controlId === controlId);
    expect(item).toMatchObject({ state: 'Unmatched', ackCode: 'AE', accession: 'LAB-0000-TYPO' });
    if (!item) throw new Error('not in the inbox');

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/lab/hl7/messages/${item.id}`,
      headers: lab,
    });
    const shown = detail.json<Hl7MessageDetail>();
    expect(shown.segments.map((s) => s.name)).toEqual(['MSH', 'PID', 'OBR', 'OBX', 'OBX']);
    expect(shown.segments[2]?.fields).toContainEqual({ position: 3, value: 'LAB-0000-TYPO' });

    const unknown = await t.app.inject({
      method: 'POST',
      url: `/api/lab/hl7/messages/${item.id}/match`,
      headers: lab,
      payload: { accession: 'LAB-0000-NONE' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fieldErrors: { accession: [HL7_MESSAGES.specimenNotFound] } });

    const matched = await t.app.inject({
      method: 'POST',
      url: `/api/lab/hl7/messages/${item.id}/match`,
      headers: lab,
      payload: { accession: specimen.accession },
    });
    expect(matched.statusCode).toBe(200);
    expect(matched.json<Hl7MessageDetail>()).toMatchObject({
      state: 'Matched',
      specimen: { id: specimen.specimenId, accession: specimen.accession },
    });
    expect(matched.json<Hl7MessageDetail>().handledBy).toBeTruthy();
    expect(await resultsOf(specimen.specimenId)).toHaveLength(2);
    const after = await inbox();
    expect(after.json<Hl7MessagePage>().data.some((m) => m.id === item.id)).toBe(false);

    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/lab/hl7/messages/${item.id}/match`,
      headers: lab,
      payload: { accession: specimen.accession },
    });
    expect(twice.statusCode).toBe(409);
  });

  it('discards a message with the reason, and refuses a reason with a NUL character', async () => {
    const message = oru({ accession: 'LAB-0000-QC', obx: [k('4.2')] });
    await send(message);
    const [row] = await stored(message.header.getField(10).toString());
    if (!row) throw new Error('not stored');
    const url = `/api/lab/hl7/messages/${row.id}/discard`;
    const bad = await t.app.inject({ method: 'POST', url, headers: lab, payload: { reason: 'qc\u0000run' } });
    expect(bad.statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url, headers: lab, payload: { reason: '  ' } });
    expect(empty.json()).toMatchObject({ fieldErrors: { reason: [HL7_MESSAGES.reasonRequired] } });

    const done = await t.app.inject({
      method: 'POST',
      url,
      headers: lab,
      payload: { reason: 'Quality control run' },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<Hl7MessageDetail>()).toMatchObject({
      state: 'Discarded',
      discardReason: 'Quality control run',
    });
  });

  it('is for lab scientists only', async () => {
    const doctor = (await signedIn(t, 'doctor')).headers;
    expect((await inbox('', doctor)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/lab/hl7/messages' })).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/lab/hl7/messages/00000000-0000-4000-8000-000000000000',
      headers: lab,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('the listener', () => {
  it('answers the message in progress and then stops when the app closes', async () => {
    const other = await createTestApp({ env: { HL7_MLLP_PORT: '0' }, database: t.database });
    const where = await other.app.hl7.start();
    if (!where) throw new Error('not started');
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const client = new Hl7Client({ host: '127.0.0.1', port: where.port });
    const answer = client.sendAndWait(oru({ accession: specimen.accession, obx: [k('4.7')] }), {
      timeoutMs: 10_000,
    });
    const ack = await answer;
    await other.close();
    expect(msa(ack).code).toBe('AA');
    const again = new Hl7Client({ host: '127.0.0.1', port: where.port, connectTimeout: 2000 });
    await expect(again.connect()).rejects.toThrow();
    await client.close();
  });
});
