import type { ReactNode } from 'react';
import { cx } from '@/lib/cx';

export type BadgeTone = 'red' | 'amber' | 'green' | 'blue' | 'slate' | 'grey' | 'primary';

const tones: Record<BadgeTone, string> = {
  red: 'bg-danger-100 text-danger-800 ring-danger-700/20',
  amber: 'bg-warning-100 text-warning-900 ring-warning-800/20',
  green: 'bg-success-100 text-success-800 ring-success-700/20',
  blue: 'bg-info-100 text-info-800 ring-info-700/20',
  slate: 'bg-slate-tone-100 text-slate-tone-800 ring-slate-tone-800/20',
  grey: 'bg-grey-tone-100 text-grey-tone-700 ring-grey-tone-700/20',
  primary: 'bg-primary-100 text-primary-900 ring-primary-700/20',
};

/**
 * One colour per status across the app (UI.md). The word is always shown, so colour is
 * never the only signal. Unknown statuses are grey.
 */
const STATUS_TONES: Record<string, BadgeTone> = {
  // triage and appointment priority
  urgent: 'red',
  high: 'red',
  medium: 'amber',
  low: 'green',
  // beds
  free: 'green',
  occupied: 'slate',
  reserved: 'blue',
  cleaning: 'amber',
  // appointments
  pending: 'amber',
  confirmed: 'blue',
  completed: 'green',
  cancelled: 'grey',
  canceled: 'grey',
  // people and units
  active: 'green',
  inactive: 'grey',
  'on leave': 'grey',
  available: 'green',
  'on duty': 'blue',
  'out of service': 'grey',
  waiting: 'amber',
  'in treatment': 'blue',
  'in progress': 'blue',
  seen: 'green',
  discharged: 'grey',
  admitted: 'slate',
  maintenance: 'amber',
  sent: 'green',
  failed: 'red',
  // appointment e-mails (the admin's send log)
  queued: 'amber',
  sending: 'blue',
  skipped: 'grey',
  outpatient: 'blue',
  inpatient: 'slate',
  // money
  paid: 'green',
  unpaid: 'amber',
  overdue: 'red',
  refunded: 'grey',
  // prescriptions
  true: 'green',
  false: 'grey',
};

function statusTone(status: string): BadgeTone {
  return STATUS_TONES[status.trim().toLowerCase()] ?? 'grey';
}

export type BadgeProps = { tone?: BadgeTone; children: ReactNode; className?: string };

export function Badge({ tone = 'grey', children, className }: BadgeProps) {
  return (
    <span
      className={cx(
        'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** A badge coloured by the status word it shows (e.g. "Pending", "Free", "High"). */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <Badge tone={statusTone(status)} className={className}>
      {status}
    </Badge>
  );
}
