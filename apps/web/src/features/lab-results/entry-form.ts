import {
  type EnterLabResults,
  enterLabResultsSchema,
  interpretChoice,
  interpretQuantity,
  LAB_RESULT_MESSAGES,
  type LabInterpretation,
  type LabResultLine,
  roundToDecimals,
} from '@carepoint/contract';
import { z } from 'zod';

/*
 * The entry sheet's form: one field per test still without a value, all sent in one save (the
 * server names a refused value `values.<index>.value`, the same path as the form's field). Kept
 * here, apart from the page, so it is tested without a browser.
 */

export type EntryForm = { values: Array<{ testId: string; value: string }> };

/** The tests still waiting for a value, in the sheet's order. */
export const openLines = (lines: readonly LabResultLine[]) => lines.filter((line) => line.current === null);

export const entryDefaults = (lines: readonly LabResultLine[]): EntryForm => ({
  values: openLines(lines).map((line) => ({ testId: line.test.id, value: '' })),
});

/** A typed number ("5,6" as some keyboards write it), or null when it is none. */
export function typedNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/**
 * The form's schema for these lines: every field filled, a quantity a number, a choice one of
 * its answers; what it sends is the contract's body (checked by the contract's schema as well).
 */
export function entrySchema(lines: readonly LabResultLine[]) {
  const open = openLines(lines);
  return z
    .object({ values: z.array(z.object({ testId: z.string(), value: z.string() })) })
    .superRefine((form, ctx) => {
      form.values.forEach(({ testId, value }, index) => {
        const line = open.find((l) => l.test.id === testId);
        const path = ['values', index, 'value'];
        if (!value.trim())
          ctx.addIssue({ code: 'custom', path, message: LAB_RESULT_MESSAGES.valueTextRequired });
        else if (line?.test.resultType === 'quantity' && typedNumber(value) === null)
          ctx.addIssue({ code: 'custom', path, message: LAB_RESULT_MESSAGES.valueNotNumber });
        else if (line?.test.resultType === 'choice' && !line.test.choices.includes(value))
          ctx.addIssue({ code: 'custom', path, message: LAB_RESULT_MESSAGES.valueNotChoice });
      });
    })
    .transform(
      (form): EnterLabResults =>
        enterLabResultsSchema.parse({
          values: form.values.map(({ testId, value }) => {
            const quantity = open.find((l) => l.test.id === testId)?.test.resultType === 'quantity';
            return { testId, value: quantity ? (typedNumber(value) ?? value) : value.trim() };
          }),
        }),
    );
}

/** The fields a refusal of this body may name. */
export const entryFields = (sent: EnterLabResults) =>
  sent.values.flatMap((_, index) => [`values.${index}.value`, `values.${index}.testId`] as const);

/** The flag a typed value will get, shown beside the field before saving (the server's rule). */
export function previewFlag(line: LabResultLine, typed: string): LabInterpretation | null {
  if (!typed.trim()) return null;
  if (line.test.resultType === 'quantity') {
    const number = typedNumber(typed);
    return number === null
      ? null
      : interpretQuantity(roundToDecimals(number, line.test.decimals), line.range);
  }
  if (line.test.resultType === 'choice') return interpretChoice(typed, line.test.abnormalChoices);
  return null;
}
