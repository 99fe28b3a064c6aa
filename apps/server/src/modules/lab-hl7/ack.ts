import type { Hl7AckCode } from '@carepoint/contract';
import { Hl7Message, Hl7Segment } from '@medplum/core';
import type { Hl7Problem } from './oru';

/** The HL7 delimiters a reason must not carry into the answer's fields. */
const DELIMITERS = /[|^~\\&\r\n]/g;

/** A header to acknowledge a frame that was not HL7 at all: MSA-2 then names no message. */
const UNREADABLE = Hl7Message.parse('MSH|^~\\&|||||||||P|2.5.1');

/**
 * The acknowledgment (original mode) for `message`, or for a frame that could not be read: built
 * by @medplum/core (MSH answering the sender, MSA-1 the code, MSA-2 the control id), with the
 * reason in MSA-3 and, for AE and AR, an ERR segment (HL7 v2.5: ERR-2 where, ERR-3 the table 0357
 * code, ERR-4 severity E, ERR-8 the reason a person reads).
 */
export function acknowledgment(
  message: Hl7Message | null,
  ackCode: Hl7AckCode,
  reason: string | null,
  problem?: Hl7Problem,
): Hl7Message {
  const original = message ?? UNREADABLE;
  const text = reason?.replace(DELIMITERS, ' ') ?? null;
  const errSegment =
    ackCode === 'AA' || !text
      ? undefined
      : new Hl7Segment(
          [
            'ERR',
            '',
            problem?.location
              ? `${problem.location.segment}^${problem.location.sequence}^${problem.location.field}`
              : '',
            `${problem?.code ?? '207'}^^HL70357`,
            'E',
            '',
            '',
            '',
            text,
          ],
          original.context,
        );
  const ack = original.buildAck({ ackCode, errSegment });
  if (text) ack.getSegment('MSA')?.setField(3, text);
  return ack;
}
