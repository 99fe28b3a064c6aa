import { z } from 'zod';
import {
  hasLetter,
  INVALID_TEXT_MESSAGE,
  isCleanText,
  isSingleLineText,
  NAME_NEEDS_LETTER_MESSAGE,
  SINGLE_LINE_TEXT_MESSAGE,
  toNfc,
} from './text';

/** The one error shape every failing API call answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

/** Admin tables show 20 rows a page; no client may ask for more than 100. */
export const ADMIN_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/**
 * Lists count matching rows only this far past the start of the page asked for: an exact
 * count(*) over a large table costs more than the page itself. Beyond it, `total` is a lower
 * bound and the screen shows "1,000+".
 */
export const COUNT_CAP = 1000;

const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  /** Exact, or at least this many when `totalIsLowerBound` (the count stopped at its cap). */
  total: z.number().int(),
  totalPages: z.number().int(),
  totalIsLowerBound: z.boolean(),
  prevPage: z.number().int().nullable(),
  nextPage: z.number().int().nullable(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), pagination: paginationSchema });

/**
 * Query string of every list endpoint. `sort` is checked against the endpoint's own
 * allow-list, so a list schema is built per endpoint from its sortable columns.
 */
export const listQuerySchema = <const S extends readonly [string, ...string[]]>(
  sortable: S,
  defaultLimit = ADMIN_PAGE_SIZE,
) =>
  z.object({
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'Limit must be 1 or more')
      .max(MAX_PAGE_SIZE, `Limit must be at most ${MAX_PAGE_SIZE}`)
      .default(defaultLimit),
    sort: z.enum(sortable, { error: `Sort must be one of: ${sortable.join(', ')}` }).optional(),
    order: z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).default('asc'),
    q: z.string().trim().max(100, 'Search is too long').optional(),
  });

/**
 * Page numbers for `total` matching rows. With `lowerBound` there are more rows than `total`
 * past this page (the count stopped early), so there is always a next page.
 */
export const paginate = (page: number, limit: number, total: number, lowerBound = false): Pagination => {
  const totalPages = Math.max(1, Math.ceil(total / limit), lowerBound ? page + 1 : 1);
  return {
    page,
    limit,
    total,
    totalPages,
    totalIsLowerBound: lowerBound,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  };
};

export const idParamSchema = z.object({ id: z.string().uuid('Invalid id') });

/** A required text field that may hold several lines: trimmed, the spec's message when empty. */
export const requiredMultilineText = (message: string, max = 200) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine(isCleanText, INVALID_TEXT_MESSAGE);

/**
 * A required single-line text field (titles, labels, codes, phones...): trimmed, the spec's
 * message when empty, no control or format characters (text.ts), stored in NFC.
 */
export const requiredText = (message: string, max = 200) =>
  requiredMultilineText(message, max).refine(isSingleLineText, SINGLE_LINE_TEXT_MESSAGE).overwrite(toNfc);

/** An optional single-line text field: '' when absent, else as requiredText. */
export const optionalSingleLineText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .refine(isCleanText, INVALID_TEXT_MESSAGE)
    .refine(isSingleLineText, SINGLE_LINE_TEXT_MESSAGE)
    .overwrite(toNfc);

/** A person's name: single-line text with at least one letter (a name of only "\u200b" or "-" is none). */
export const personName = (message: string, max = 100) =>
  // An empty name has its own message (required); only a name typed without any letter gets this one.
  requiredText(message, max).refine((name) => name === '' || hasLetter(name), NAME_NEEDS_LETTER_MESSAGE);

/**
 * The formulary medicine a written medicine was picked from (a prescription line, a ward order):
 * an id, or null for one written outside the formulary ("Not stocked"); empty is null.
 */
export const formularyMedicineIdField = () =>
  z
    .preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.string().uuid('Invalid medicine').nullable(),
    )
    .optional()
    .transform((v) => v ?? null);

export const okSchema = z.object({ ok: z.literal(true) });

// ---------------------------------------------------------------------------------------------
// Patient record numbers (decision 0026)
// ---------------------------------------------------------------------------------------------

/** What every screen calls a patient's record number ("CP-000123", given by the database). */
export const RECORD_NUMBER_LABEL = 'Record no.';

/** "CP-", then the number's digits, at least 6 (zero-padded), as migration 0033 writes them. */
const RECORD_NUMBER_TYPED = /^cp-(\d{1,15})$/i;

/**
 * A typed record number as stored ("cp-000123", "CP-123" → "CP-000123"), or undefined when the
 * text is not one: searches compare the stored form, so its unique index answers them.
 */
export function parseRecordNumber(text: string): string | undefined {
  const digits = RECORD_NUMBER_TYPED.exec(text.trim())?.[1];
  if (digits === undefined) return undefined;
  return `CP-${String(Number(digits)).padStart(6, '0')}`;
}
