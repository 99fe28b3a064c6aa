import { z } from 'zod';
import { departmentSchema } from './emergency';
import { LAB_PRIORITIES, SPECIMEN_REJECTION_REASONS } from './lab';

/*
 * Admin Dashboard, Operational Analytics and admin stats: every figure is computed from stored
 * records at the server's clock; "today" is the calendar day in the facility's TIME_ZONE.
 * An ER wait is erWaitMinutes(): arrival until seen (or until leaving unseen, or until now).
 */

// ---------------------------------------------------------------------------------------------
// Admin Dashboard: GET /api/admin/summary
// ---------------------------------------------------------------------------------------------

/** Today Overview rows, in display order. */
export const TODAY_OVERVIEW = [
  { key: 'arrivals', label: 'Arrivals today' },
  { key: 'inTreatment', label: 'In treatment' },
  { key: 'admitted', label: 'Admitted today' },
  { key: 'discharged', label: 'Discharged today' },
  { key: 'queueWaiting', label: 'Waiting in queues' },
  { key: 'appointments', label: 'Appointments today' },
  { key: 'bedsFree', label: 'Beds free' },
  { key: 'bedsOccupied', label: 'Beds occupied' },
] as const;
export type TodayOverviewKey = (typeof TODAY_OVERVIEW)[number]['key'];

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The highest value of a series and every label that reaches it (ties are all listed, in series
 * order); null when no point has a value above 0, so "the busiest hour was 00:00" is never said of
 * a day without arrivals.
 */
export function peaksOf(points: ReadonlyArray<{ label: string; value: number | null }>) {
  let value = 0;
  for (const p of points) if (p.value !== null && p.value > value) value = p.value;
  if (value === 0) return null;
  return { labels: points.filter((p) => p.value === value).map((p) => p.label), value };
}

/** "08:00", "08:00 and 14:00", "08:00, 09:00 and 14:00". */
export function listOf(labels: readonly string[]) {
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
}

// ---------------------------------------------------------------------------------------------
// Inpatient figures: beds by state, admissions and discharges, length of stay
// ---------------------------------------------------------------------------------------------

/**
 * Beds by their state now. percentOccupied: Occupied beds as a whole percent of all beds (Reserved
 * and Cleaning beds hold nobody yet, so they are not occupied); null when there are no beds.
 */
const bedCountsSchema = z.object({
  occupied: z.number().int(),
  reserved: z.number().int(),
  cleaning: z.number().int(),
  free: z.number().int(),
  total: z.number().int(),
  percentOccupied: z.number().int().nullable(),
});
export type BedCounts = z.infer<typeof bedCountsSchema>;

/** Occupied beds as a whole percent of all beds; null for none, never a division by zero. */
export const percentOccupied = (occupied: number, total: number) =>
  total > 0 ? Math.round((occupied * 100) / total) : null;

/** The periods Inpatient figures cover: the last 7, 14 or 30 facility days, today included. */
export const INPATIENT_PERIODS = [7, 14, 30] as const;
export type InpatientPeriod = (typeof INPATIENT_PERIODS)[number];
export const DEFAULT_INPATIENT_PERIOD: InpatientPeriod = 14;
export const INPATIENT_PERIOD_MESSAGE = 'Period must be 7, 14 or 30 days';

export const inpatientAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: INPATIENT_PERIOD_MESSAGE })
    .refine((n): n is InpatientPeriod => (INPATIENT_PERIODS as readonly number[]).includes(n), {
      error: INPATIENT_PERIOD_MESSAGE,
    })
    .default(DEFAULT_INPATIENT_PERIOD),
});

export const inpatientAnalyticsSchema = z.object({
  /** The period: `days` facility days from `from` to `to` (today), both included (YYYY-MM-DD). */
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  /** Beds by state now: each ward (by name, wards without beds too) and the whole hospital. */
  occupancy: z.object({
    wards: z.array(bedCountsSchema.extend({ wardId: z.string(), name: z.string() })),
    total: bedCountsSchema,
  }),
  /**
   * One row per facility day of the period, oldest first. admissions: stays (Admitted or
   * Discharged; a cancelled plan never came in) whose admittedAt falls on that day; discharges:
   * Discharged stays whose dischargedAt falls on it.
   */
  movements: z.array(
    z.object({ date: z.string(), admissions: z.number().int(), discharges: z.number().int() }),
  ),
  admissions: z.number().int(),
  discharges: z.number().int(),
  /**
   * Average length of stay of the stays discharged in the period. A stay's length is the
   * midnights it spans: its discharge's facility date less its admission's (a same-day stay is 0).
   * averageDays has one decimal, null when no stay was discharged; stays: how many it averages.
   */
  lengthOfStay: z.object({
    averageDays: z.number().nullable(),
    stays: z.number().int(),
    totalDays: z.number().int(),
  }),
});
export type InpatientAnalytics = z.infer<typeof inpatientAnalyticsSchema>;

// ---------------------------------------------------------------------------------------------
// Laboratory figures: turnaround, rejected specimens, critical results (GET /api/admin/analytics/lab)
// over the same periods as the inpatient figures (inpatientAnalyticsQuerySchema, one period on the page)
// ---------------------------------------------------------------------------------------------

/** part as a percent of whole with one decimal (2 of 3 is 66.7); null for none, never a division by zero. */
export const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.round((part * 1000) / whole) / 10 : null;

/**
 * Turnaround of the ordered tests (tests or panels) whose results were verified in the period:
 * from the order (its createdAt) until the test was verified, in minutes with one decimal. A
 * test is verified at the first verification of its result (a later correction does not move
 * it); a panel when its last member was. median and p90 are percentile_cont(0.5) and (0.9) over
 * them (null for none); withinTarget: how many took no longer than their test's turnaround target.
 */
const turnaroundSchema = z.object({
  count: z.number().int(),
  medianMinutes: z.number().nullable(),
  p90Minutes: z.number().nullable(),
  withinTarget: z.number().int(),
  percentWithinTarget: z.number().nullable(),
});
export type LabTurnaround = z.infer<typeof turnaroundSchema>;

const labTestRefSchema = z.object({ testId: z.string(), code: z.string(), name: z.string() });

/** Specimens collected in the period and how many of them were rejected, as a percent of them. */
const rejectionSchema = z.object({
  specimens: z.number().int(),
  rejected: z.number().int(),
  percentRejected: z.number().nullable(),
});

export const labAnalyticsSchema = z.object({
  /** The period, as in inpatientAnalyticsSchema: `days` facility days from `from` to `to` (today). */
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  turnaround: z.object({
    all: turnaroundSchema,
    /** Every priority, STAT first, with zeros where none was verified. */
    byPriority: z.array(turnaroundSchema.extend({ priority: z.enum(LAB_PRIORITIES) })),
    /** The tests verified in the period, by name. */
    byTest: z.array(
      turnaroundSchema.extend(labTestRefSchema.shape).extend({ targetMinutes: z.number().int() }),
    ),
  }),
  /**
   * Specimens collected in the period (collectedAt) and those of them rejected. byReason: every
   * reason, as a percent of all the period's specimens. byTest: each ordered test (or panel) on
   * the period's specimens, with the specimens that carried it; a specimen of several tests counts
   * under each. Most rejected first, then by name.
   */
  rejections: rejectionSchema.extend({
    byReason: z.array(
      z.object({
        reason: z.enum(SPECIMEN_REJECTION_REASONS),
        rejected: z.number().int(),
        percentRejected: z.number().nullable(),
      }),
    ),
    byTest: z.array(rejectionSchema.extend(labTestRefSchema.shape)),
  }),
  /**
   * Critical-result alerts raised in the period: acknowledged (and the minutes from raised to
   * acknowledged, median and 90th percentile with one decimal, null when none), escalated to the
   * administrators, and still open (not acknowledged now).
   */
  critical: z.object({
    raised: z.number().int(),
    acknowledged: z.number().int(),
    medianAckMinutes: z.number().nullable(),
    p90AckMinutes: z.number().nullable(),
    escalated: z.number().int(),
    open: z.number().int(),
  }),
});
export type LabAnalytics = z.infer<typeof labAnalyticsSchema>;

export const summarySchema = z.object({
  /** Tiles. doctors: doctor accounts with status Active. nurses, ambulances: every stored record. */
  doctors: z.number().int(),
  nurses: z.number().int(),
  /** Every patient account. */
  patients: z.number().int(),
  ambulances: z.number().int(),
  /** ER entries with status Waiting, whenever they arrived. */
  erWaiting: z.number().int(),
  /**
   * arrivals: ER arrivals today. inTreatment: ER entries now In Treatment. admitted / discharged:
   * ER entries that left today with that status. queueWaiting: queue entries now Waiting.
   * appointments: appointments starting today, Cancelled excluded. bedsFree / bedsOccupied: beds now.
   */
  todayOverview: z.array(z.object({ key: z.string(), label: z.string(), value: z.number().int() })),
  /**
   * Wait Time Trend: one point per hour of today (0-23, facility time): the average wait in whole
   * minutes of the ER patients who arrived in that hour; null for hours without arrivals or not
   * yet begun.
   */
  waitTimeTrend: z.array(
    z.object({ hour: z.number().int(), label: z.string(), avgWaitMin: z.number().int().nullable() }),
  ),
  /** Arrivals By Hour: ER arrivals in each hour of today (24 buckets, facility time). */
  arrivalsByHour: z.array(
    z.object({ hour: z.number().int(), label: z.string(), arrivals: z.number().int() }),
  ),
  /** The hour(s) with the most arrivals today, every tied hour listed; null before the first arrival. */
  busiestHours: z.object({ labels: z.array(z.string()), arrivals: z.number().int() }).nullable(),
  /**
   * Inpatients: every bed by its state now, and the stays admitted and discharged today (as in
   * inpatientAnalyticsSchema's movements).
   */
  inpatient: bedCountsSchema.extend({
    admissionsToday: z.number().int(),
    dischargesToday: z.number().int(),
  }),
});
export type Summary = z.infer<typeof summarySchema>;

// ---------------------------------------------------------------------------------------------
// Operational Analytics: GET /api/admin/analytics, PUT /api/admin/settings/target-wait
// ---------------------------------------------------------------------------------------------

export const TARGET_WAIT_DEFAULT_MIN = 30;
export const TARGET_WAIT_SETTING = 'targetWaitMin';
export const TARGET_WAIT_MESSAGE = 'Target wait must be a whole number of minutes between 1 and 600';

export const targetWaitSchema = z.object({
  targetWaitMin: z.coerce
    .number({ error: TARGET_WAIT_MESSAGE })
    .int(TARGET_WAIT_MESSAGE)
    .min(1, TARGET_WAIT_MESSAGE)
    .max(600, TARGET_WAIT_MESSAGE),
});
export type TargetWait = z.infer<typeof targetWaitSchema>;

export const analyticsSchema = z.object({
  /** Average wait (whole minutes, rounded) of today's ER arrivals; 0 when nobody arrived today. */
  avgWaitMin: z.number().int(),
  /** The stored setting (default TARGET_WAIT_DEFAULT_MIN). */
  targetWaitMin: z.number().int(),
  /** ER arrivals today. */
  todayArrivals: z.number().int(),
  /**
   * Departments where patients are waiting now, longest average current wait first. The wait of
   * a queue entry is now - joinedAt; ER entries still Waiting count under ER (now - arrivedAt).
   */
  bottlenecks: z.array(
    z.object({ department: departmentSchema, waitMin: z.number().int(), waiting: z.number().int() }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;

// ---------------------------------------------------------------------------------------------
// Admin stats: GET /api/admin/stats
// ---------------------------------------------------------------------------------------------

export const STAT_CARDS = [
  { key: 'allUsers', label: 'All Users' },
  { key: 'activeUsers', label: 'Active Users' },
  { key: 'pendingUsers', label: 'Pending Users' },
  { key: 'totalEarnings', label: 'Total Earnings' },
  { key: 'completedAppointments', label: 'Completed Appointments' },
  { key: 'pendingAppointments', label: 'Pending Appointments' },
] as const;

export const ACTIVE_USER_DAYS = 30;

export const statsSchema = z.object({
  /** All Users: every account (admins, doctors, patients), whatever its status. */
  allUsers: z.number().int(),
  /** Active Users: accounts with status Active that signed in (started a session) in the last 30 days. */
  activeUsers: z.number().int(),
  /** Pending Users: Active accounts that must still replace their one-time password (never signed in and set one). */
  pendingUsers: z.number().int(),
  /** Total Earnings: sum of the totals of Paid invoices, in minor units of EARNINGS_CURRENCY. */
  totalEarnings: z.number().int(),
  /** Completed Appointments: appointments with status Completed. */
  completedAppointments: z.number().int(),
  /** Pending Appointments: appointments with status Pending (booked, not yet confirmed). */
  pendingAppointments: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;
