import { describe, expect, it } from 'vitest';
import {
  CHART_MESSAGES,
  PAGE_GAP,
  pageNumbers,
  patientFilterQuerySchema,
  updateMedicalDetailsSchema,
} from './charts';
import { optionalVitalField } from './clinical';

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('an optional vital sign', () => {
  const weight = optionalVitalField('weight');

  it('is "not measured" when empty, null or missing', () => {
    expect(weight.parse('')).toBeNull();
    expect(weight.parse(null)).toBeNull();
    expect(weight.parse(undefined)).toBeNull();
    expect(updateMedicalDetailsSchema.parse({}).weight).toBeNull();
  });

  it('keeps its range message with the unit (a union would answer "Invalid input")', () => {
    expect(messages(weight.safeParse('1000'))).toEqual([['', 'Weight must be between 0.3 and 400 kg']]);
    expect(weight.parse('72.46')).toBe(72.5);
  });
});

describe('the medical details form', () => {
  it('needs both blood pressures, the diastolic below the systolic', () => {
    expect(messages(updateMedicalDetailsSchema.safeParse({ systolic: '120' }))).toEqual([
      ['diastolic', CHART_MESSAGES.bothPressures],
    ]);
    expect(messages(updateMedicalDetailsSchema.safeParse({ systolic: '90', diastolic: '90' }))).toEqual([
      ['diastolic', CHART_MESSAGES.diastolicBelowSystolic],
    ]);
    expect(updateMedicalDetailsSchema.parse({ systolic: '120', diastolic: '80' })).toMatchObject({
      systolic: 120,
      diastolic: 80,
    });
  });

  it('stores empty text as nothing and each allergy once', () => {
    expect(
      updateMedicalDetailsSchema.parse({
        bloodGroup: '',
        treatment: '  ',
        allergies: ['Sulfa', 'sulfa ', '', 'Latex'],
      }),
    ).toMatchObject({ bloodGroup: null, treatment: null, allergies: ['Sulfa', 'Latex'] });
  });
});

describe('the list filter', () => {
  it('reads empty choices as "any" and checks the age range', () => {
    expect(patientFilterQuerySchema.parse({ bloodGroup: '', ageMin: '', lastVisit: '' })).toEqual({
      scope: 'mine',
    });
    expect(messages(patientFilterQuerySchema.safeParse({ ageMin: '50', ageMax: '20' }))).toEqual([
      ['ageMax', CHART_MESSAGES.ageRange],
    ]);
    expect(messages(patientFilterQuerySchema.safeParse({ ageMin: '2.5' }))).toEqual([
      ['ageMin', CHART_MESSAGES.ageBound],
    ]);
  });
});

describe('the page numbers under the Patient List', () => {
  it('lists every page of a short list', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the first, the last and the neighbours of the current page, with gaps between', () => {
    expect(pageNumbers(1, 20)).toEqual([1, 2, PAGE_GAP, 20]);
    expect(pageNumbers(10, 20)).toEqual([1, PAGE_GAP, 9, 10, 11, PAGE_GAP, 20]);
    expect(pageNumbers(20, 20)).toEqual([1, PAGE_GAP, 19, 20]);
    // A gap of one page shows the page instead.
    expect(pageNumbers(4, 20)).toEqual([1, 2, 3, 4, 5, PAGE_GAP, 20]);
  });
});
