/*
 * Analysers speak HL7 v2 (docs/areas/lab-hl7.md): the messages CarePoint received over MLLP, what
 * became of each, and the inbox where a lab scientist matches or discards the ones it could not file.
 *
 *   GET  /api/lab/hl7/messages              [hl7InboxQuerySchema -> hl7MessagePageSchema]
 *   GET  /api/lab/hl7/messages/:id          [-> hl7MessageDetailSchema]
 *   POST /api/lab/hl7/messages/:id/match    [hl7MatchSchema -> hl7MessageDetailSchema]
 *   POST /api/lab/hl7/messages/:id/discard  [hl7DiscardSchema -> hl7MessageDetailSchema]
 */
import { z } from 'zod';
import { listQuerySchema, pageOf, requiredMultilineText, requiredText } from './common';

/**
 * What became of a received message:
 * - Filed: every value filed as a preliminary result (answered AA);
 * - Unmatched: no specimen has its accession number (AE); waits in the inbox;
 * - Rejected: its values could not be filed (a test not ordered, a unit or value it cannot read) or
 *   the message itself could not be read (AE or AR); waits in the inbox;
 * - Duplicate: the same sender's control id again; answered as the first one was, not filed twice;
 * - Matched: filed from the inbox, on the specimen a scientist chose;
 * - Discarded: set aside from the inbox by a scientist, with the reason.
 */
export const HL7_MESSAGE_STATES = [
  'Filed',
  'Unmatched',
  'Rejected',
  'Duplicate',
  'Matched',
  'Discarded',
] as const;
export type Hl7MessageState = (typeof HL7_MESSAGE_STATES)[number];

/** The states that wait for a scientist in the inbox. */
export const HL7_INBOX_STATES = ['Unmatched', 'Rejected'] as const satisfies readonly Hl7MessageState[];

/**
 * The acknowledgment codes CarePoint answers with (HL7 v2 table 0008, MSA-1, original mode):
 * AA filed; AE an error in the content (unknown accession, test not ordered, bad unit or value:
 * sending it again as it is will not help); AR the message itself refused (not an ORU^R01, a
 * required field missing) or CarePoint could not process it at the time.
 */
export const HL7_ACK_CODES = ['AA', 'AE', 'AR'] as const;
export type Hl7AckCode = (typeof HL7_ACK_CODES)[number];

/** The refusals a sender reads in MSA-3 and ERR-8, and the inbox shows. */
export const HL7_MESSAGES = {
  notHl7: 'Not an HL7 v2 message: it must start with an MSH segment',
  oneAtATime: 'Several messages arrived in one frame: send one message and wait for its acknowledgment',
  notOru: 'Only ORU-R01 messages (unsolicited observation results) are accepted',
  noControlId: 'MSH-10 (message control id) is missing',
  noObr: 'The message has no OBR segment',
  noAccession: 'No accession number in OBR-3 or SPM-2',
  unknownAccession: 'No specimen has this accession number',
  noObx: 'The message has no OBX result',
  notLoinc: 'OBX-3 must carry a LOINC code (coding system LN)',
  unknownTest: 'No test on this specimen has this LOINC code',
  unsupportedValueType: 'OBX-2 value type must be NM, ST, TX, CWE or CE',
  notANumber: 'OBX-5 is not a number',
  emptyValue: 'OBX-5 is empty',
  internal: 'CarePoint could not process the message now; send it again later',
  duplicate: 'Already received (same sender and control id): not filed again',
  messageNotFound: 'Message not found',
  notInInbox: 'This message is no longer waiting in the inbox',
  specimenNotFound: 'No specimen has this accession number',
  accessionRequired: 'Enter the accession number on the tube',
  reasonRequired: 'Say why the message is discarded',
  matched: 'Results filed on the chosen specimen',
  discarded: 'Message discarded',
} as const;

/** The inbox's one sort key: when a message arrived. */
export const HL7_INBOX_SORTABLE = ['receivedAt'] as const;

export const hl7InboxQuerySchema = listQuerySchema(HL7_INBOX_SORTABLE).extend({
  /** Unset: both states that wait in the inbox. */
  state: z
    .enum(HL7_INBOX_STATES, { error: `State must be one of: ${HL7_INBOX_STATES.join(', ')}` })
    .optional(),
});
export type Hl7InboxQuery = z.infer<typeof hl7InboxQuerySchema>;

const hl7MessageSummarySchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
  controlId: z.string().nullable(),
  sendingApplication: z.string(),
  sendingFacility: z.string(),
  messageType: z.string().nullable(),
  accession: z.string().nullable(),
  state: z.enum(HL7_MESSAGE_STATES),
  ackCode: z.enum(HL7_ACK_CODES),
  error: z.string().nullable(),
});
export type Hl7MessageSummary = z.infer<typeof hl7MessageSummarySchema>;
export const hl7MessagePageSchema = pageOf(hl7MessageSummarySchema);
export type Hl7MessagePage = z.infer<typeof hl7MessagePageSchema>;

/** One segment as the inbox shows it: its name and its fields numbered as HL7 numbers them. */
const hl7SegmentSchema = z.object({
  name: z.string(),
  fields: z.array(z.object({ position: z.number().int(), value: z.string() })),
});
export type Hl7SegmentView = z.infer<typeof hl7SegmentSchema>;

export const hl7MessageDetailSchema = hl7MessageSummarySchema.extend({
  raw: z.string(),
  segments: z.array(hl7SegmentSchema),
  /** The specimen it was filed on, once filed or matched. */
  specimen: z.object({ id: z.string(), accession: z.string() }).nullable(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  /** Why a scientist discarded it. */
  discardReason: z.string().nullable(),
});
export type Hl7MessageDetail = z.infer<typeof hl7MessageDetailSchema>;

export const hl7MatchSchema = z.object({
  accession: requiredText(HL7_MESSAGES.accessionRequired, 40),
});
export type Hl7Match = z.infer<typeof hl7MatchSchema>;

export const hl7DiscardSchema = z.object({
  reason: requiredMultilineText(HL7_MESSAGES.reasonRequired, 500),
});
export type Hl7Discard = z.infer<typeof hl7DiscardSchema>;
