import { describe, expect, it } from 'vitest';
import { facilityDate, facilityDay, facilityHour } from './facility-time';

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

describe('today across daylight-saving changes (Europe/London)', () => {
  const LONDON = 'Europe/London';
  const day = (instant: string) => {
    const d = facilityDay(new Date(instant), LONDON);
    return { date: d.date, start: d.start.toISOString(), end: d.end.toISOString(), hour: d.hour };
  };
  const hours = (d: { start: string; end: string }) => (Date.parse(d.end) - Date.parse(d.start)) / 3_600_000;

  it('gives the spring-forward day (2030-03-31) 23 hours: GMT midnight to BST midnight', () => {
    const spring = day('2030-03-31T12:00:00Z');
    expect(spring).toEqual({
      date: '2030-03-31',
      start: '2030-03-31T00:00:00.000Z',
      end: '2030-03-31T23:00:00.000Z',
      hour: 13,
    });
    expect(hours(spring)).toBe(23);
    // The neighbours meet it exactly.
    expect(day('2030-03-30T12:00:00Z').end).toBe(spring.start);
    expect(day('2030-04-01T12:00:00Z').start).toBe(spring.end);
  });

  it('gives the fall-back day (2030-10-27) 25 hours: BST midnight to GMT midnight', () => {
    const autumn = day('2030-10-27T12:00:00Z');
    expect(autumn).toEqual({
      date: '2030-10-27',
      start: '2030-10-26T23:00:00.000Z',
      end: '2030-10-28T00:00:00.000Z',
      hour: 12,
    });
    expect(hours(autumn)).toBe(25);
    expect(day('2030-10-26T12:00:00Z').end).toBe(autumn.start);
    expect(day('2030-10-28T12:00:00Z').start).toBe(autumn.end);
  });

  it("answers today's date at each edge of those days, in order (the kept bounds are reused)", () => {
    const today = (instant: string) => facilityDate(new Date(instant), LONDON);
    expect(today('2030-03-30T23:59:59Z')).toBe('2030-03-30');
    expect(today('2030-03-31T00:00:00Z')).toBe('2030-03-31');
    expect(today('2030-03-31T00:59:59Z')).toBe('2030-03-31');
    expect(today('2030-03-31T01:00:00Z')).toBe('2030-03-31');
    expect(today('2030-03-31T22:59:59Z')).toBe('2030-03-31');
    expect(today('2030-03-31T23:00:00Z')).toBe('2030-04-01');
    expect(today('2030-10-26T22:59:59Z')).toBe('2030-10-26');
    expect(today('2030-10-26T23:00:00Z')).toBe('2030-10-27');
    expect(today('2030-10-27T00:30:00Z')).toBe('2030-10-27');
    expect(today('2030-10-27T01:30:00Z')).toBe('2030-10-27');
    expect(today('2030-10-27T23:59:59Z')).toBe('2030-10-27');
    expect(today('2030-10-28T00:00:00Z')).toBe('2030-10-28');
  });

  it('reads the wall-clock hour across the changes: hour 1 is skipped in spring and lasts two in autumn', () => {
    const hour = (instant: string) => facilityHour(new Date(instant), LONDON);
    expect(hour('2030-03-31T00:59:00Z')).toBe(0);
    expect(hour('2030-03-31T01:00:00Z')).toBe(2);
    expect(hour('2030-10-27T00:00:00Z')).toBe(1);
    expect(hour('2030-10-27T00:59:00Z')).toBe(1);
    expect(hour('2030-10-27T01:00:00Z')).toBe(1);
    expect(hour('2030-10-27T02:00:00Z')).toBe(2);
  });
});

describe('a day whose midnight is skipped (America/Santiago, 2030-09-08)', () => {
  it('starts at 01:00, the first minute it has, and the day before ends there', () => {
    const zone = 'America/Santiago';
    const d = facilityDay(new Date('2030-09-08T15:00:00Z'), zone);
    expect(d.date).toBe('2030-09-08');
    expect(d.start.toISOString()).toBe('2030-09-08T04:00:00.000Z');
    expect(facilityDay(new Date('2030-09-07T15:00:00Z'), zone).end.toISOString()).toBe(
      '2030-09-08T04:00:00.000Z',
    );
    expect(facilityDate(new Date('2030-09-08T03:30:00Z'), zone)).toBe('2030-09-07');
    expect(facilityDate(new Date('2030-09-08T04:00:00Z'), zone)).toBe('2030-09-08');
  });
});
