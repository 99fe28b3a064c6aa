import {
  LAB_INTERPRETATION_LABELS,
  type LabInterpretation,
  type LabRangeShown,
  type LabResult,
} from '@carepoint/contract';
import { Badge, type BadgeTone } from '@/components/ui/badge';

/*
 * How a laboratory value reads on every screen: the value with its unit, its range, and its flag
 * as a word (never colour alone).
 */

const FLAG_TONES: Record<LabInterpretation, BadgeTone> = {
  N: 'green',
  L: 'amber',
  H: 'amber',
  LL: 'red',
  HH: 'red',
  A: 'amber',
};

export function FlagBadge({ flag }: { flag: LabInterpretation | null }) {
  if (!flag) return null;
  return <Badge tone={FLAG_TONES[flag]}>{LAB_INTERPRETATION_LABELS[flag]}</Badge>;
}

/** "5.9 mmol/L", or the answer or text as it is. */
export const valueText = (value: number | string, unit: string | null) =>
  typeof value === 'number' && unit ? `${value} ${unit}` : String(value);

/** "3.5–5.1 mmol/L", "< 5.2", or an empty string without a range. */
export function rangeText(range: Pick<LabRangeShown, 'low' | 'high'> | null, unit: string | null): string {
  if (!range || (range.low === null && range.high === null)) return '';
  const suffix = unit ? ` ${unit}` : '';
  if (range.low !== null && range.high !== null) return `${range.low}–${range.high}${suffix}`;
  return range.low !== null ? `≥ ${range.low}${suffix}` : `≤ ${range.high}${suffix}`;
}

const STATUS_WORDS: Record<LabResult['status'], string> = {
  preliminary: 'Preliminary',
  final: 'Final',
  corrected: 'Corrected',
};
const STATUS_TONES: Record<LabResult['status'], BadgeTone> = {
  preliminary: 'blue',
  final: 'slate',
  corrected: 'primary',
};

export function StatusBadge({ status }: { status: LabResult['status'] }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_WORDS[status]}</Badge>;
}
