import {
  HL7_INBOX_STATES,
  HL7_MESSAGES,
  type Hl7Discard,
  type Hl7InboxQuery,
  type Hl7Match,
  type Hl7MessageDetail,
  type Hl7MessagePage,
  type Hl7MessageSummary,
} from '@carepoint/contract';
import { Hl7Message } from '@medplum/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { hl7Messages, labOrders, labSpecimens, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, conflict, notFoundWith, signedIn } from '../../lib/errors';
import { iso, isoOrNull, listPage, matchingRows, orderBy, type Select } from '../../lib/list';
import { fullNameOf } from '../../lib/people';
import { fileOnAccession } from './filing';
import { refuseUnlessOru, segmentsOf } from './oru';

const summaryFields = {
  id: hl7Messages.id,
  receivedAt: hl7Messages.receivedAt,
  controlId: hl7Messages.controlId,
  sendingApplication: hl7Messages.sendingApplication,
  sendingFacility: hl7Messages.sendingFacility,
  messageType: hl7Messages.messageType,
  accession: hl7Messages.accession,
  state: hl7Messages.state,
  ackCode: hl7Messages.ackCode,
  error: hl7Messages.error,
};
type SummaryRow = Omit<Hl7MessageSummary, 'receivedAt'> & { receivedAt: Date };

const toSummary = (row: SummaryRow): Hl7MessageSummary => ({
  ...row,
  receivedAt: iso(row.receivedAt),
});

const SORT = { receivedAt: hl7Messages.receivedAt };

/** The inbox: messages waiting for a scientist (Unmatched, Rejected), newest first (hl7_messages_inbox_idx). Audited. */
export async function listInbox(ctx: ServiceContext, query: Hl7InboxQuery): Promise<Hl7MessagePage> {
  const waiting = inArray(hl7Messages.state, query.state ? [query.state] : [...HL7_INBOX_STATES]);
  const page = await listPage(ctx, query, {
    rows: (select: Select) => select(summaryFields).from(hl7Messages).where(waiting),
    order: orderBy(query, SORT, [desc(hl7Messages.receivedAt)], hl7Messages.id),
    count: matchingRows(ctx.db).from(hl7Messages).where(waiting),
    map: toSummary,
  });
  await audit(ctx, {
    action: 'lab.hl7.inbox',
    entityType: 'hl7_message',
    details: { page: query.page, state: query.state ?? null, messageIds: page.data.map((m) => m.id) },
  });
  return page;
}

async function readMessage(ctx: ServiceContext, id: string) {
  const [row] = await ctx.db
    .select({
      ...summaryFields,
      raw: hl7Messages.raw,
      specimenId: hl7Messages.specimenId,
      specimenAccession: labSpecimens.accession,
      patientId: labOrders.patientId,
      handledBy: fullNameOf(users),
      handledAt: hl7Messages.handledAt,
      discardReason: hl7Messages.discardReason,
    })
    .from(hl7Messages)
    .leftJoin(labSpecimens, eq(labSpecimens.id, hl7Messages.specimenId))
    .leftJoin(labOrders, eq(labOrders.id, labSpecimens.orderId))
    .leftJoin(users, eq(users.id, hl7Messages.handledBy))
    .where(eq(hl7Messages.id, id));
  if (!row) throw notFoundWith(HL7_MESSAGES.messageNotFound);
  return row;
}

/** The text as @medplum/core reads it, or null for a frame that was not HL7. */
const parsed = (raw: string) => (raw.startsWith('MSH') ? Hl7Message.parse(raw) : null);

function toDetail(row: Awaited<ReturnType<typeof readMessage>>): Hl7MessageDetail {
  const message = parsed(row.raw);
  return {
    ...toSummary(row),
    raw: row.raw,
    segments: message ? segmentsOf(message) : [],
    specimen:
      row.specimenId && row.specimenAccession
        ? { id: row.specimenId, accession: row.specimenAccession }
        : null,
    handledBy: row.handledAt ? row.handledBy : null,
    handledAt: isoOrNull(row.handledAt),
    discardReason: row.discardReason,
  };
}

/** One message with its segments, whatever its state (a lab scientist follows a filed one too). Audited. */
export async function readInboxMessage(ctx: ServiceContext, id: string): Promise<Hl7MessageDetail> {
  const row = await readMessage(ctx, id);
  await audit(ctx, {
    action: 'lab.hl7.read',
    entityType: 'hl7_message',
    entityId: id,
    patientId: row.patientId,
    details: { state: row.state },
  });
  return toDetail(row);
}

/**
 * Files a waiting message on the specimen a scientist chose by its accession number, as if the
 * message had named it: all its values or none (400 with the reason, and it stays in the inbox).
 * The row is locked first: two scientists matching at once file it once (the second gets 409).
 */
export async function matchMessage(
  ctx: ServiceContext,
  id: string,
  input: Hl7Match,
): Promise<Hl7MessageDetail> {
  const actor = signedIn(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const inside = inTransaction(ctx, tx);
    const [row] = await tx
      .select({ state: hl7Messages.state, raw: hl7Messages.raw })
      .from(hl7Messages)
      .where(eq(hl7Messages.id, id))
      .for('update');
    if (!row) throw notFoundWith(HL7_MESSAGES.messageNotFound);
    if (!(HL7_INBOX_STATES as readonly string[]).includes(row.state))
      throw conflict('HL7_NOT_IN_INBOX', HL7_MESSAGES.notInInbox);
    const message = parsed(row.raw);
    if (!message) throw badRequest(HL7_MESSAGES.notHl7);
    try {
      refuseUnlessOru(message);
    } catch (error) {
      throw badRequest(error instanceof Error ? error.message : HL7_MESSAGES.notOru);
    }
    const outcome = await fileOnAccession(inside, id, message, input.accession);
    if (outcome.state !== 'Filed') {
      const field = outcome.state === 'Unmatched' ? 'accession' : undefined;
      throw badRequest(
        outcome.state === 'Unmatched' ? HL7_MESSAGES.specimenNotFound : outcome.problem.message,
        field,
      );
    }
    await tx
      .update(hl7Messages)
      .set({
        state: 'Matched',
        specimenId: outcome.specimenId,
        accession: input.accession,
        handledBy: actor.id,
        handledAt: ctx.now(),
      })
      .where(eq(hl7Messages.id, id));
    await audit(inside, {
      action: 'lab.hl7.match',
      entityType: 'hl7_message',
      entityId: id,
      patientId: outcome.patientId,
      details: { accession: input.accession, specimenId: outcome.specimenId, previousState: row.state },
    });
  });
  // Filed values are announced once committed (fileResult leaves it to its caller in a transaction).
  await ctx.publish('lab');
  return readInboxMessage(ctx, id);
}

/** Sets a waiting message aside with the scientist's reason; it is kept, never deleted. */
export async function discardMessage(
  ctx: ServiceContext,
  id: string,
  input: Hl7Discard,
): Promise<Hl7MessageDetail> {
  const actor = signedIn(ctx.actor);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(hl7Messages)
      .set({ state: 'Discarded', discardReason: input.reason, handledBy: actor.id, handledAt: ctx.now() })
      .where(and(eq(hl7Messages.id, id), inArray(hl7Messages.state, [...HL7_INBOX_STATES])))
      .returning({ id: hl7Messages.id });
    if (!row) {
      const [exists] = await tx
        .select({ id: hl7Messages.id })
        .from(hl7Messages)
        .where(eq(hl7Messages.id, id));
      if (!exists) throw notFoundWith(HL7_MESSAGES.messageNotFound);
      throw conflict('HL7_NOT_IN_INBOX', HL7_MESSAGES.notInInbox);
    }
    await audit(inTransaction(ctx, tx), {
      action: 'lab.hl7.discard',
      entityType: 'hl7_message',
      entityId: id,
      details: { reason: input.reason },
    });
  });
  return readInboxMessage(ctx, id);
}
