import { HL7_MESSAGES, type Hl7SegmentView } from '@carepoint/contract';
import type { Hl7Message, Hl7Segment } from '@medplum/core';

/**
 * Reading an ORU^R01 (HL7 v2.5.1, chapter 7) with @medplum/core's parser: the header fields the
 * store keeps, the accession number and each OBX's LOINC code, value and unit. No filing here.
 */

/** Where a refusal points in the message (ERR-2: segment, its sequence, field) and its HL7 error code (table 0357). */
export interface Hl7Problem {
  message: string;
  /** Table 0357: 100 segment sequence error, 101 required field missing, 102 data type error,
   *  103 table value not found, 200 unsupported message type, 201 unsupported event code,
   *  204 unknown key identifier, 207 application internal error. */
  code: '100' | '101' | '102' | '103' | '200' | '201' | '204' | '207';
  location?: { segment: string; sequence: number; field: number };
}

export class Hl7Refusal extends Error {
  constructor(readonly problem: Hl7Problem) {
    super(problem.message);
  }
}

export interface Hl7Header {
  controlId: string | null;
  sendingApplication: string;
  sendingFacility: string;
  messageType: string | null;
}

/** MSH-3, MSH-4 (their first component, the namespace id), MSH-9 and MSH-10. */
export function readHeader(message: Hl7Message): Hl7Header {
  const msh = message.header;
  const text = (field: number) => msh.getField(field)?.toString().trim() ?? '';
  return {
    controlId: text(10) || null,
    sendingApplication: msh.getComponent(3, 1).trim(),
    sendingFacility: msh.getComponent(4, 1).trim(),
    messageType: text(9) || null,
  };
}

/** An ORU^R01 is the one message type accepted; MSH-10 names it for the acknowledgment and duplicates. */
export function refuseUnlessOru(message: Hl7Message): void {
  const msh = message.header;
  if (msh.getComponent(9, 1) !== 'ORU')
    throw new Hl7Refusal({ message: HL7_MESSAGES.notOru, code: '200', location: at('MSH', 1, 9) });
  if (msh.getComponent(9, 2) !== 'R01')
    throw new Hl7Refusal({ message: HL7_MESSAGES.notOru, code: '201', location: at('MSH', 1, 9) });
  if (!readHeader(message).controlId)
    throw new Hl7Refusal({ message: HL7_MESSAGES.noControlId, code: '101', location: at('MSH', 1, 10) });
}

const at = (segment: string, sequence: number, field: number) => ({ segment, sequence, field });

/**
 * The specimen's accession number: OBR-3 (filler order number, its entity identifier), else
 * SPM-2 (specimen id: the filler's, else the placer's), for senders that carry it only there.
 */
export function readAccession(message: Hl7Message): string | null {
  const obr = message.getSegment('OBR');
  const spm = message.getSegment('SPM');
  const candidates = [
    obr?.getComponent(3, 1),
    spm?.getField(2)?.getComponent(2, 0),
    spm?.getField(2)?.getComponent(1, 0),
  ];
  return candidates.map((value) => value?.trim() ?? '').find((value) => value !== '') || null;
}

/** One OBX as filed: the LOINC code, the value by its type, the unit as sent. */
export interface Observation {
  /** OBX's position among the message's OBX segments (OBX-1 may be missing or repeated). */
  sequence: number;
  loinc: string;
  value: ObservationValue;
  /** OBX-6's identifier (UCUM), null when empty. */
  unit: string | null;
}

type ObservationValue =
  | { kind: 'number'; value: number }
  | { kind: 'text'; value: string }
  /** A coded answer (CWE/CE): the code and its text. */
  | { kind: 'coded'; code: string; text: string };

/** HL7's NM: an optional sign, digits and an optional decimal point (no exponent). */
const NM = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Every OBX of the message, read; the first that cannot be read is refused. */
export function readObservations(message: Hl7Message): Observation[] {
  const segments = message.getAllSegments('OBX');
  if (segments.length === 0) throw new Hl7Refusal({ message: HL7_MESSAGES.noObx, code: '100' });
  return segments.map((segment, index) => readObservation(segment, index + 1));
}

function readObservation(obx: Hl7Segment, sequence: number): Observation {
  const loinc = loincOf(obx);
  if (!loinc)
    throw new Hl7Refusal({ message: HL7_MESSAGES.notLoinc, code: '103', location: at('OBX', sequence, 3) });
  const type = obx.getComponent(2, 1).trim();
  const field5 = obx.getField(5);
  const first = field5?.getComponent(1).trim() ?? '';
  if (first === '')
    throw new Hl7Refusal({ message: HL7_MESSAGES.emptyValue, code: '101', location: at('OBX', sequence, 5) });
  const unit = obx.getComponent(6, 1).trim() || null;
  switch (type) {
    case 'NM': {
      if (!NM.test(first))
        throw new Hl7Refusal({
          message: HL7_MESSAGES.notANumber,
          code: '102',
          location: at('OBX', sequence, 5),
        });
      return { sequence, loinc, unit, value: { kind: 'number', value: Number(first) } };
    }
    case 'ST':
    case 'TX':
      // A text may hold the component separator as a character: the whole field is the text.
      return { sequence, loinc, unit, value: { kind: 'text', value: field5?.toString().trim() ?? first } };
    case 'CWE':
    case 'CE':
      return {
        sequence,
        loinc,
        unit,
        value: { kind: 'coded', code: first, text: field5?.getComponent(2).trim() ?? '' },
      };
    default:
      throw new Hl7Refusal({
        message: HL7_MESSAGES.unsupportedValueType,
        code: '102',
        location: at('OBX', sequence, 2),
      });
  }
}

/** OBX-3's LOINC code: the identifier when its coding system (component 3) is LN, else the alternate (4, 6). */
function loincOf(obx: Hl7Segment): string | null {
  if (obx.getComponent(3, 3).trim() === 'LN') return obx.getComponent(3, 1).trim() || null;
  if (obx.getComponent(3, 6).trim() === 'LN') return obx.getComponent(3, 4).trim() || null;
  return null;
}

/** The message's segments as the inbox shows them, fields numbered as HL7 numbers them (MSH-1 is the separator). */
export function segmentsOf(message: Hl7Message): Hl7SegmentView[] {
  return message.segments
    .filter((segment) => segment.name !== '')
    .map((segment) => {
      const count = segment.name === 'MSH' ? segment.fields.length + 1 : segment.fields.length;
      const fields = [];
      for (let position = 1; position < count; position += 1) {
        const value = segment.getField(position)?.toString() ?? '';
        if (value !== '') fields.push({ position, value });
      }
      return { name: segment.name, fields };
    });
}
