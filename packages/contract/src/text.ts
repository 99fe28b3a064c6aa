/**
 * Text hygiene: PostgreSQL text cannot hold a NUL character, and a UTF-16 surrogate without
 * its pair has no UTF-8 form. The server refuses both in every string it accepts (400 with
 * this message); forms use the same check to say so before sending.
 */

export const INVALID_TEXT_MESSAGE = 'Text must not contain NUL characters or invalid Unicode';

/*
 * Single-line text (names, titles, labels, codes...): no Unicode control characters (Cc: line
 * breaks, tabs, terminal escapes) and no format characters (Cf: direction overrides such as
 * U+202E, zero-width spaces and joiners, soft hyphens), which let a name read differently on
 * screen, in a log or on a printout than what was stored. Text is kept in NFC, so one name has
 * one spelling whatever keyboard typed it.
 */
export const SINGLE_LINE_TEXT_MESSAGE =
  'Must not contain line breaks, control characters or invisible formatting characters';
export const NAME_NEEDS_LETTER_MESSAGE = 'Must contain at least one letter';

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}]/u;
const LETTER = /\p{L}/u;

/** True when the text has no control (Cc) or format (Cf) character. */
export const isSingleLineText = (text: string) => !CONTROL_OR_FORMAT.test(text);
/** True when the text has at least one letter of any script. */
export const hasLetter = (text: string) => LETTER.test(text);
/** The text in Unicode normalisation form C. */
export const toNfc = (text: string) => text.normalize('NFC');

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text has no NUL character and no unpaired surrogate. */
export const isCleanText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

const pathOf = (visit: Visit | undefined): Array<string | number> => {
  const path: Array<string | number> = [];
  for (let v = visit; v?.key !== undefined; v = v.parent) path.push(v.key);
  return path.reverse();
};

/**
 * The path to the first string (object key or value) in a parsed request part that is not
 * clean text, or undefined when every string is clean. Walks iteratively: a deeply nested
 * body must not overflow the stack.
 */
export function findInvalidText(value: unknown): Array<string | number> | undefined {
  const pending: Visit[] = [{ value }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (!isCleanText(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        pending.push({ value: current[i], key: i, parent: visit });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      // A bad key cannot name itself as a field: the object holding it is the field at fault.
      if (entries.some(([key]) => !isCleanText(key))) return pathOf(visit);
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i];
        if (entry) pending.push({ value: entry[1], key: entry[0], parent: visit });
      }
    }
  }
  return undefined;
}
