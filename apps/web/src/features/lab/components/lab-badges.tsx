import {
  formatWaited,
  type LabOrder,
  type LabOrderState,
  type LabPriority,
  overTarget,
} from '@carepoint/contract';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cx } from '@/lib/cx';

const PRIORITY_TONES: Record<LabPriority, BadgeTone> = { STAT: 'red', Urgent: 'amber', Routine: 'slate' };
const STATE_TONES: Record<LabOrderState, BadgeTone> = {
  Ordered: 'blue',
  Collected: 'primary',
  Received: 'primary',
  'In Progress': 'amber',
  Resulted: 'amber',
  Verified: 'green',
  Cancelled: 'grey',
};

/** STAT in red, Urgent in amber, Routine quiet: the word is always shown. */
export const PriorityBadge = ({ priority }: { priority: LabPriority }) => (
  <Badge tone={PRIORITY_TONES[priority]}>{priority}</Badge>
);

export const LabStateBadge = ({ state }: { state: LabOrderState }) => (
  <Badge tone={STATE_TONES[state]}>{state}</Badge>
);

/** "1 h 05 of 2 h 00", in the danger colour (and said) once past the turnaround target. */
export function WaitedCell({ order }: { order: LabOrder }) {
  const late = overTarget(order);
  return (
    <span className={cx('whitespace-nowrap', late && 'font-semibold text-danger-700')}>
      {formatWaited(order.waitedMinutes)}
      <span className={cx('text-xs', late ? 'text-danger-700' : 'text-ink-muted')}>
        {' '}
        of {formatWaited(order.targetMinutes)}
        {late ? ' · over target' : ''}
      </span>
    </span>
  );
}
