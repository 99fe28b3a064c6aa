import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatBloodPressure, optionalVitalField, vitalField } from './clinical';

describe('vital sign fields', () => {
  it('accepts typed text within the range and rounds to the stored precision', () => {
    expect(vitalField('temperature').parse('37.26')).toBe(37.3);
    expect(vitalField('heartRate').parse(72.4)).toBe(72);
  });

  it('refuses values a living patient cannot show, naming the range and unit', () => {
    const result = vitalField('heartRate').safeParse(400);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Heart rate must be between 10 and 300 bpm');
  });

  it('treats a missing, empty or null optional vital as not measured, and still range-checks a value', () => {
    const form = z.object({ weight: optionalVitalField('weight') });
    expect(form.parse({})).toEqual({ weight: null });
    expect(form.parse({ weight: '' })).toEqual({ weight: null });
    expect(form.parse({ weight: null })).toEqual({ weight: null });
    expect(form.parse({ weight: '70.25' })).toEqual({ weight: 70.3 });
    const wrong = form.safeParse({ weight: 900 });
    expect(wrong.error?.issues[0]?.message).toBe('Weight must be between 0.3 and 400 kg');
  });

  it('formats blood pressure from its parts', () => {
    expect(formatBloodPressure(120, 80)).toBe('120/80 mmHg');
    expect(formatBloodPressure(120, null)).toBe('120 mmHg');
    expect(formatBloodPressure(null, null)).toBe('');
  });
});
