import { describe, expect, it } from 'vitest';
import { facilityDate } from './facility-time';

describe('facilityDate', () => {
  it("answers the facility's date on each side of its midnight, in each time zone asked", () => {
    // 23:30 and 00:30 in Lagos (UTC+1) are 22:30 and 23:30 UTC, still the same day in London.
    const before = new Date('2030-03-04T22:30:00Z');
    const after = new Date('2030-03-04T23:30:00Z');
    expect(facilityDate(before, 'Africa/Lagos')).toBe('2030-03-04');
    expect(facilityDate(after, 'Africa/Lagos')).toBe('2030-03-05');
    expect(facilityDate(after, 'Europe/London')).toBe('2030-03-04');
    expect(facilityDate(before, 'Africa/Lagos')).toBe('2030-03-04');
    expect(facilityDate(new Date('2030-03-05T00:30:00Z'), 'Europe/London')).toBe('2030-03-05');
  });
});
