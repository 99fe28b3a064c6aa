import { ROLE_AREAS, type Stay } from '@carepoint/contract';
import { TriangleAlert } from 'lucide-react';
import { Outlet, useParams } from 'react-router';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { TabNav } from '@/components/ui/tab-nav';
import { useLiveWards, useStay } from '@/features/inpatient/api';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** The stay's pages, each a route under /<area>/stays/:stayId (the areas' routes files nest them). */
const STAY_TABS: ReadonlyArray<{ to: string; label: string }> = [
  { to: '', label: 'Overview' },
  { to: 'observations', label: 'Observations' },
  { to: 'medication', label: 'Medication' },
  { to: 'notes', label: 'Notes' },
  { to: 'discharge', label: 'Discharge' },
];

function StayHeader({ stay }: { stay: Stay }) {
  const { patient } = stay;
  const facts = [
    patient.recordNumber,
    patient.age === null ? null : `${patient.age} years`,
    patient.gender,
    stay.bed ? `${stay.ward.name}, ${stay.bed.label}` : stay.ward.name,
    `Dr ${stay.doctor.name}`,
    stay.daysSinceAdmission === null ? null : `Day ${stay.daysSinceAdmission + 1}`,
  ].filter(Boolean);
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-ink">{patient.name}</h1>
          <p className="mt-1 text-sm text-ink-muted">{facts.join(' · ')}</p>
          <p className="mt-1 text-sm text-ink-soft">
            {stay.diagnosis
              ? `${stay.diagnosis.code} ${stay.diagnosis.title}`
              : stay.diagnosisText || stay.reason}
          </p>
        </div>
        <StatusBadge status={stay.status} />
      </div>
      {patient.allergies.length > 0 ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="red">
            <TriangleAlert aria-hidden size={12} className="mr-1" />
            Allergies
          </Badge>
          <span className="text-danger-800">{patient.allergies.join(', ')}</span>
        </p>
      ) : null}
    </Card>
  );
}

/**
 * A stay's page (/<area>/stays/:stayId): who, where and under whom at the top, then the stay's
 * tabs (overview, observations, medication, notes, discharge). Live like the board.
 */
export default function StayLayout() {
  const { stayId = '' } = useParams();
  const { user } = useAuth();
  const stay = useStay(stayId);
  useLiveWards(user?.role ?? 'nurse');
  const base = `${ROLE_AREAS[user?.role ?? 'nurse'].path}/stays/${stayId}`;
  if (stay.isError)
    return (
      <ErrorState
        message={errorMessage(stay.error, 'Could not load the stay')}
        onRetry={() => void stay.refetch()}
        retrying={stay.isFetching}
      />
    );
  if (!stay.data)
    return (
      <div role="status" aria-label="Loading the stay">
        <Skeleton className="h-28 w-full" />
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      <StayHeader stay={stay.data} />
      <TabNav label="Stay" base={base} tabs={STAY_TABS} />
      <Outlet context={stay.data} />
    </div>
  );
}
