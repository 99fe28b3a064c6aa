import { HL7_ACK_CODES, HL7_MESSAGE_STATES } from '@carepoint/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { id, updatedAt } from './columns';
import { labSpecimens } from './lab';

export const hl7MessageState = pgEnum('hl7_message_state', HL7_MESSAGE_STATES);
export const hl7AckCode = pgEnum('hl7_ack_code', HL7_ACK_CODES);

/**
 * Every HL7 v2 message an analyser sent over MLLP, as it arrived, with what became of it and the
 * acknowledgment it was answered with (docs/areas/lab-hl7.md). Nothing received is lost: a message
 * that could not be filed waits here, in the inbox, until a lab scientist matches or discards it.
 */
export const hl7Messages = pgTable(
  'hl7_messages',
  {
    id: id(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    /** The frame's text as received (MLLP's start and end bytes removed). */
    raw: text().notNull(),
    /** MSH-10, MSH-3 and MSH-4: together they name one message of one sender. */
    controlId: text(),
    sendingApplication: text().notNull().default(''),
    sendingFacility: text().notNull().default(''),
    /** MSH-9 as sent ("ORU^R01^ORU_R01"). */
    messageType: text(),
    /** OBR-3 or SPM-2, when the message names one. */
    accession: text(),
    /** The specimen its values were filed on (Filed, Matched). */
    specimenId: uuid().references(() => labSpecimens.id, { onDelete: 'restrict' }),
    state: hl7MessageState().notNull(),
    ackCode: hl7AckCode().notNull(),
    /** The reason answered in MSA-3 and ERR-8 when not AA. */
    error: text(),
    /** A Duplicate's first message. */
    duplicateOf: uuid().references((): AnyPgColumn => hl7Messages.id, { onDelete: 'restrict' }),
    /** The scientist who matched or discarded it from the inbox, and when. */
    handledBy: uuid().references(() => users.id, { onDelete: 'restrict' }),
    handledAt: timestamp({ withTimezone: true }),
    discardReason: text(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One first message per sender and control id: the same one again is a Duplicate, even
    // when both arrive at once (the second insert waits for the first's commit, then conflicts).
    uniqueIndex('hl7_messages_control_unique')
      .on(t.sendingFacility, t.sendingApplication, t.controlId)
      .where(sql`${t.duplicateOf} is null and ${t.controlId} is not null`),
    // The inbox: messages waiting, newest first.
    index('hl7_messages_inbox_idx')
      .on(t.state, t.receivedAt)
      .where(sql`${t.state} in ('Unmatched', 'Rejected')`),
    index('hl7_messages_received_idx').on(t.receivedAt),
    check('hl7_messages_duplicate', sql`(${t.state} = 'Duplicate') = (${t.duplicateOf} is not null)`),
    check('hl7_messages_handled', sql`(${t.handledAt} is null) = (${t.handledBy} is null)`),
    // Filed was answered AA; Matched was answered AE or AR, and filed later from the inbox.
    check('hl7_messages_filed', sql`${t.state} not in ('Filed', 'Matched') or ${t.specimenId} is not null`),
    check('hl7_messages_filed_aa', sql`${t.state} <> 'Filed' or ${t.ackCode} = 'AA'`),
    check('hl7_messages_discarded', sql`(${t.state} = 'Discarded') = (${t.discardReason} is not null)`),
  ],
);
