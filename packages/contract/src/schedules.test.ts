import { describe, expect, it } from 'vitest';
import { canTransition, createAppointmentSchema } from './appointments';
import {
  AVAILABILITY_MESSAGES,
  type AvailabilityQuery,
  checkAvailability,
  DEFAULT_SCHEDULE,
  daysBetween,
  freeSlots,
  fromLocalDateTime,
  isCalendarDate,
  type Schedule,
  scheduleSchema,
  slotStarts,
  toLocalDateTime,
  weekdayOf,
} from './schedules';

// 2030-01-07 is a Monday.
const MONDAY = '2030-01-07';
const SATURDAY = '2030-01-12';
const SUNDAY = '2030-01-13';
const EARLY: AvailabilityQuery['now'] = { date: '2030-01-01', minutes: 0 };

const query = (over: Partial<AvailabilityQuery> = {}): AvailabilityQuery => ({
  schedule: DEFAULT_SCHEDULE,
  doctorName: 'Dr Ada Okafor',
  date: MONDAY,
  minutes: 9 * 60,
  now: EARLY,
  busy: [],
  ...over,
});
const at = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

describe('calendar helpers', () => {
  it('names weekdays, Monday first', () => {
    expect(weekdayOf(MONDAY)).toBe('Monday');
    expect(weekdayOf(SUNDAY)).toBe('Sunday');
    expect(weekdayOf('2024-02-29')).toBe('Thursday');
  });
  it('accepts only real dates, leap years included', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2030-13-01')).toBe(false);
    expect(isCalendarDate('2030-1-1')).toBe(false);
  });
  it('counts whole days', () => {
    expect(daysBetween('2030-01-01', '2030-01-07')).toBe(6);
    expect(daysBetween('2030-01-07', '2030-01-07')).toBe(0);
  });
  it('converts between the facility clock and instants', () => {
    expect(fromLocalDateTime(MONDAY, at('09:00'), 'Africa/Lagos').toISOString()).toBe(
      '2030-01-07T08:00:00.000Z',
    );
    expect(fromLocalDateTime(MONDAY, at('09:00'), 'UTC').toISOString()).toBe('2030-01-07T09:00:00.000Z');
    // Across a daylight-saving change: New York is UTC-4 in July.
    expect(fromLocalDateTime('2030-07-01', at('09:30'), 'America/New_York').toISOString()).toBe(
      '2030-07-01T13:30:00.000Z',
    );
    expect(toLocalDateTime(new Date('2030-01-07T23:30:00Z'), 'Africa/Lagos')).toEqual({
      date: '2030-01-08',
      minutes: 30,
    });
  });
});

describe('slot starts', () => {
  it('starts every per-patient time and ends by the closing time', () => {
    const starts = slotStarts(DEFAULT_SCHEDULE, MONDAY).map(
      (m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`,
    );
    expect(starts).toEqual(['09:00', '09:45', '10:30', '11:15', '12:00', '12:45', '13:30', '14:15', '15:00']);
  });
  it('has none on a day off', () => {
    expect(slotStarts(DEFAULT_SCHEDULE, SUNDAY)).toEqual([]);
  });
});

describe('the availability rule', () => {
  it('accepts a free slot inside the hours', () => {
    expect(checkAvailability(query({ minutes: at('09:45') }))).toEqual({ ok: true, durationMinutes: 45 });
    expect(checkAvailability(query({ minutes: at('15:00') })).ok).toBe(true);
  });
  it('refuses a day off', () => {
    expect(checkAvailability(query({ date: SUNDAY }))).toMatchObject({
      reason: 'dayOff',
      message: 'Dr Ada Okafor does not work on Sundays',
    });
  });
  it('refuses times outside the hours', () => {
    for (const t of ['08:15', '16:00', '17:00']) {
      expect(checkAvailability(query({ minutes: at(t) }))).toMatchObject({
        reason: 'outsideHours',
        message: 'Please choose a time between 09:00 and 16:00',
      });
    }
  });
  it('refuses a slot that would run past the closing time', () => {
    expect(checkAvailability(query({ minutes: at('15:45') }))).toMatchObject({
      reason: 'outsideHours',
      message: AVAILABILITY_MESSAGES.lastSlot('15:00'),
    });
  });
  it('refuses a start off the slot boundary', () => {
    expect(checkAvailability(query({ minutes: at('09:30') }))).toMatchObject({
      reason: 'offSlot',
      message: 'Appointments start every 45 minutes (09:00, 09:45, ...)',
    });
  });
  it('refuses the past and now itself', () => {
    const now = { date: MONDAY, minutes: at('10:30') };
    expect(checkAvailability(query({ minutes: at('09:45'), now })).ok).toBe(false);
    expect(checkAvailability(query({ minutes: at('10:30'), now }))).toMatchObject({ reason: 'past' });
    expect(checkAvailability(query({ minutes: at('11:15'), now })).ok).toBe(true);
    expect(checkAvailability(query({ now: { date: '2030-01-08', minutes: 0 } }))).toMatchObject({
      message: 'That time is in the past',
    });
  });
  it('refuses any overlap with an active booking, including one of another length', () => {
    const busy = [{ minutes: at('09:45'), durationMinutes: 45 }];
    expect(checkAvailability(query({ minutes: at('09:45'), busy }))).toMatchObject({
      reason: 'taken',
      message: 'That time is already booked. Please choose another time.',
    });
    expect(checkAvailability(query({ minutes: at('09:00'), busy })).ok).toBe(true);
    expect(checkAvailability(query({ minutes: at('10:30'), busy })).ok).toBe(true);
    // Booked under an older 60-minute schedule: 10:30 is still free, 09:45's successor is not.
    const long = [{ minutes: at('09:45'), durationMinutes: 60 }];
    expect(checkAvailability(query({ minutes: at('10:30'), busy: long }))).toMatchObject({ reason: 'taken' });
  });
  it('uses the schedule of the weekday', () => {
    const schedule: Schedule = scheduleSchema.parse({
      perPatientTime: '00:30',
      days: DEFAULT_SCHEDULE.days.map((d) =>
        d.day === 'Saturday' ? { day: d.day, off: false, from: '10:00:00', to: '13:00:00' } : d,
      ),
    });
    expect(freeSlots({ schedule, date: SATURDAY, now: EARLY, busy: [] })).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '12:00',
      '12:30',
    ]);
  });
  it('lists free slots without the taken and the past ones', () => {
    const slots = freeSlots({
      schedule: DEFAULT_SCHEDULE,
      date: MONDAY,
      now: { date: MONDAY, minutes: at('11:00') },
      busy: [{ minutes: at('12:00'), durationMinutes: 45 }],
    });
    expect(slots).toEqual(['11:15', '12:45', '13:30', '14:15', '15:00']);
  });
});

describe('schedule validation', () => {
  it('requires hours on working days and from before to', () => {
    const days = DEFAULT_SCHEDULE.days.map((d) => ({ ...d }));
    days[0] = { day: 'Monday', off: false, from: '16:00', to: '09:00' };
    const result = scheduleSchema.safeParse({ perPatientTime: '00:45:00', days });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('From time must be before To time');
  });
  it('normalises the per-patient time', () => {
    expect(scheduleSchema.parse({ ...DEFAULT_SCHEDULE, perPatientTime: '00:30' }).perPatientTime).toBe(
      '00:30:00',
    );
    expect(scheduleSchema.safeParse({ ...DEFAULT_SCHEDULE, perPatientTime: '00:01' }).success).toBe(false);
  });
});

describe('appointments', () => {
  it('needs title, priority, date and time, all with the spec message', () => {
    for (const missing of ['title', 'priority', 'date', 'time'] as const) {
      const input: Record<string, string> = {
        title: 'Check-up',
        priority: 'Low',
        date: MONDAY,
        time: '09:00',
      };
      input[missing] = '';
      const result = createAppointmentSchema.safeParse(input);
      expect(result.error?.issues[0]?.message).toBe('All fields are required');
      delete input[missing];
      expect(createAppointmentSchema.safeParse(input).error?.issues[0]?.message).toBe(
        'All fields are required',
      );
    }
  });
  it('turns an empty doctor into "any doctor"', () => {
    const parsed = createAppointmentSchema.parse({
      title: 'x',
      priority: 'Urgent',
      date: MONDAY,
      time: '09:00',
      doctorId: '',
    });
    expect(parsed.doctorId).toBeUndefined();
  });
  it('knows who may change which status', () => {
    expect(canTransition('patient', 'Pending', 'Cancelled')).toBe(true);
    expect(canTransition('patient', 'Confirmed', 'Cancelled')).toBe(true);
    expect(canTransition('patient', 'Pending', 'Confirmed')).toBe(false);
    expect(canTransition('patient', 'Completed', 'Cancelled')).toBe(false);
    expect(canTransition('doctor', 'Pending', 'Confirmed')).toBe(true);
    expect(canTransition('doctor', 'Pending', 'Completed')).toBe(false);
    expect(canTransition('admin', 'Confirmed', 'Completed')).toBe(true);
    expect(canTransition('admin', 'Cancelled', 'Pending')).toBe(false);
    expect(canTransition('doctor', 'Completed', 'Cancelled')).toBe(false);
  });
});
