/*
 * CSV as RFC 4180 writes it (CRLF line ends, fields with a comma, quote or line break quoted,
 * quotes doubled), made safe for spreadsheets: a cell that starts with = + - @ (or a tab or
 * carriage return, which some spreadsheets skip before reading a formula) gets a leading
 * apostrophe, so it is shown as text and never run as a formula (CSV injection).
 */

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Byte order mark: spreadsheets then read the file as UTF-8 (names with accents stay intact). */
export const CSV_BOM = '\uFEFF';
