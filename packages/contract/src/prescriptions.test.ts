import { describe, expect, it } from 'vitest';
import {
  allergyOverrideNote,
  allergyWarning,
  birthFields,
  durationChoiceOf,
  durationLabel,
  findAllergyConflicts,
  formatNextVisit,
  MEDICINE_DURATIONS,
  MEDICINE_INTERVALS,
  namesKnownDrug,
  PRESCRIPTION_MESSAGES,
  prescriptionInputSchema,
  prescriptionPdfName,
} from './prescriptions';

const line = (name: string) => ({ name });

describe('the allergy rule', () => {
  it('matches the allergy in the medicine name, whatever the case, strength or plural', () => {
    expect(findAllergyConflicts([line('PENICILLIN V 250 mg')], ['Penicillins'])).toEqual([
      { index: 0, medicine: 'PENICILLIN V 250 mg', allergy: 'Penicillins' },
    ]);
    expect(findAllergyConflicts([line('Ibuprofen 400mg')], ['ibuprofen'])).toHaveLength(1);
  });

  it('matches the other way round: the medicine named inside a longer recorded allergy', () => {
    expect(findAllergyConflicts([line('Penicillin')], ['Penicillin V potassium'])).toHaveLength(1);
  });

  it('matches the members of a class recorded by its name, brand names included', () => {
    const cases: Array<[string, string]> = [
      ['Amoxicillin 500 mg', 'Penicillin'],
      ['Augmentin 625', 'Penicillin'],
      ['Co-amoxiclav 375 mg', 'Penicillin'],
      ['Septrin 960 mg', 'Sulfa drugs'],
      ['Co-trimoxazole', 'Sulfonamides'],
      ['Diclofenac 50 mg', 'NSAIDs'],
      ['Ceftriaxone 1 g', 'Cephalosporins'],
      ['Tramadol 50 mg', 'Opioids'],
    ];
    for (const [medicine, allergy] of cases) {
      expect(findAllergyConflicts([line(medicine)], [allergy]), `${medicine} / ${allergy}`).toHaveLength(1);
    }
  });

  it('does not flag what does not match: other drugs, partial words, very short entries', () => {
    expect(findAllergyConflicts([line('Azithromycin 500 mg')], ['Penicillin', 'Peanuts', 'Latex'])).toEqual(
      [],
    );
    // A word inside another word is not a match ("pen" is not penicillin).
    expect(findAllergyConflicts([line('Penicillamine')], ['Penicillin'])).toEqual([]);
    expect(findAllergyConflicts([line('Paracetamol')], ['a', ''])).toEqual([]);
    expect(findAllergyConflicts([line('')], ['Penicillin'])).toEqual([]);
  });

  it('reports each matching line with its position and the first allergy it matches', () => {
    const conflicts = findAllergyConflicts(
      [line('Paracetamol'), line('Amoxicillin'), line('Aspirin 75 mg')],
      ['NSAIDs', 'Penicillin'],
    );
    expect(conflicts).toEqual([
      { index: 1, medicine: 'Amoxicillin', allergy: 'Penicillin' },
      { index: 2, medicine: 'Aspirin 75 mg', allergy: 'NSAIDs' },
    ]);
    expect(allergyWarning(conflicts[0] ?? { allergy: '' })).toBe(
      'Allergy: the patient is allergic to Penicillin',
    );
  });

  it('knows an allergy names a medication when it names a drug or class of the rule, and nothing else', () => {
    for (const allergy of [
      'Penicillin',
      'NSAIDs',
      'ibuprofen',
      'Sulfa drugs',
      'Penicillin V potassium',
      'Opioids',
    ]) {
      expect(namesKnownDrug(allergy), allergy).toBe(true);
    }
    for (const allergy of ['Peanuts', 'Latex', 'Shellfish', 'Pen', '']) {
      expect(namesKnownDrug(allergy), allergy).toBe(false);
    }
  });
});

describe('the prescription input', () => {
  const valid = {
    patientId: '6c1f5a2e-4b7d-4c1e-9a3b-2d4e6f8a0b1c',
    medicines: [
      {
        name: 'Paracetamol',
        dosage: '1 tablet',
        duration: '3 Days',
        time: 'After Meal',
        interval: 'Daily morning',
      },
    ],
  };

  it('defaults what a form or client leaves out: active status, no physical information, no next visit', () => {
    const parsed = prescriptionInputSchema.parse(valid);
    expect(parsed).toMatchObject({
      status: true,
      acknowledgeAllergies: false,
      nextVisit: null,
      appointmentId: null,
    });
    expect(parsed.physicalInfo).toEqual({
      bloodPressure: null,
      foodAllergies: null,
      diabetic: null,
      currentMedication: null,
      pulseRate: null,
      temperature: null,
      problemDescription: null,
    });
  });

  it('reads blood pressure as systolic/diastolic within the vital ranges', () => {
    const bp = (value: string) =>
      prescriptionInputSchema.safeParse({ ...valid, physicalInfo: { bloodPressure: value } });
    expect(bp(' 120 / 80 ').data?.physicalInfo.bloodPressure).toEqual({ systolic: 120, diastolic: 80 });
    expect(bp('').data?.physicalInfo.bloodPressure).toBeNull();
    expect(bp('120').error?.issues[0]?.message).toBe(PRESCRIPTION_MESSAGES.bloodPressureFormat);
    expect(bp('400/80').error?.issues[0]?.message).toBe(
      'Systolic blood pressure must be between 30 and 300 mmHg',
    );
    expect(bp('120/120').error?.issues[0]?.message).toBe('Diastolic blood pressure must be below systolic');
  });

  it('names empty choices of a medicine line with their own messages', () => {
    const result = prescriptionInputSchema.safeParse({
      ...valid,
      medicines: [{ name: 'X', dosage: '1', duration: '', time: '', interval: '' }],
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['medicines.0.duration', PRESCRIPTION_MESSAGES.duration],
      ['medicines.0.time', PRESCRIPTION_MESSAGES.time],
      ['medicines.0.interval', PRESCRIPTION_MESSAGES.interval],
    ]);
  });

  const lineOf = (extra: Record<string, unknown>) =>
    prescriptionInputSchema.safeParse({ ...valid, medicines: [{ ...valid.medicines[0], ...extra }] });

  it('keeps the spec’s durations and intervals and adds the ones doctors write every day', () => {
    // The spec's values first, unchanged; ours after or between them.
    expect(MEDICINE_INTERVALS.slice(0, 3)).toEqual(['Daily morning', 'Daily evening', 'Morning and evening']);
    expect(
      MEDICINE_DURATIONS.filter((d) => ['Only one day', '3 Days', '7 Days', '30 Days'].includes(d)),
    ).toHaveLength(4);
    expect(MEDICINE_INTERVALS).toHaveLength(9);
    expect(MEDICINE_DURATIONS).toHaveLength(7);
    for (const interval of [
      'Three times daily',
      'Four times daily',
      'Every 6 hours',
      'Every 8 hours',
      'Every 12 hours',
    ])
      expect(lineOf({ interval }).success, interval).toBe(true);
    for (const duration of ['5 Days', '10 Days', '14 Days'])
      expect(lineOf({ duration }).success, duration).toBe(true);
    expect(lineOf({ interval: 'Every 4 hours' }).error?.issues[0]?.message).toBe(
      PRESCRIPTION_MESSAGES.interval,
    );
  });

  it('reads a listed duration, or any other whole number of days from 1 to 365, as days', () => {
    const days = (extra: Record<string, unknown>) => lineOf(extra).data?.medicines[0]?.durationDays;
    expect(days({ duration: 'Only one day' })).toBe(1);
    expect(days({ duration: '10 Days', durationDays: '40' })).toBe(10);
    expect(days({ duration: '14 Days' })).toBe(14);
    expect(days({ duration: 'Other number of days', durationDays: '21' })).toBe(21);
    expect(days({ duration: 'Other number of days', durationDays: 365 })).toBe(365);
    for (const durationDays of ['', '0', '366', '2.5', 'ten', undefined]) {
      expect(
        lineOf({ duration: 'Other number of days', durationDays }).error?.issues.map((i) => [
          i.path.join('.'),
          i.message,
        ]),
        String(durationDays),
      ).toEqual([['medicines.0.durationDays', PRESCRIPTION_MESSAGES.durationDays]]);
    }
    expect(PRESCRIPTION_MESSAGES.durationDays).toBe('Enter the number of days, a whole number from 1 to 365');
    // What the form parsed parses again to the same (the form sends its parsed values).
    const parsed = lineOf({ duration: 'Other number of days', durationDays: '21' }).data;
    expect(prescriptionInputSchema.parse(parsed).medicines).toEqual(parsed?.medicines);
  });

  it('takes a next visit with both count and unit, or none', () => {
    const next = (nextVisit: unknown) => prescriptionInputSchema.safeParse({ ...valid, nextVisit });
    expect(next({ count: '2', unit: 'Weeks' }).data?.nextVisit).toEqual({ count: 2, unit: 'Weeks' });
    expect(next({ count: '', unit: 'Days' }).data?.nextVisit).toBeNull();
    expect(next({ count: '3', unit: '' }).error?.issues[0]?.message).toBe(
      PRESCRIPTION_MESSAGES.nextVisitUnit,
    );
    expect(next({ count: '1.5', unit: 'Days' }).error?.issues[0]?.message).toBe(
      PRESCRIPTION_MESSAGES.nextVisitCount,
    );
  });

  it('refuses bodies that are not objects without throwing', () => {
    for (const body of [null, 'x', 3, [], { ...valid, physicalInfo: 'x', nextVisit: 5, medicines: {} }]) {
      expect(prescriptionInputSchema.safeParse(body).success).toBe(false);
    }
  });
});

describe('formatting', () => {
  it('says durations as printed, and offers a stored one back to the form', () => {
    expect(durationLabel(1)).toBe('Only one day');
    expect(durationLabel(21)).toBe('21 Days');
    expect(durationChoiceOf(10)).toEqual({ duration: '10 Days', durationDays: '' });
    expect(durationChoiceOf(21)).toEqual({ duration: 'Other number of days', durationDays: '21' });
  });

  it('says an allergy override with who confirmed it and when, and the birth date and age', () => {
    expect(allergyOverrideNote(['Penicillin', 'Sulfa'], 'Dr Ada Obi', '24 Nov 2026, 14:30')).toBe(
      'Prescribed despite the recorded allergy to Penicillin, Sulfa: Dr Ada Obi was warned and confirmed on 24 Nov 2026, 14:30.',
    );
    expect(birthFields({ dateOfBirth: '1990-03-12', age: 36 })).toEqual([
      ['Date of birth', '12 Mar 1990'],
      ['Age', '36 years'],
    ]);
    expect(birthFields({ dateOfBirth: '2025-06-01', age: 1 })[1]).toEqual(['Age', '1 year']);
    expect(birthFields({ dateOfBirth: null, age: null })).toEqual([
      ['Date of birth', null],
      ['Age', null],
    ]);
  });

  it('says next visits and PDF names plainly', () => {
    expect(formatNextVisit({ count: 1, unit: 'Weeks' })).toBe('1 Week');
    expect(formatNextVisit({ count: 3, unit: 'Days' })).toBe('3 Days');
    expect(formatNextVisit(null)).toBe('');
    expect(prescriptionPdfName('2030-01-08', 'Ọlá Adébáyọ̀')).toBe('prescription-2030-01-08-ola-adebayo.pdf');
  });
});
