import {
  formatBloodPressure,
  type LatestBloodPressure,
  type LatestValue,
  VITAL_RANGES,
  type VitalName,
} from '@carepoint/contract';
import { formatCalendarDate } from '@/lib/format';

/** How the Patient List and the chart show what is recorded. */

export const NOT_RECORDED = 'Not recorded';

/** "12 Apr 1990" from a calendar date 'YYYY-MM-DD' (read as a date, never shifted by a time zone). */
export const calendarDate = (date: string | null) => (date ? formatCalendarDate(date) : null);

/** "72.3 kg", or null when not measured. */
export const measureText = (name: VitalName, latest: LatestValue | null) =>
  latest ? `${latest.value} ${VITAL_RANGES[name].unit}` : null;

/** A measure split for display: its number(s) and unit ("131/85" and "mmHg"). */
export type MeasureParts = { value: string; unit: string } | null;

export const measureParts = (name: VitalName, latest: LatestValue | null): MeasureParts =>
  latest ? { value: String(latest.value), unit: VITAL_RANGES[name].unit } : null;

export const pressureParts = (latest: LatestBloodPressure | null): MeasureParts =>
  latest
    ? {
        value: latest.diastolic === null ? String(latest.systolic) : `${latest.systolic}/${latest.diastolic}`,
        unit: VITAL_RANGES.systolic.unit,
      }
    : null;

/** "131/85 mmHg", or null when not measured. */
export const pressureText = (latest: LatestBloodPressure | null) =>
  latest ? formatBloodPressure(latest.systolic, latest.diastolic) : null;

/** "35 years" (or "1 year"), or null when the birth date is unknown. */
export const ageText = (age: number | null) => (age === null ? null : `${age} year${age === 1 ? '' : 's'}`);
