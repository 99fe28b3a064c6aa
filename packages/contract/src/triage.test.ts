import { describe, expect, it } from 'vitest';
import { vitalsSchema } from './emergency';
import {
  imageTypeOf,
  PROFILE_IMAGE_MAX_BYTES,
  PROFILE_IMAGE_MESSAGES,
  profileImageProblem,
  updateProfileSchema,
} from './profile';
import { DEFAULT_SCHEDULE, fitsSchedule } from './schedules';
import { messages } from './test-messages';
import { TRIAGE_MESSAGES, triageIntakeSchema } from './triage';

const intake = { patientName: 'Walk In', heartRate: '80', systolic: '120', temperature: '37' };

describe('the triage intake form', () => {
  it('reads typed text as numbers and says which vital is missing, with its unit when out of range', () => {
    expect(vitalsSchema.parse({ heartRate: '49', systolic: '181', temperature: '38.6' })).toEqual({
      heartRate: 49,
      systolic: 181,
      temperature: 38.6,
    });
    expect(messages(vitalsSchema, { heartRate: '', systolic: null, temperature: undefined })).toEqual({
      heartRate: 'Heart rate is required',
      systolic: 'Systolic blood pressure is required',
      temperature: 'Temperature is required',
    });
    expect(messages(vitalsSchema, { heartRate: '5', systolic: '120', temperature: '46' })).toEqual({
      heartRate: 'Heart rate must be between 10 and 300 bpm',
      temperature: 'Temperature must be between 25 and 45 °C',
    });
  });

  it('refuses a body that is not an object without running its rules (found by the fuzz test: null gave a 500)', () => {
    for (const body of [null, 'text', 42, []]) {
      expect(triageIntakeSchema.safeParse(body).success).toBe(false);
    }
  });

  it('needs a patient: a registered one or a name', () => {
    expect(messages(triageIntakeSchema, { ...intake, patientName: ' ' })).toEqual({
      patientName: TRIAGE_MESSAGES.patientRequired,
    });
    const linked = triageIntakeSchema.parse({
      ...intake,
      patientName: '',
      patientId: '00000000-0000-4000-8000-000000000000',
    });
    expect(linked.patientId).toBe('00000000-0000-4000-8000-000000000000');
  });

  it('says every problem at once, the patient too while a vital is missing', () => {
    expect(
      messages(triageIntakeSchema, { patientName: '', heartRate: '', systolic: '120', temperature: '37' }),
    ).toEqual({
      patientName: TRIAGE_MESSAGES.patientRequired,
      heartRate: 'Heart rate is required',
    });
  });

  it('takes the other vitals when given; empty means not measured', () => {
    const parsed = triageIntakeSchema.parse({
      ...intake,
      diastolic: '80',
      respiratoryRate: '',
      oxygenSaturation: '97',
    });
    expect(parsed).toMatchObject({
      diastolic: 80,
      respiratoryRate: null,
      oxygenSaturation: 97,
      department: null,
    });
    expect(messages(triageIntakeSchema, { ...intake, diastolic: '120' })).toEqual({
      diastolic: TRIAGE_MESSAGES.diastolicAboveSystolic,
    });
    expect(messages(triageIntakeSchema, { ...intake, oxygenSaturation: '101' })).toEqual({
      oxygenSaturation: 'Oxygen saturation must be between 40 and 100 %',
    });
  });

  it('asks for a reason only when the department is not the suggested one', () => {
    const high = { ...intake, heartRate: '130', systolic: '200' };
    expect(messages(triageIntakeSchema, { ...high, department: '' })).toEqual({});
    expect(messages(triageIntakeSchema, { ...high, department: 'ER' })).toEqual({});
    expect(messages(triageIntakeSchema, { ...high, department: 'General' })).toEqual({
      routingReason: TRIAGE_MESSAGES.reasonRequired,
    });
    expect(messages(triageIntakeSchema, { ...high, department: 'General', routingReason: '  ' })).toEqual({
      routingReason: TRIAGE_MESSAGES.reasonRequired,
    });
    expect(messages(triageIntakeSchema, { ...intake, department: 'ER' })).toEqual({
      routingReason: TRIAGE_MESSAGES.reasonRequired,
    });
    expect(
      messages(triageIntakeSchema, { ...intake, department: 'Pediatrics', routingReason: 'Child' }),
    ).toEqual({});
  });
});

describe('profile pictures', () => {
  const bytes = (...parts: Array<number[] | string>) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

  it('are recognised by their first bytes, never by name or declared type', () => {
    expect(imageTypeOf(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(imageTypeOf(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(bytes('RIFF', [1, 2, 3, 4], 'WAVEfmt '))).toBeNull();
    expect(imageTypeOf(bytes('GIF89a'))).toBeNull();
    expect(imageTypeOf(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageTypeOf(bytes([0x89], 'PN'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });

  it('may be at most 2 MB', () => {
    const png = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]);
    const sized = (n: number) => {
      const b = new Uint8Array(n);
      b.set(png);
      return b;
    };
    expect(profileImageProblem(sized(PROFILE_IMAGE_MAX_BYTES))).toBeNull();
    expect(profileImageProblem(sized(PROFILE_IMAGE_MAX_BYTES + 1))).toBe(PROFILE_IMAGE_MESSAGES.tooLarge);
    expect(profileImageProblem(bytes('hello'))).toBe(PROFILE_IMAGE_MESSAGES.notAnImage);
  });
});

describe("a doctor's profile fields", () => {
  const base = { firstName: 'Ada', lastName: 'Obi', phone: '0801' };
  it('keeps left-out fields unchanged (undefined) and clears empty ones', () => {
    const untouched = updateProfileSchema.parse(base);
    expect([untouched.specialty, untouched.experienceYears, untouched.gender]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(
      updateProfileSchema.parse({ ...base, specialty: ' ', experienceYears: '', gender: '' }),
    ).toMatchObject({
      specialty: null,
      experienceYears: null,
      gender: null,
    });
    expect(updateProfileSchema.parse({ ...base, experienceYears: '7' }).experienceYears).toBe(7);
  });
});

describe('bookings against new hours', () => {
  // 2030-01-07 is a Monday; the default hours are 09:00-16:00, weekends off.
  it('fit when wholly inside the day worked', () => {
    const fits = (date: string, minutes: number, durationMinutes = 45) =>
      fitsSchedule(DEFAULT_SCHEDULE, { date, minutes, durationMinutes });
    expect(fits('2030-01-07', 9 * 60)).toBe(true);
    expect(fits('2030-01-07', 15 * 60 + 15)).toBe(true);
    expect(fits('2030-01-07', 15 * 60 + 16)).toBe(false);
    expect(fits('2030-01-07', 8 * 60 + 59)).toBe(false);
    // Off the new slot grid is still inside the hours: kept as booked.
    expect(fits('2030-01-07', 9 * 60 + 10)).toBe(true);
    expect(fits('2030-01-12', 10 * 60)).toBe(false);
  });
});
