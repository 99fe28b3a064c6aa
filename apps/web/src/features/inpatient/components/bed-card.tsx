import type { BoardBed } from '@carepoint/contract';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeTone, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useBedReady } from '@/features/inpatient/api';
import { cx } from '@/lib/cx';
import { formatCalendarDate } from '@/lib/format';

/** The NEWS2 risk's colour (RCP chart): low green, a single red parameter or medium amber, high red. */
function news2Tone(risk: string): BadgeTone {
  const r = risk.toLowerCase();
  if (r.startsWith('high')) return 'red';
  if (r.includes('medium')) return 'amber';
  return 'green';
}

function Stay({ bed, areaPath }: { bed: BoardBed; areaPath: string }) {
  const stay = bed.stay;
  if (!stay) return null;
  const who = [stay.age === null ? null : `${stay.age} y`, stay.gender].filter(Boolean).join(' · ');
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Link
        to={`${areaPath}/stays/${stay.id}`}
        className="truncate font-semibold text-primary-800 underline-offset-2 hover:underline"
      >
        {stay.patientName}
      </Link>
      <p className="text-xs text-ink-muted">
        {who}
        {stay.status === 'Planned'
          ? ` · Expected ${stay.plannedFor ? formatCalendarDate(stay.plannedFor) : ''}`
          : ` · Day ${(stay.daysSinceAdmission ?? 0) + 1}`}
      </p>
      <p className="truncate text-sm text-ink-soft" title={stay.diagnosis}>
        {stay.diagnosis}
      </p>
      <p className="truncate text-xs text-ink-muted">Dr {stay.doctorName}</p>
      <div className="mt-1 flex flex-wrap gap-1.5">
        {stay.hasAllergies ? (
          <Badge tone="red">
            <TriangleAlert aria-hidden size={12} className="mr-1" />
            Allergies
          </Badge>
        ) : null}
        {stay.news2 ? (
          <Badge tone={news2Tone(stay.news2.risk)}>
            NEWS2 {stay.news2.score} · {stay.news2.risk}
          </Badge>
        ) : stay.status === 'Admitted' ? (
          <Badge tone="grey">NEWS2 not yet recorded</Badge>
        ) : null}
        {stay.doses.overdue > 0 ? <Badge tone="red">{stay.doses.overdue} overdue</Badge> : null}
        {stay.doses.due > 0 ? <Badge tone="amber">{stay.doses.due} due</Badge> : null}
      </div>
    </div>
  );
}

/** A bed being cleaned: the nurse makes it ready once done. */
function MakeReady({ bedId, label }: { bedId: string; label: string }) {
  const ready = useBedReady();
  return (
    <Button
      size="sm"
      variant="secondary"
      loading={ready.isPending}
      onClick={() => ready.mutate(bedId)}
      aria-label={`Make ${label} ready`}
    >
      Make ready
    </Button>
  );
}

/** One bed of the ward board: who lies there (or is expected), how they are, what is due. */
export function BedCard({ bed, areaPath }: { bed: BoardBed; areaPath: string }) {
  const alarming =
    Boolean(bed.stay?.news2 && news2Tone(bed.stay.news2.risk) === 'red') ||
    (bed.stay?.doses.overdue ?? 0) > 0;
  return (
    <li
      aria-label={`Bed ${bed.label}`}
      className={cx(
        'flex min-h-36 flex-col gap-2 rounded-lg border bg-surface p-3 shadow-sm',
        alarming ? 'border-danger-700/60' : 'border-border',
        bed.status === 'Free' || bed.status === 'Cleaning' ? 'bg-muted/40' : undefined,
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <span className="font-mono text-sm font-semibold text-ink">{bed.label}</span>
        <StatusBadge status={bed.status} />
      </div>
      {bed.stay ? <Stay bed={bed} areaPath={areaPath} /> : null}
      {bed.status === 'Free' ? <p className="text-sm text-ink-muted">Ready for a patient</p> : null}
      {bed.status === 'Cleaning' ? (
        <div className="mt-auto flex items-center justify-between gap-2">
          <p className="text-sm text-ink-muted">Being cleaned</p>
          <MakeReady bedId={bed.id} label={bed.label} />
        </div>
      ) : null}
      {bed.status === 'Occupied' && !bed.stay ? (
        <p className="text-sm text-ink-muted">Occupied without an admission on record</p>
      ) : null}
    </li>
  );
}
