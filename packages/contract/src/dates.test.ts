import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDayMonth,
  formatDayTime,
  formatInstant,
  formatInstantDay,
  formatWeekday,
} from './dates';

describe('the date format people read', () => {
  it('writes a calendar date as "24 Nov 2026", every month in three letters', () => {
    expect(formatDay('2026-11-24')).toBe('24 Nov 2026');
    expect(formatDay('2026-09-04')).toBe('4 Sep 2026');
    expect(formatDay('2030-01-08T00:00:00.000Z')).toBe('8 Jan 2030');
  });

  it('adds the weekday or a wall-clock time when asked', () => {
    expect(formatWeekday('2030-01-08')).toBe('Tue, 8 Jan 2030');
    expect(formatDayTime('2026-11-24', '09:00:00')).toBe('24 Nov 2026, 09:00');
  });

  it("shows an instant on the facility's clock, which may be another day than UTC's", () => {
    const lateUtc = new Date('2030-01-07T23:30:00Z');
    expect(formatInstant(lateUtc, 'Africa/Lagos')).toBe('8 Jan 2030, 00:30');
    expect(formatInstantDay(lateUtc, 'Africa/Lagos')).toBe('8 Jan 2030');
    expect(formatInstant(lateUtc, 'UTC')).toBe('7 Jan 2030, 23:30');
  });
});

describe('a chart axis day', () => {
  it('is the day and month of a calendar date, never shifted', () => {
    expect(formatDayMonth('2026-11-24')).toBe('24 Nov');
    expect(formatDayMonth('2027-01-05T23:30:00Z')).toBe('5 Jan');
  });
});
