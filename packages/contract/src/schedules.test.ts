import { describe, expect, it } from 'vitest';
import { canTransition, createAppointmentSchema } from './appointments';
import {
  daysBetween,
  type FacilityNow,
  fromLocalDateTime,
  isCalendarDate,
  isOnClock,
  nearOffsetChange,
  toLocalDateTime,
  WEEKDAYS,
  weekdayOf,
} from './clock';
import {
  AVAILABILITY_MESSAGES,
  type AvailabilityQuery,
  checkAvailability,
  DEFAULT_SCHEDULE,
  freeSlots,
  type Schedule,
  scheduleSchema,
  slotStarts,
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
    // Summer time: New York is UTC-4 in July (daylight-saving days are tested below).
    expect(fromLocalDateTime('2030-07-01', at('09:30'), 'America/New_York').toISOString()).toBe(
      '2030-07-01T13:30:00.000Z',
    );
    expect(toLocalDateTime(new Date('2030-01-07T23:30:00Z'), 'Africa/Lagos')).toEqual({
      date: '2030-01-08',
      minutes: 30,
    });
  });
});

describe('daylight saving: Europe/London', () => {
  const LONDON = 'Europe/London';
  // The last Sundays of March and October 2030: at 01:00 UTC the clocks go forward
  // (01:00 GMT -> 02:00 BST: 01:00-01:59 does not exist) and back (02:00 BST -> 01:00 GMT:
  // 01:00-01:59 happens twice).
  const SPRING = '2030-03-31';
  const AUTUMN = '2030-10-27';
  const iso = (date: string, hhmm: string, zone = LONDON) =>
    fromLocalDateTime(date, at(hhmm), zone).toISOString();
  const hhmm = (minutes: number) =>
    `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  /** A doctor whose Sunday covers both changes: 00:00-04:00. */
  const nightSunday = (perPatientTime: string): Schedule =>
    scheduleSchema.parse({
      perPatientTime,
      days: DEFAULT_SCHEDULE.days.map((d) =>
        d.day === 'Sunday' ? { day: d.day, off: false, from: '00:00', to: '04:00' } : d,
      ),
    });
  const NIGHT = nightSunday('00:30');
  const before = (date: string): FacilityNow => ({ date: addDay(date, -1), minutes: 0, timeZone: LONDON });
  const addDay = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const instantsOf = (date: string, slots: string[]) => slots.map((s) => iso(date, s));

  it('knows the two days as ones near an offset change, and days further off as plain', () => {
    expect(weekdayOf(SPRING)).toBe('Sunday');
    expect(weekdayOf(AUTUMN)).toBe('Sunday');
    expect(nearOffsetChange(SPRING, LONDON)).toBe(true);
    expect(nearOffsetChange(AUTUMN, LONDON)).toBe(true);
    for (const plain of ['2030-03-28', '2030-04-02', '2030-07-01', '2030-10-24', '2030-10-30']) {
      expect(nearOffsetChange(plain, LONDON)).toBe(false);
    }
  });

  it('converts around the spring gap: a skipped time moves forward by the gap', () => {
    expect(iso(SPRING, '00:00')).toBe('2030-03-31T00:00:00.000Z');
    expect(iso(SPRING, '00:59')).toBe('2030-03-31T00:59:00.000Z');
    expect(iso(SPRING, '02:00')).toBe('2030-03-31T01:00:00.000Z');
    expect(iso(SPRING, '03:00')).toBe('2030-03-31T02:00:00.000Z');
    // 01:00-01:59 does not exist: read as GMT, it is 02:00-02:59 BST (as PostgreSQL reads it).
    expect(iso(SPRING, '01:00')).toBe('2030-03-31T01:00:00.000Z');
    expect(iso(SPRING, '01:30')).toBe('2030-03-31T01:30:00.000Z');
    for (const t of ['01:00', '01:30', '01:59']) expect(isOnClock(SPRING, at(t), LONDON)).toBe(false);
    for (const t of ['00:00', '00:59', '02:00', '23:59']) expect(isOnClock(SPRING, at(t), LONDON)).toBe(true);
    expect(toLocalDateTime(new Date('2030-03-31T00:59:00Z'), LONDON)).toEqual({
      date: SPRING,
      minutes: at('00:59'),
    });
    expect(toLocalDateTime(new Date('2030-03-31T01:00:00Z'), LONDON)).toEqual({
      date: SPRING,
      minutes: at('02:00'),
    });
  });

  it('converts around the autumn overlap: a time shown twice is the later one', () => {
    expect(iso(AUTUMN, '00:00')).toBe('2030-10-26T23:00:00.000Z');
    expect(iso(AUTUMN, '00:59')).toBe('2030-10-26T23:59:00.000Z');
    // 01:00-01:59 is shown first in BST (00:00-00:59 UTC), then in GMT: the GMT one.
    expect(toLocalDateTime(new Date('2030-10-27T00:30:00Z'), LONDON)).toEqual({
      date: AUTUMN,
      minutes: at('01:30'),
    });
    expect(toLocalDateTime(new Date('2030-10-27T01:30:00Z'), LONDON)).toEqual({
      date: AUTUMN,
      minutes: at('01:30'),
    });
    expect(iso(AUTUMN, '01:00')).toBe('2030-10-27T01:00:00.000Z');
    expect(iso(AUTUMN, '01:30')).toBe('2030-10-27T01:30:00.000Z');
    expect(iso(AUTUMN, '02:00')).toBe('2030-10-27T02:00:00.000Z');
    expect(iso(AUTUMN, '23:59')).toBe('2030-10-27T23:59:00.000Z');
  });

  it('round-trips every existing quarter hour of both days', () => {
    for (const date of [SPRING, AUTUMN]) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const skipped = date === SPRING && minutes >= 60 && minutes < 120;
        expect(isOnClock(date, minutes, LONDON), `${date} ${hhmm(minutes)}`).toBe(!skipped);
      }
    }
  });

  it('applies the same rule in a zone behind UTC (it used to flip with the sign of the offset)', () => {
    // America/New_York 2030: forward on 10 March at 02:00 EST, back on 3 November at 02:00 EDT.
    // Skipped 02:30 -> 03:30 EDT (it was 01:30 EST); twice-shown 01:30 -> 01:30 EST (it was EDT).
    expect(iso('2030-03-10', '02:30', 'America/New_York')).toBe('2030-03-10T07:30:00.000Z');
    expect(iso('2030-11-03', '01:30', 'America/New_York')).toBe('2030-11-03T06:30:00.000Z');
    expect(iso('2030-11-03', '00:30', 'America/New_York')).toBe('2030-11-03T04:30:00.000Z');
  });

  it('starts a day whose midnight is skipped at the first minute it has, not on the day before', () => {
    // America/Santiago goes forward at midnight: 2030-09-08 starts at 01:00 (-03).
    expect(iso('2030-09-08', '00:00', 'America/Santiago')).toBe('2030-09-08T04:00:00.000Z');
    expect(toLocalDateTime(new Date('2030-09-08T04:00:00Z'), 'America/Santiago')).toEqual({
      date: '2030-09-08',
      minutes: at('01:00'),
    });
  });

  it('offers no slot the spring clock skips, and refuses to book one', () => {
    expect(slotStarts(NIGHT, SPRING).map(hhmm)).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ]);
    const slots = freeSlots({ schedule: NIGHT, date: SPRING, now: before(SPRING), busy: [] });
    expect(slots).toEqual(['00:00', '00:30', '02:00', '02:30', '03:00', '03:30']);
    // Every slot offered is its own moment, in order (01:00 would have been 02:00's moment).
    const instants = instantsOf(SPRING, slots);
    expect([...instants].sort()).toEqual(instants);
    expect(new Set(instants).size).toBe(instants.length);
    expect(iso(SPRING, '01:00')).toBe(iso(SPRING, '02:00'));
    for (const t of ['01:00', '01:30']) {
      expect(
        checkAvailability(query({ schedule: NIGHT, date: SPRING, minutes: at(t), now: before(SPRING) })),
      ).toEqual({
        ok: false,
        reason: 'skipped',
        message: AVAILABILITY_MESSAGES.skipped,
      });
    }
    expect(
      checkAvailability(query({ schedule: NIGHT, date: SPRING, minutes: at('02:00'), now: before(SPRING) })),
    ).toEqual({ ok: true, durationMinutes: 30 });
  });

  it('measures overlaps in real time on the spring day', () => {
    const schedule = nightSunday('00:45');
    const now = before(SPRING);
    expect(freeSlots({ schedule, date: SPRING, now, busy: [] })).toEqual([
      '00:00',
      '00:45',
      '02:15',
      '03:00',
    ]);
    // Booked at 00:45 for 45 minutes: it runs to 02:30 BST, so 02:15 is taken; 03:00 is free.
    const busy = [{ minutes: at('00:45'), durationMinutes: 45 }];
    expect(freeSlots({ schedule, date: SPRING, now, busy })).toEqual(['00:00', '03:00']);
    expect(
      checkAvailability(query({ schedule, date: SPRING, minutes: at('02:15'), now, busy })),
    ).toMatchObject({
      reason: 'taken',
    });
  });

  it('offers each autumn slot once, each at its own moment, and none in the past', () => {
    const slots = freeSlots({ schedule: NIGHT, date: AUTUMN, now: before(AUTUMN), busy: [] });
    expect(slots).toEqual(['00:00', '00:30', '01:00', '01:30', '02:00', '02:30', '03:00', '03:30']);
    const instants = instantsOf(AUTUMN, slots);
    expect(instants.slice(0, 4)).toEqual([
      '2030-10-26T23:00:00.000Z',
      '2030-10-26T23:30:00.000Z',
      '2030-10-27T01:00:00.000Z',
      '2030-10-27T01:30:00.000Z',
    ]);
    expect([...instants].sort()).toEqual(instants);
    expect(new Set(instants).size).toBe(instants.length);
    // Busy at 00:30 (BST, until 00:00 UTC) does not touch 01:00 (GMT).
    const busy = [{ minutes: at('00:30'), durationMinutes: 30 }];
    expect(freeSlots({ schedule: NIGHT, date: AUTUMN, now: before(AUTUMN), busy })).toEqual([
      '00:00',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ]);
    // During the first 01:00-01:59 (BST) the wall clock has shown 01:30 already: refused as past,
    // although its (GMT) moment is still ahead: cautious, and never a booking in the past.
    const firstPass = new Date('2030-10-27T00:45:00Z');
    const now1: FacilityNow = { ...toLocalDateTime(firstPass, LONDON), timeZone: LONDON };
    expect(freeSlots({ schedule: NIGHT, date: AUTUMN, now: now1, busy: [] })).toEqual([
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ]);
    // During the second (GMT): 01:30 is offered, and its moment is indeed ahead.
    const secondPass = new Date('2030-10-27T01:15:00Z');
    const now2: FacilityNow = { ...toLocalDateTime(secondPass, LONDON), timeZone: LONDON };
    const later = freeSlots({ schedule: NIGHT, date: AUTUMN, now: now2, busy: [] });
    expect(later).toEqual(['01:30', '02:00', '02:30', '03:00', '03:30']);
    for (const instant of instantsOf(AUTUMN, later)) expect(Date.parse(instant)).toBeGreaterThan(+secondPass);
  });
});

describe('daylight saving: Africa/Lagos (none) is unchanged', () => {
  it('is UTC+1 at every quarter hour of the European change days, and every slot is offered', () => {
    for (const date of ['2030-03-31', '2030-10-27', '2030-03-10', '2030-11-03']) {
      expect(nearOffsetChange(date, 'Africa/Lagos')).toBe(false);
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        expect(fromLocalDateTime(date, minutes, 'Africa/Lagos').getTime()).toBe(
          Date.parse(`${date}T00:00:00Z`) + (minutes - 60) * 60_000,
        );
        expect(isOnClock(date, minutes, 'Africa/Lagos')).toBe(true);
      }
    }
    const schedule = scheduleSchema.parse({
      perPatientTime: '00:30',
      days: WEEKDAYS.map((day) => ({ day, off: false, from: '00:00', to: '04:00' })),
    });
    const plain = freeSlots({ schedule, date: '2030-03-31', now: EARLY, busy: [] });
    expect(plain).toHaveLength(8);
    expect(
      freeSlots({ schedule, date: '2030-03-31', now: { ...EARLY, timeZone: 'Africa/Lagos' }, busy: [] }),
    ).toEqual(plain);
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
