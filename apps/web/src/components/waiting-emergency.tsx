import type { ErEntry } from '@carepoint/contract';
import { Siren } from 'lucide-react';
import { StatusBadge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { minutes } from '@/lib/format';

/** Emergency-room patients waiting now, most urgent first, with their triage level and wait. */
export function WaitingEmergency({ entries, total }: { entries: ErEntry[]; total: number }) {
  if (entries.length === 0) {
    return <EmptyState icon={Siren} title="No one is waiting in the emergency room." />;
  }
  return (
    <>
      <ul className="divide-y divide-border">
        {entries.map((e) => (
          <li key={e.id} className="flex items-start justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="truncate font-medium text-ink">{e.patientName}</p>
              <p className="truncate text-xs text-ink-muted">
                {e.complaint ? `${e.complaint} · ` : ''}waiting {minutes(e.waitMinutes)}
              </p>
            </div>
            <StatusBadge status={e.triageLevel} />
          </li>
        ))}
      </ul>
      {total > entries.length ? (
        <p className="pt-2 text-xs text-ink-muted">{total - entries.length} more waiting.</p>
      ) : null}
    </>
  );
}
