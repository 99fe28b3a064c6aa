import type { Calendar, CalendarAppointment, CalendarDoctor } from '@carepoint/contract';
import { describe, expect, it } from 'vitest';
import {
  dateAt,
  dateOf,
  freeItemsOf,
  isMovable,
  isWorking,
  itemOf,
  moveOf,
  rangeOf,
  stepOf,
  timeOf,
  visibleHours,
} from './calendar-model';

const appointment = (over: Partial<CalendarAppointment> = {}): CalendarAppointment => ({
  id: 'a1',
  doctorId: 'd1',
  patientId: 'p1',
  patientName: 'Ada Obi',
  title: 'Check-up',
  priority: 'Medium',
  status: 'Confirmed',
  date: '2030-01-09',
  time: '10:30',
  startsAt: '2030-01-09T09:30:00.000Z',
  durationMinutes: 45,
  ...over,
});

const doctor = (over: Partial<CalendarDoctor> = {}): CalendarDoctor => ({
  id: 'd1',
  name: 'Dr Ada Okafor',
  slotMinutes: 30,
  days: [
    { date: '2030-01-09', day: 'Wednesday', hours: { from: '09:00', to: '17:00' }, free: ['09:00', '09:30'] },
  ],
  ...over,
});

const calendar = (over: Partial<Calendar> = {}): Calendar => ({
  from: '2030-01-09',
  to: '2030-01-09',
  today: '2030-01-09',
  now: '08:00',
  doctors: [doctor()],
  appointments: [],
  ...over,
});

describe('the range a calendar asks for', () => {
  it('a day view asks for that day', () => {
    expect(rangeOf('day', '2030-01-09')).toEqual({ from: '2030-01-09', to: '2030-01-09' });
  });

  it('a week view asks for Monday to Sunday of the week, as the schedules run', () => {
    // Wednesday 9 January 2030.
    expect(rangeOf('week', '2030-01-09')).toEqual({ from: '2030-01-07', to: '2030-01-13' });
    // A Sunday belongs to the week that started on the Monday before.
    expect(rangeOf('week', '2030-01-13')).toEqual({ from: '2030-01-07', to: '2030-01-13' });
    expect(rangeOf('week', '2030-01-07')).toEqual({ from: '2030-01-07', to: '2030-01-13' });
  });

  it('a week across a month and a year end', () => {
    expect(rangeOf('week', '2030-01-01')).toEqual({ from: '2029-12-31', to: '2030-01-06' });
  });
});

describe('where an appointment is drawn', () => {
  it('at its facility wall-clock time, whatever the browser zone, as long as it lasts', () => {
    const zone = process.env.TZ;
    try {
      for (const browserZone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland']) {
        process.env.TZ = browserZone;
        const item = itemOf(appointment());
        expect([dateOf(item.start), timeOf(item.start)]).toEqual(['2030-01-09', '10:30']);
        expect([dateOf(item.end), timeOf(item.end)]).toEqual(['2030-01-09', '11:15']);
        expect(item.resourceId).toBe('d1');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    expect(itemOf(appointment()).title).toBe('Ada Obi · Check-up');
  });

  it("free slots are drawn one slot long in their doctor's column", () => {
    const free = freeItemsOf(calendar());
    expect(free.map((f) => [timeOf(f.start), timeOf(f.end), f.resourceId])).toEqual([
      ['09:00', '09:30', 'd1'],
      ['09:30', '10:00', 'd1'],
    ]);
    expect(free.every((f) => f.appointment === undefined)).toBe(true);
  });

  it('the grid shows the working day with about an hour each side, widened to every appointment', () => {
    expect(visibleHours(calendar(), 30)).toEqual({ from: 8 * 60, to: 18 * 60 });
    const late = calendar({ appointments: [appointment({ time: '18:00', durationMinutes: 60 })] });
    expect(visibleHours(late, 30)).toEqual({ from: 8 * 60, to: 20 * 60 });
  });

  it('with nobody working and nothing booked it shows 08:00 to 18:00', () => {
    const off = calendar({
      doctors: [doctor({ days: [{ date: '2030-01-09', day: 'Wednesday', hours: null, free: [] }] })],
    });
    expect(visibleHours(off, 15)).toEqual({ from: 8 * 60, to: 18 * 60 });
  });

  it("the grid's lines fall on every doctor's slot starts", () => {
    expect(stepOf(calendar())).toBe(30);
    const twoDoctors = calendar({
      doctors: [
        doctor({ slotMinutes: 30 }),
        doctor({
          id: 'd2',
          slotMinutes: 45,
          days: [{ date: '2030-01-09', day: 'Wednesday', hours: { from: '09:15', to: '12:00' }, free: [] }],
        }),
      ],
    });
    expect(stepOf(twoDoctors)).toBe(15);
  });

  it("hours outside the doctor's day, and a day off, are shaded as not working", () => {
    const d = doctor();
    expect(isWorking(d, dateAt('2030-01-09', 9 * 60))).toBe(true);
    expect(isWorking(d, dateAt('2030-01-09', 16 * 60 + 59))).toBe(true);
    expect(isWorking(d, dateAt('2030-01-09', 17 * 60))).toBe(false);
    expect(isWorking(d, dateAt('2030-01-09', 8 * 60 + 30))).toBe(false);
    expect(isWorking(d, dateAt('2030-01-10', 10 * 60))).toBe(false);
    expect(isWorking(undefined, dateAt('2030-01-09', 10 * 60))).toBe(false);
  });
});

describe('which appointments move, and where a drop moves one', () => {
  it('only a Pending or Confirmed appointment still ahead can be dragged', () => {
    const cal = calendar({ today: '2030-01-09', now: '10:00' });
    expect(isMovable(appointment({ status: 'Pending' }), cal)).toBe(true);
    expect(isMovable(appointment({ status: 'Confirmed', date: '2030-01-10', time: '08:00' }), cal)).toBe(
      true,
    );
    expect(isMovable(appointment({ status: 'Cancelled' }), cal)).toBe(false);
    expect(isMovable(appointment({ status: 'Completed' }), cal)).toBe(false);
    // Already started today, or on a past day: refused.
    expect(isMovable(appointment({ time: '09:30' }), cal)).toBe(false);
    expect(isMovable(appointment({ time: '10:00' }), cal)).toBe(false);
    expect(isMovable(appointment({ date: '2030-01-08', time: '15:00' }), cal)).toBe(false);
  });

  it('a drop sends the new date and time, keeping the doctor on a doctor calendar', () => {
    const to = moveOf(appointment(), { start: dateAt('2030-01-10', 14 * 60), resourceId: 'd2' }, false);
    expect(to).toEqual({ date: '2030-01-10', time: '14:00', doctorId: 'd1' });
  });

  it("on the desk's day a drop into another doctor's column gives it to that doctor", () => {
    const to = moveOf(appointment(), { start: dateAt('2030-01-09', 10 * 60 + 30), resourceId: 'd2' }, true);
    expect(to).toEqual({ date: '2030-01-09', time: '10:30', doctorId: 'd2' });
  });

  it('a drop where the appointment already is sends nothing', () => {
    expect(moveOf(appointment(), { start: dateAt('2030-01-09', 10 * 60 + 30) }, false)).toBeNull();
    expect(
      moveOf(appointment(), { start: dateAt('2030-01-09', 10 * 60 + 30), resourceId: 'd1' }, true),
    ).toBeNull();
  });
});
