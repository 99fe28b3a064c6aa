import { type PatientCard as Card, RECORD_NUMBER_LABEL } from '@carepoint/contract';
import { MapPin } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { calendarDate, type MeasureParts, measureParts, NOT_RECORDED, pressureParts } from './display';

function Measure({ label, parts }: { label: string; parts: MeasureParts }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="text-sm">
        {parts ? (
          <>
            <span className="font-semibold text-ink">{parts.value}</span>{' '}
            <span className="text-xs whitespace-nowrap text-ink-muted">{parts.unit}</span>
          </>
        ) : (
          <span className="text-ink-muted" title={NOT_RECORDED}>
            —<span className="sr-only">{NOT_RECORDED}</span>
          </span>
        )}
      </dd>
    </div>
  );
}

/** One patient of the list: avatar, name, birth date, address on one line, the latest measurements. */
export function PatientCard({ patient, onView }: { patient: Card; onView: (id: string) => void }) {
  const born = calendarDate(patient.dateOfBirth);
  return (
    <article
      aria-labelledby={`patient-${patient.id}`}
      className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 shadow-sm"
    >
      <header className="flex items-start gap-3">
        <Avatar name={patient.fullName} imageUrl={patient.imageUrl} decorative />
        <div className="min-w-0 flex-1">
          <h2 id={`patient-${patient.id}`} className="truncate text-base font-semibold text-ink">
            {patient.fullName}
          </h2>
          <p className="text-sm text-ink-muted">
            {born
              ? `Born ${born}${patient.age === null ? '' : ` · ${patient.age} yrs`}`
              : 'Date of birth not recorded'}
          </p>
          <p className="text-xs text-ink-muted">
            {RECORD_NUMBER_LABEL} {patient.recordNumber}
          </p>
        </div>
        {patient.bloodGroup ? (
          <Badge tone="red" className="shrink-0">
            <span className="sr-only">Blood group </span>
            {patient.bloodGroup}
          </Badge>
        ) : null}
      </header>
      <p className="flex min-w-0 items-center gap-1.5 text-sm text-ink-soft">
        <MapPin aria-hidden size={14} className="shrink-0 text-ink-muted" />
        <span className="truncate" title={patient.address ?? undefined}>
          {patient.address ?? 'No address on file'}
        </span>
      </p>
      <dl className="grid grid-cols-3 gap-2 rounded-md bg-muted px-3 py-2">
        <Measure label="Weight" parts={measureParts('weight', patient.weight)} />
        <Measure label="Blood pressure" parts={pressureParts(patient.bloodPressure)} />
        <Measure label="Blood glucose" parts={measureParts('bloodGlucose', patient.bloodGlucose)} />
      </dl>
      <footer className="mt-auto flex items-center justify-between gap-2">
        <p className="text-xs text-ink-muted">
          {patient.lastVisitedAt ? `Last visit ${formatDate(patient.lastVisitedAt)}` : 'No visit yet'}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onView(patient.id)}
          aria-label={`View Details of ${patient.fullName}`}
        >
          View Details
        </Button>
      </footer>
    </article>
  );
}

/** A card's shape while the list loads (UI.md: skeletons, not a spinner). */
export function PatientCardSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4">
      <div className="flex items-center gap-3">
        <Skeleton className="h-10 w-10 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-3 w-1/2" />
        </div>
      </div>
      <Skeleton className="h-3 w-3/4" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-8 w-28 self-end" />
    </div>
  );
}
