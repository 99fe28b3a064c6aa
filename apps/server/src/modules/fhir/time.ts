import { addDays, fromLocalDateTime, toLocalDateTime } from '@carepoint/contract';
import { invalidParameter } from './outcome';

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant as a FHIR dateTime on the facility's wall clock, with its offset ("2026-11-22T09:30:00+01:00"). */
export function fhirDateTime(instant: Date, timeZone: string): string {
  const { date, minutes } = toLocalDateTime(instant, timeZone);
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000;
  const offsetMinutes = Math.round((wall - (instant.getTime() - (instant.getTime() % 60_000))) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const seconds = instant.getUTCSeconds();
  return `${date}T${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}:${pad2(seconds)}${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/** The half-open span [start, end) a FHIR date search value stands for, at its own precision. */
export interface Span {
  start: Date;
  end: Date;
}

const DATE_VALUE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/**
 * Parses a FHIR date/dateTime search value ("2026", "2026-11", "2026-11-22", "2026-11-22T09:30",
 * "2026-11-22T09:30:00+01:00") into the span its precision covers. Values without an offset are
 * the facility's wall clock, as the app shows them.
 */
export function parseDateSpan(param: string, value: string, timeZone: string): Span {
  const m = DATE_VALUE.exec(value);
  const invalid = () =>
    invalidParameter(
      param,
      `${param}: "${value}" is not a FHIR date (YYYY, YYYY-MM, YYYY-MM-DD or a dateTime)`,
    );
  if (!m) throw invalid();
  const [, year, month, day, hour, minute, second, fraction, zone] = m;
  const monthNumber = Number(month ?? 1);
  const dayNumber = Number(day ?? 1);
  if (monthNumber < 1 || monthNumber > 12 || dayNumber < 1 || dayNumber > 31) throw invalid();
  const date = `${year}-${pad2(monthNumber)}-${pad2(dayNumber)}`;
  if (
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).getUTCDate() !== dayNumber
  ) {
    throw invalid();
  }
  if (hour === undefined) {
    const start = fromLocalDateTime(date, 0, timeZone);
    const endDate = day ? addDays(date, 1) : month ? nextMonth(date) : `${Number(year) + 1}-01-01`;
    return { start, end: fromLocalDateTime(endDate, 0, timeZone) };
  }
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) throw invalid();
  // Milliseconds count (a client syncing from a meta.lastUpdated it was given must not lose them).
  const milliseconds = fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  const precisionMs = second === undefined ? 60_000 : fraction === undefined ? 1000 : 1;
  const minutes = Number(hour) * 60 + Number(minute);
  const start = zone
    ? new Date(new Date(`${date}T${hour}:${minute}:${second ?? '00'}${zone}`).getTime() + milliseconds)
    : new Date(
        fromLocalDateTime(date, minutes, timeZone).getTime() + Number(second ?? 0) * 1000 + milliseconds,
      );
  if (Number.isNaN(start.getTime())) throw invalid();
  return { start, end: new Date(start.getTime() + precisionMs) };
}

function nextMonth(date: string) {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${pad2(m + 1)}-01`;
}
