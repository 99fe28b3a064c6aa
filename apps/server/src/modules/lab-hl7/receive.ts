import { HL7_MESSAGES, type Hl7AckCode } from '@carepoint/contract';
import type { Hl7Message } from '@medplum/core';
import { and, eq, isNull } from 'drizzle-orm';
import { hl7Messages } from '../../db/schema';
import { type AuditEntry, auditAll } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { acknowledgment } from './ack';
import { fileObservations, type Specimen, specimenToFile } from './filing';
import {
  type Hl7Header,
  type Hl7Problem,
  Hl7Refusal,
  readAccession,
  readHeader,
  refuseUnlessOru,
} from './oru';

/** A frame as the listener received it: its text, and the message @medplum/core read from it (null: not HL7). */
export interface ReceivedFrame {
  raw: string;
  message: Hl7Message | null;
  /** Why the frame itself is refused before it is read (several messages in one frame). */
  refusal?: string;
}

const NO_HEADER: Hl7Header = {
  controlId: null,
  sendingApplication: '',
  sendingFacility: '',
  messageType: null,
};

/** PostgreSQL text holds no NUL: one that arrived is kept as U+FFFD, the rest as received. */
const storable = (raw: string) => raw.replaceAll('\u0000', '\uFFFD');

type Outcome = {
  state: 'Filed' | 'Unmatched' | 'Rejected';
  ackCode: Hl7AckCode;
  problem?: Hl7Problem;
  specimenId: string | null;
  patientId: string | null;
};

/** How a message to file is stored until its values are: as not stored (AR), see storeFrame. */
const INTERNAL_ERROR: Outcome = {
  state: 'Rejected',
  ackCode: 'AR',
  problem: { message: HL7_MESSAGES.internal, code: '207' },
  specimenId: null,
  patientId: null,
};

/**
 * What a message comes to before anything is stored: its own refusal (AR: not an ORU^R01, no
 * control id, not HL7), no specimen to file on (AE), or the specimen its values go to.
 */
async function outcomeBeforeFiling(
  ctx: ServiceContext,
  frame: ReceivedFrame,
  accession: string | null,
): Promise<{ outcome: Outcome } | { file: Hl7Message; specimen: Specimen }> {
  const { message } = frame;
  const refused = (problem: Hl7Problem) => ({
    outcome: { state: 'Rejected', ackCode: 'AR', problem, specimenId: null, patientId: null } as const,
  });
  if (frame.refusal) return refused({ message: frame.refusal, code: '100' });
  if (!message) return refused({ message: HL7_MESSAGES.notHl7, code: '100' });
  try {
    refuseUnlessOru(message);
  } catch (error) {
    if (error instanceof Hl7Refusal) return refused(error.problem);
    throw error;
  }
  const found = await specimenToFile(ctx, accession);
  return 'unmatched' in found ? { outcome: found.unmatched } : { file: message, specimen: found.specimen };
}

/** A frame's answer, its audit entry, and whether its values were filed (the lab's screens then hear of it). */
interface Stored {
  ack: Hl7Message;
  entry: AuditEntry;
  filed: boolean;
}

/**
 * Stores one received frame in the caller's transaction (docs/areas/lab-hl7.md). A message that
 * files nothing is stored with its outcome at once; one with a specimen is stored first (its
 * values name it), its values filed (all or none, a savepoint), then its state and answer set.
 * The same sender's control id again is a Duplicate: stored, not filed, answered as the first one
 * was (a copy in the same batch finds the first one's row, as a copy arriving later does). Its
 * audit entry is the caller's to write, with those of the messages stored beside it.
 */
async function storeFrame(inside: ServiceContext, frame: ReceivedFrame): Promise<Stored> {
  const header = frame.message ? readHeader(frame.message) : NO_HEADER;
  const accession = frame.message && !frame.refusal ? readAccession(frame.message) : null;
  const before = await outcomeBeforeFiling(inside, frame, accession);
  const stored = (outcome: Outcome) => ({
    state: outcome.state,
    ackCode: outcome.ackCode,
    error: outcome.problem?.message ?? null,
    specimenId: outcome.specimenId,
  });
  // ON CONFLICT DO NOTHING on hl7_messages_control_unique: of two copies arriving at once, the
  // second waits for the first's commit and then finds it.
  const [row] = await inside.db
    .insert(hl7Messages)
    .values({
      receivedAt: inside.now(),
      raw: storable(frame.raw),
      ...header,
      accession,
      // Until its values are filed, a message to file reads as not stored (AR): it is only ever
      // seen so if the filing's own statements fail, and then the transaction rolls it back too.
      ...stored('outcome' in before ? before.outcome : INTERNAL_ERROR),
    })
    .onConflictDoNothing()
    .returning({ id: hl7Messages.id });
  if (!row) return { ...(await answerDuplicate(inside, frame, header)), filed: false };

  let outcome: Outcome;
  if ('outcome' in before) outcome = before.outcome;
  else {
    outcome = await fileObservations(inside, row.id, before.file, before.specimen);
    await inside.db.update(hl7Messages).set(stored(outcome)).where(eq(hl7Messages.id, row.id));
  }
  return {
    ack: acknowledgment(frame.message, outcome.ackCode, outcome.problem?.message ?? null, outcome.problem),
    entry: {
      action: 'lab.hl7.receive',
      entityType: 'hl7_message',
      entityId: row.id,
      patientId: outcome.patientId,
      details: { controlId: header.controlId, state: outcome.state, ackCode: outcome.ackCode, accession },
    },
    filed: outcome.state === 'Filed',
  };
}

/**
 * Stores frames that arrived together in one transaction, one commit for all (the listener's group
 * commit, see listener.ts), and answers each. Throws when the database refuses any of them: then
 * nothing of the batch is stored, and the listener stores each frame alone (receiveFrame).
 */
export async function receiveFrames(
  ctx: ServiceContext,
  frames: readonly ReceivedFrame[],
): Promise<Hl7Message[]> {
  const stored = await ctx.db.transaction(async (tx) => {
    const inside = inTransaction(ctx, tx);
    const answers: Stored[] = [];
    for (const frame of frames) answers.push(await storeFrame(inside, frame));
    await auditAll(
      inside,
      answers.map((a) => a.entry),
    );
    return answers;
  });
  // fileResult leaves publishing to its caller inside a transaction: the lab's screens hear of
  // filed values once they are committed.
  if (stored.some((s) => s.filed)) await ctx.publish('lab');
  return stored.map((s) => s.ack);
}

/**
 * Stores one received frame in a transaction of its own and answers it. When the database cannot
 * take it, nothing is stored and the answer is AR: send it again.
 */
export async function receiveFrame(ctx: ServiceContext, frame: ReceivedFrame): Promise<Hl7Message> {
  try {
    const [answer] = await receiveFrames(ctx, [frame]);
    if (!answer) throw new Error('HL7 message stored without its answer');
    return answer;
  } catch (error) {
    const controlId = frame.message ? readHeader(frame.message).controlId : null;
    ctx.log.error({ err: error, controlId }, 'HL7 message not stored; answered AR');
    return acknowledgment(frame.message, 'AR', HL7_MESSAGES.internal, {
      message: HL7_MESSAGES.internal,
      code: '207',
    });
  }
}

/** A copy of a message already received: stored as a Duplicate of it and answered as it was, never filed again. */
async function answerDuplicate(
  ctx: ServiceContext,
  frame: ReceivedFrame,
  header: Hl7Header,
): Promise<{ ack: Hl7Message; entry: AuditEntry }> {
  const { controlId, sendingApplication, sendingFacility } = header;
  const [first] = await ctx.db
    .select({
      id: hl7Messages.id,
      ackCode: hl7Messages.ackCode,
      error: hl7Messages.error,
      accession: hl7Messages.accession,
    })
    .from(hl7Messages)
    .where(
      and(
        eq(hl7Messages.sendingFacility, sendingFacility),
        eq(hl7Messages.sendingApplication, sendingApplication),
        eq(hl7Messages.controlId, controlId ?? ''),
        isNull(hl7Messages.duplicateOf),
      ),
    );
  if (!first) throw new Error('duplicate HL7 message without its first copy');
  const [row] = await ctx.db
    .insert(hl7Messages)
    .values({
      receivedAt: ctx.now(),
      raw: storable(frame.raw),
      ...header,
      accession: first.accession,
      state: 'Duplicate',
      ackCode: first.ackCode,
      error: first.error,
      duplicateOf: first.id,
    })
    .returning({ id: hl7Messages.id });
  const reason = first.ackCode === 'AA' ? HL7_MESSAGES.duplicate : first.error;
  return {
    ack: acknowledgment(
      frame.message,
      first.ackCode,
      reason,
      reason ? { message: reason, code: '207' } : undefined,
    ),
    entry: {
      action: 'lab.hl7.receive',
      entityType: 'hl7_message',
      entityId: row?.id,
      details: { controlId, state: 'Duplicate', ackCode: first.ackCode, duplicateOf: first.id },
    },
  };
}
