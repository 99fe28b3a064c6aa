import {
  type AdministrationOutcome,
  type DoseState,
  type MarDose,
  type MarOrder,
  MEDICATION_ROUND_MESSAGES,
} from '@carepoint/contract';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatTime } from '@/lib/format';

const STATE_TONES: Record<DoseState, BadgeTone> = {
  Scheduled: 'grey',
  Due: 'blue',
  Overdue: 'red',
  Given: 'green',
  Held: 'amber',
  Refused: 'amber',
  'Not available': 'slate',
};

const DoseBadge = ({ state }: { state: DoseState }) => <Badge tone={STATE_TONES[state]}>{state}</Badge>;

const ACTIONS: ReadonlyArray<{ outcome: AdministrationOutcome; label: string }> = [
  { outcome: 'Given', label: 'Give' },
  { outcome: 'Held', label: 'Hold' },
  { outcome: 'Refused', label: 'Refuse' },
  { outcome: 'Not available', label: 'Not available' },
];

/** Who recorded a dose and when, the witness, and the reason. */
function Recorded({ dose }: { dose: MarDose }) {
  const a = dose.administration;
  if (!a) return null;
  return (
    <p className="text-xs text-ink-muted">
      {a.outcome === 'Given' ? 'Given' : 'Recorded'} {formatDateTime(a.givenAt ?? a.recordedAt)} by{' '}
      {a.by.name}
      {a.witness ? `, witnessed by ${a.witness.name}` : ''}
      {a.reason ? <span className="block text-ink-soft">Reason: {a.reason}</span> : null}
      {a.stockShortfall ? (
        <span className="block font-medium text-warning-900">{MEDICATION_ROUND_MESSAGES.stockShortfall}</span>
      ) : null}
    </p>
  );
}

/** One dose of the record: its time, state, who recorded it; for a nurse, the buttons when it is due. */
export function DoseRow({
  order,
  dose,
  canRecord,
  onRecord,
}: {
  order: MarOrder;
  dose: MarDose;
  canRecord: boolean;
  onRecord: (outcome: AdministrationOutcome) => void;
}) {
  const open = dose.state === 'Due' || dose.state === 'Overdue';
  const time = dose.scheduledFor ? formatTime(dose.scheduledFor) : 'PRN';
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2"
      data-dose={dose.scheduledFor ?? dose.administration?.id}
      aria-label={`${order.medicine} ${time}: ${dose.state}`}
    >
      <span className="w-16 font-mono text-sm tabular-nums text-ink">{time}</span>
      <DoseBadge state={dose.state} />
      <div className="min-w-0 flex-1">
        <Recorded dose={dose} />
      </div>
      {canRecord && open ? (
        <div className="flex flex-wrap gap-1.5">
          {ACTIONS.map(({ outcome, label }) => (
            <Button
              key={outcome}
              size="sm"
              variant={outcome === 'Given' ? 'primary' : 'secondary'}
              onClick={() => onRecord(outcome)}
            >
              {label}
            </Button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
