import type { Gender } from './clinical';
import { daysBetween } from './clock';
import type { LabInterpretation } from './lab';

/*
 * How a laboratory value is read against its reference range (docs/areas/lab-results.md): which of
 * a test's ranges applies to the patient, and the flag a value gets from it. Pure, so the server
 * files with it and the entry screen shows the same flag before saving.
 */

/** One row of a test's reference ranges (lab_reference_ranges), as the rules need it. */
export interface LabRange {
  /** Null: either sex. */
  sex: Gender | null;
  /** The age band in days: from inclusive, to exclusive (null: no upper bound). */
  ageFromDays: number;
  ageToDays: number | null;
  low: number | null;
  high: number | null;
  criticalLow: number | null;
  criticalHigh: number | null;
}

/** Who the range is chosen for: their recorded sex (if any) and age in days (null: not known). */
export interface RangePatient {
  sex: Gender | null;
  ageDays: number | null;
}

/** Age in whole days on a calendar date, from a date of birth (both YYYY-MM-DD); null when unknown or not yet born. */
export function ageInDays(dateOfBirth: string | null, on: string): number | null {
  if (!dateOfBirth) return null;
  const days = daysBetween(dateOfBirth, on);
  return days >= 0 ? days : null;
}

/** Only male and female have ranges of their own; a patient of another or no recorded sex gets the ranges for either. */
const sexHolds = (range: LabRange, sex: Gender | null) => range.sex === null || range.sex === sex;

/** A patient whose age is not known gets only a range that holds every age. */
function ageHolds(range: LabRange, ageDays: number | null) {
  if (ageDays === null) return range.ageFromDays === 0 && range.ageToDays === null;
  return ageDays >= range.ageFromDays && (range.ageToDays === null || ageDays < range.ageToDays);
}

/** Band width in days; an open band is the widest. */
const widthOf = (range: LabRange) =>
  range.ageToDays === null ? Number.POSITIVE_INFINITY : range.ageToDays - range.ageFromDays;

/**
 * The most specific range that holds the patient: one for their sex before one for either, then
 * the narrowest age band (a neonate's before a child's before an adult's), then the one starting
 * latest, so the choice never depends on the rows' order. Null when none holds.
 */
export function applicableRange<Range extends LabRange>(
  ranges: readonly Range[],
  patient: RangePatient,
): Range | null {
  let best: Range | null = null;
  for (const range of ranges) {
    if (!sexHolds(range, patient.sex) || !ageHolds(range, patient.ageDays)) continue;
    if (!best || moreSpecific(range, best)) best = range;
  }
  return best;
}

function moreSpecific(a: LabRange, b: LabRange): boolean {
  if ((a.sex !== null) !== (b.sex !== null)) return a.sex !== null;
  if (widthOf(a) !== widthOf(b)) return widthOf(a) < widthOf(b);
  return a.ageFromDays > b.ageFromDays;
}

/**
 * A quantity's flag against its range: below the critical low LL, above the critical high HH,
 * below the low L, above the high H, else N. A limit sits inside its band (the critical limit
 * itself is not critical, the low itself is normal), as reference intervals are printed. No range:
 * no flag (null), since nothing says what normal is.
 */
export function interpretQuantity(
  value: number,
  range: Pick<LabRange, 'low' | 'high' | 'criticalLow' | 'criticalHigh'> | null,
): LabInterpretation | null {
  if (!range) return null;
  const { low, high, criticalLow, criticalHigh } = range;
  if (criticalLow !== null && value < criticalLow) return 'LL';
  if (criticalHigh !== null && value > criticalHigh) return 'HH';
  if (low !== null && value < low) return 'L';
  if (high !== null && value > high) return 'H';
  if (low === null && high === null) return null;
  return 'N';
}

/** A choice's flag: one of the test's abnormal answers A ("Positive"), any other N. */
export const interpretChoice = (answer: string, abnormalChoices: readonly string[]): LabInterpretation =>
  abnormalChoices.includes(answer) ? 'A' : 'N';

/** The flags that call the ordering doctor at once. */
export const isCriticalInterpretation = (flag: LabInterpretation | null): boolean =>
  flag === 'LL' || flag === 'HH';

/** A quantity rounded to the test's decimals, as the report prints it (and the flag reads it). */
export function roundToDecimals(value: number, decimals: number | null): number {
  if (decimals === null) return value;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
