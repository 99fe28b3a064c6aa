import { describe, expect, it } from 'vitest';
import { type CalendarEvent, calendarEvent, escapeText, foldLine, icsTime } from './ics';

const event: CalendarEvent = {
  uid: 'appointment-1b2c@care.example.org',
  sequence: 2,
  method: 'REQUEST',
  status: 'CONFIRMED',
  start: new Date('2030-01-08T10:30:00Z'),
  end: new Date('2030-01-08T11:15:00Z'),
  stamp: new Date('2030-01-07T09:00:00.123Z'),
  summary: 'Check-up, knee; follow\\up',
  description: 'Line one\nLine two',
  location: 'CarePoint Clinic, 12 Marina Road',
  organizer: { name: 'CarePoint', email: 'no-reply@care.example.org' },
  attendee: { name: 'Bola "B" Adeyemi', email: 'bola@example.com' },
};

describe('the calendar entry (.ics)', () => {
  it('is one VEVENT with UTC times, the UID and sequence, CRLF line endings', () => {
    const ics = calendarEvent(event);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = ics.split('\r\n');
    expect(lines.slice(0, 13)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//CarePoint//Appointments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'UID:appointment-1b2c@care.example.org',
      'SEQUENCE:2',
      'DTSTAMP:20300107T090000Z',
      'DTSTART:20300108T103000Z',
      'DTEND:20300108T111500Z',
      'STATUS:CONFIRMED',
      'SUMMARY:Check-up\\, knee\\; follow\\\\up',
    ]);
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two\r\n');
    expect(ics.replace(/\r\n /g, '')).toContain(
      'ATTENDEE;CN="Bola B Adeyemi";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:bola@example.com',
    );
  });

  it('says CANCEL for a cancelled appointment', () => {
    const ics = calendarEvent({ ...event, method: 'CANCEL', status: 'CANCELLED', sequence: 3 });
    expect(ics).toContain('\r\nMETHOD:CANCEL\r\n');
    expect(ics).toContain('\r\nSTATUS:CANCELLED\r\n');
    expect(ics).toContain('\r\nSEQUENCE:3\r\n');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'é'.repeat(60)}${'a'.repeat(60)}`;
    const folded = foldLine(long);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      if (i > 0) expect(part.startsWith(' ')).toBe(true);
    }
    // Unfolding (dropping CRLF and one space) gives the line back, characters whole.
    expect(folded.replace(/\r\n /g, '')).toBe(long);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
  });

  it('writes instants in UTC and escapes text', () => {
    expect(icsTime(new Date('2030-07-01T23:05:09.999Z'))).toBe('20300701T230509Z');
    expect(escapeText('a,b;c\\d\r\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });
});
