import {
  type CountPostInput,
  type CountPreview,
  type CountPreviewInput,
  type CountSheetRow,
  countedTextSchema,
} from '@carepoint/contract';
import { ApiRequestError } from '@/lib/api-client';

/*
 * The counts a pharmacist has typed on the count screen, kept by batch across the sheet's pages
 * and searches, and what they become: the preview's lines, the post's body (the preview's lines
 * with the quantities on record it showed), and the messages of lines refused.
 */

/** One typed count: what was typed, and the sheet's row it was typed on (to name it off its page). */
export type CountEntry = { row: CountSheetRow; text: string };
export type CountEntries = ReadonlyMap<string, CountEntry>;

/** The entries with the batch's box set to `text`; an emptied box is no longer a count. */
export function withEntry(entries: CountEntries, row: CountSheetRow, text: string): Map<string, CountEntry> {
  const next = new Map(entries);
  if (text.trim() === '') next.delete(row.id);
  else next.set(row.id, { row, text });
  return next;
}

/** The preview's lines, or the message of each box that is not a count (by batch). */
export function linesOf(
  entries: CountEntries,
): { lines: CountPreviewInput['lines'] } | { errors: Map<string, string> } {
  const lines: CountPreviewInput['lines'] = [];
  const errors = new Map<string, string>();
  for (const [batchId, entry] of entries) {
    const counted = countedTextSchema.safeParse(entry.text);
    if (counted.success) lines.push({ batchId, counted: counted.data });
    else errors.set(batchId, counted.error.issues[0]?.message ?? '');
  }
  return errors.size > 0 ? { errors } : { lines };
}

/** The server's refusal of lines (`lines.3.counted`) as messages by batch; empty for any other refusal. */
export function lineErrorsOf(err: unknown, lines: ReadonlyArray<{ batchId: string }>): Map<string, string> {
  const errors = new Map<string, string>();
  if (!(err instanceof ApiRequestError)) return errors;
  for (const [field, messages] of Object.entries(err.fieldErrors ?? {})) {
    const index = /^lines\.(\d+)\./.exec(field)?.[1];
    const line = index === undefined ? undefined : lines[Number(index)];
    const message = messages?.[0];
    if (line && message && !errors.has(line.batchId)) errors.set(line.batchId, message);
  }
  return errors;
}

/** The post of a preview: its store and lines, each with the quantity on record the preview showed. */
export const postOf = (preview: CountPreview, note: string): CountPostInput => ({
  storeId: preview.storeId,
  note,
  lines: preview.lines.map(({ batchId, counted, onRecord }) => ({ batchId, counted, onRecord })),
});
