import type { ErEntry } from '@carepoint/contract';
import { Siren } from 'lucide-react';
import { StatusBadge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { minutes } from '@/lib/format';

type WaitingEmergencyProps = {
  entries: ErEntry[];
  total: number;
  /** What an empty list says. */
  emptyTitle?: string;
  /** After the count of entries not shown ("3 more waiting"). */
  moreLabel?: string;
};

/** Emergency-room patients, most urgent first, with their triage level and wait (the doctor's and the nurse's dashboards). */
export function WaitingEmergency({
  entries,
  total,
  emptyTitle = 'No one is waiting in the emergency room.',
  moreLabel = 'more waiting',
}: WaitingEmergencyProps) {
  if (entries.length === 0) {
    return <EmptyState icon={Siren} title={emptyTitle} />;
  }
  return (
    <>
      <ul className="divide-y divide-border">
        {entries.map((e) => (
          <li key={e.id} className="flex items-start justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-ink">{e.patientName}</p>
              <p className="truncate text-xs text-ink-muted">
                {e.complaint ? `${e.complaint} · ` : ''}
                {e.status === 'Waiting' ? 'waiting' : 'waited'} {minutes(e.waitMinutes)}
              </p>
            </div>
            <StatusBadge status={e.triageLevel} />
          </li>
        ))}
      </ul>
      {total > entries.length ? (
        <p className="pt-2 text-xs text-ink-muted">
          {total - entries.length} {moreLabel}.
        </p>
      ) : null}
    </>
  );
}
