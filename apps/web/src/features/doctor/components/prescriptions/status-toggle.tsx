import type { PrescriptionRow } from '@carepoint/contract';
import { cx } from '../../../../lib/cx';
import { useSetPrescriptionStatus } from '../../api/prescriptions';

/**
 * The Status toggle (a boolean, true by default), shown as Active or Inactive. Only the
 * prescribing doctor may switch it; for others it reads only.
 */
export function StatusToggle({ row }: { row: Pick<PrescriptionRow, 'id' | 'status' | 'mine' | 'patient'> }) {
  const change = useSetPrescriptionStatus();
  const on = change.isPending && change.variables ? change.variables.status : row.status;
  const word = on ? 'Active' : 'Inactive';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`Status of the prescription for ${row.patient.name}`}
      title={row.mine ? `${word}: click to change` : `${word} (only the prescribing doctor can change it)`}
      disabled={!row.mine || change.isPending}
      onClick={() => change.mutate({ id: row.id, status: !on })}
      className="inline-flex items-center gap-2 rounded-full text-sm disabled:cursor-not-allowed"
    >
      <span
        aria-hidden
        className={cx(
          'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full transition-colors',
          on ? 'bg-primary-700' : 'bg-border-strong',
          !row.mine && 'opacity-60',
        )}
      >
        <span
          className={cx(
            'inline-block h-4 w-4 rounded-full bg-surface shadow transition-transform',
            on ? 'translate-x-4.5' : 'translate-x-0.5',
          )}
        />
      </span>
      <span className={on ? 'text-ink' : 'text-ink-muted'}>{word}</span>
    </button>
  );
}
