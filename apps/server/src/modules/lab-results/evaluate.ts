import {
  ageInDays,
  applicableRange,
  type Gender,
  INVALID_TEXT_MESSAGE,
  interpretChoice,
  interpretQuantity,
  isCleanText,
  LAB_RESULT_MESSAGES,
  LAB_TEXT_RESULT_MAX,
  type LabInterpretation,
  roundToDecimals,
} from '@carepoint/contract';
import type { Executor } from '../../db/client';
import type { labReferenceRanges, labTests } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { facilityDate } from '../../lib/facility-time';
import { rangesOf } from './order-tests';

type LabTestRow = typeof labTests.$inferSelect;

export interface StoredValue {
  quantity: number | null;
  text: string | null;
}

export interface EvaluatedValue {
  value: StoredValue;
  range: typeof labReferenceRanges.$inferSelect | null;
  interpretation: LabInterpretation | null;
}

/**
 * A value in the test's own terms, with the range that applies to the patient today and its flag:
 * what filing and correcting both store. Refuses (400, on the field) a unit that is not the test's,
 * a value of the wrong type, an answer not among the choices, empty or unclean text.
 */
export async function evaluate(
  ctx: ServiceContext,
  db: Executor,
  test: LabTestRow,
  patient: { sex: Gender | null; dateOfBirth: string | null },
  input: { value: number | string; unit?: string | null },
): Promise<EvaluatedValue> {
  const value = valueFor(test, input);
  const ranges = test.resultType === 'quantity' ? ((await rangesOf(db, [test.id])).get(test.id) ?? []) : [];
  const range = applicableRange(ranges, {
    sex: patient.sex,
    ageDays: ageInDays(patient.dateOfBirth, facilityDate(ctx.now(), ctx.config.TIME_ZONE)),
  });
  const interpretation =
    value.quantity !== null
      ? interpretQuantity(value.quantity, range)
      : test.resultType === 'choice' && value.text !== null
        ? interpretChoice(value.text, test.abnormalChoices)
        : null;
  return { value, range, interpretation };
}

/** The value in the test's own terms, or the refusal the entry form shows under the field. */
function valueFor(test: LabTestRow, input: { value: number | string; unit?: string | null }): StoredValue {
  const unit = input.unit?.trim() || null;
  if (unit !== null && unit !== test.unit) throw badRequest(LAB_RESULT_MESSAGES.unitMismatch, 'unit');
  switch (test.resultType) {
    case 'quantity':
      if (typeof input.value !== 'number' || !Number.isFinite(input.value))
        throw badRequest(LAB_RESULT_MESSAGES.valueNotNumber, 'value');
      return { quantity: roundToDecimals(input.value, test.decimals), text: null };
    case 'choice': {
      const answer = typeof input.value === 'string' ? input.value.trim() : '';
      if (!test.choices.includes(answer)) throw badRequest(LAB_RESULT_MESSAGES.valueNotChoice, 'value');
      return { quantity: null, text: answer };
    }
    case 'text': {
      const text = typeof input.value === 'string' ? input.value.trim() : '';
      if (!text) throw badRequest(LAB_RESULT_MESSAGES.valueTextRequired, 'value');
      // An analyser's text did not pass the API's schema: the same limits hold here.
      if (text.length > LAB_TEXT_RESULT_MAX) throw badRequest(LAB_RESULT_MESSAGES.valueTooLong, 'value');
      if (!isCleanText(text)) throw badRequest(INVALID_TEXT_MESSAGE, 'value');
      return { quantity: null, text };
    }
    default:
      // A panel has no result type: its members carry the values.
      throw badRequest(LAB_RESULT_MESSAGES.testNotOrdered, 'testId');
  }
}
