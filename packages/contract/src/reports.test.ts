import { describe, expect, it } from 'vitest';
import { fileTypeAmong, fileTypeOf } from './file-types';
import {
  attachmentProblem,
  REPORT_ATTACHMENT_MAX_BYTES,
  REPORT_ATTACHMENT_TYPES,
  REPORT_MESSAGES,
  reportInputSchema,
} from './reports';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('file types by their first bytes', () => {
  it('knows PDF, PNG, JPEG and WebP, and nothing else', () => {
    expect(fileTypeOf(bytes('%PDF-1.7\n'))).toBe('application/pdf');
    expect(fileTypeOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(fileTypeOf(bytes([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(fileTypeOf(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('image/webp');
    for (const other of [
      bytes('%PDF'),
      bytes('MZ', [0x90, 0]),
      bytes('GIF89a'),
      bytes('hello.pdf'),
      bytes(),
    ]) {
      expect(fileTypeOf(other)).toBeNull();
    }
  });

  it('answers only the allowed types', () => {
    expect(fileTypeAmong(bytes('RIFF', [0, 0, 0, 0], 'WEBP'), REPORT_ATTACHMENT_TYPES)).toBeNull();
    expect(fileTypeAmong(bytes('%PDF-'), REPORT_ATTACHMENT_TYPES)).toBe('application/pdf');
  });

  it('says why an attachment would be refused', () => {
    expect(attachmentProblem(REPORT_ATTACHMENT_MAX_BYTES, 'application/pdf')).toBeNull();
    expect(attachmentProblem(REPORT_ATTACHMENT_MAX_BYTES + 1, 'application/pdf')).toBe(
      REPORT_MESSAGES.attachmentTooLarge,
    );
    expect(attachmentProblem(10, 'image/webp')).toBe(REPORT_MESSAGES.attachmentType);
    expect(attachmentProblem(10, null)).toBe(REPORT_MESSAGES.attachmentType);
  });
});

describe('report forms', () => {
  const birth = {
    kind: 'birth',
    patientId: '9b2f6a43-7a1e-4c55-9d4a-0b8f1f8c2d11',
    childName: 'Chidera',
    date: '2030-01-06',
    time: '23:40',
    sex: 'Female',
    weightKg: '3.25',
    delivery: 'Caesarean section',
    notes: '',
  };
  const messageOf = (input: unknown, field: string) => {
    const result = reportInputSchema.safeParse(input);
    return result.success ? null : result.error.issues.find((i) => i.path[0] === field)?.message;
  };

  it('takes a birth as typed (weight from text, empty notes as none)', () => {
    expect(reportInputSchema.parse(birth)).toMatchObject({ weightKg: 3.25, notes: null });
  });

  it('checks weight at its boundaries, and names what is missing', () => {
    expect(messageOf({ ...birth, weightKg: '0.3' }, 'weightKg')).toBeNull();
    expect(messageOf({ ...birth, weightKg: '7' }, 'weightKg')).toBeNull();
    expect(messageOf({ ...birth, weightKg: '0.29' }, 'weightKg')).toBe(REPORT_MESSAGES.weightRange);
    expect(messageOf({ ...birth, weightKg: '7.01' }, 'weightKg')).toBe(REPORT_MESSAGES.weightRange);
    expect(messageOf({ ...birth, patientId: '' }, 'patientId')).toBe(REPORT_MESSAGES.patientRequired);
    expect(messageOf({ ...birth, delivery: '' }, 'delivery')).toBe(REPORT_MESSAGES.deliveryRequired);
    expect(messageOf({ ...birth, time: '24:00' }, 'time')).toBe(REPORT_MESSAGES.timeRequired);
    expect(messageOf({ ...birth, date: '2030-02-30' }, 'date')).toBe(REPORT_MESSAGES.dateRequired);
    expect(messageOf({ kind: 'operation', patientId: birth.patientId }, 'doctorId')).toBe(
      REPORT_MESSAGES.doctorRequired,
    );
  });

  it('refuses other kinds and bodies that are not objects without throwing', () => {
    expect(reportInputSchema.safeParse({ kind: 'autopsy' }).success).toBe(false);
    for (const body of [null, 'x', 1, [], true])
      expect(reportInputSchema.safeParse(body).success).toBe(false);
  });
});
