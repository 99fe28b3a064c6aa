import { HL7_MESSAGES, type Hl7AckCode } from '@carepoint/contract';
import type { Hl7Message } from '@medplum/core';
import { and, eq, isNull } from 'drizzle-orm';
import { hl7Messages } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { acknowledgment } from './ack';
import { fileObservations } from './filing';
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

/** The message's own refusal (AR: not an ORU^R01, no control id, not HL7), or what filing made of it. */
async function outcomeOf(
  ctx: ServiceContext,
  id: string,
  frame: ReceivedFrame,
  accession: string | null,
): Promise<Outcome> {
  const { message } = frame;
  const refused = (problem: Hl7Problem): Outcome => ({
    state: 'Rejected',
    ackCode: 'AR',
    problem,
    specimenId: null,
    patientId: null,
  });
  if (frame.refusal) return refused({ message: frame.refusal, code: '100' });
  if (!message) return refused({ message: HL7_MESSAGES.notHl7, code: '100' });
  try {
    refuseUnlessOru(message);
  } catch (error) {
    if (error instanceof Hl7Refusal) return refused(error.problem);
    throw error;
  }
  return fileObservations(ctx, id, message, accession);
}

/**
 * Stores one received frame and answers it (docs/areas/lab-hl7.md), in one transaction: the
 * message row as it arrived, then its values filed (all or none), then the row's state and answer.
 * The same sender's control id again is a Duplicate: stored, not filed, answered as the first one
 * was. When the database cannot take it, nothing is stored and the answer is AR: send it again.
 */
export async function receiveFrame(ctx: ServiceContext, frame: ReceivedFrame): Promise<Hl7Message> {
  const header = frame.message ? readHeader(frame.message) : NO_HEADER;
  const accession = frame.message && !frame.refusal ? readAccession(frame.message) : null;
  // fileResult leaves publishing to its caller inside a transaction: the lab's screens hear of
  // filed values once they are committed.
  let filed = false;
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      const inside = inTransaction(ctx, tx);
      // ON CONFLICT DO NOTHING on hl7_messages_control_unique: of two copies arriving at once,
      // the second waits for the first's commit and then finds it.
      const [row] = await tx
        .insert(hl7Messages)
        .values({
          receivedAt: ctx.now(),
          raw: storable(frame.raw),
          ...header,
          accession,
          state: 'Rejected',
          ackCode: 'AR',
          error: HL7_MESSAGES.internal,
        })
        .onConflictDoNothing()
        .returning({ id: hl7Messages.id });
      if (!row) return answerDuplicate(inside, frame, header);

      const outcome = await outcomeOf(inside, row.id, frame, accession);
      filed = outcome.state === 'Filed';
      const error = outcome.problem?.message ?? null;
      await tx
        .update(hl7Messages)
        .set({ state: outcome.state, ackCode: outcome.ackCode, error, specimenId: outcome.specimenId })
        .where(eq(hl7Messages.id, row.id));
      await audit(inside, {
        action: 'lab.hl7.receive',
        entityType: 'hl7_message',
        entityId: row.id,
        patientId: outcome.patientId,
        details: { controlId: header.controlId, state: outcome.state, ackCode: outcome.ackCode, accession },
      });
      return acknowledgment(frame.message, outcome.ackCode, error, outcome.problem);
    });
    if (filed) await ctx.publish('lab');
    return answer;
  } catch (error) {
    ctx.log.error({ err: error, controlId: header.controlId }, 'HL7 message not stored; answered AR');
    return acknowledgment(frame.message, 'AR', HL7_MESSAGES.internal, {
      message: HL7_MESSAGES.internal,
      code: '207',
    });
  }
}

/** A copy of a message already received: stored as a Duplicate of it and answered as it was, never filed again. */
async function answerDuplicate(ctx: ServiceContext, frame: ReceivedFrame, header: Hl7Header) {
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
  await audit(ctx, {
    action: 'lab.hl7.receive',
    entityType: 'hl7_message',
    entityId: row?.id,
    details: { controlId, state: 'Duplicate', ackCode: first.ackCode, duplicateOf: first.id },
  });
  const reason = first.ackCode === 'AA' ? HL7_MESSAGES.duplicate : first.error;
  return acknowledgment(
    frame.message,
    first.ackCode,
    reason,
    reason ? { message: reason, code: '207' } : undefined,
  );
}
