import type { ErStatus } from '@carepoint/contract';
import { Activity, Building2, Siren } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { WaitingEmergency } from '@/components/waiting-emergency';
import { useOwnWards } from '@/features/inpatient/api';
import { useEmergencyRoom, useOwnNurseRecord } from '@/features/nurse/api/dashboard';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** How many of each list the dashboard shows; the count says how many more there are. */
const SHOWN = 8;

/** One emergency-room list (Waiting or In Treatment) in triage order, with its own loading and error states. */
function EmergencyList({ status, title }: { status: ErStatus; title: string }) {
  const list = useEmergencyRoom(status, SHOWN);
  const total = list.data?.pagination.total;
  return (
    <Card
      className="min-w-0"
      title={
        <span className="flex items-center gap-2">
          {title}
          {total === undefined ? null : <span className="text-sm font-normal text-ink-muted">{total}</span>}
        </span>
      }
    >
      {list.data ? (
        <WaitingEmergency
          entries={list.data.data}
          total={list.data.pagination.total}
          emptyTitle={status === 'Waiting' ? undefined : 'No one is in treatment in the emergency room.'}
          moreLabel={status === 'Waiting' ? 'more waiting' : 'more in treatment'}
        />
      ) : list.isError ? (
        <ErrorState
          message={errorMessage(list.error, 'Could not load the emergency room')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : (
        <div role="status" aria-label={`Loading ${title.toLowerCase()}`} className="flex flex-col gap-3 py-2">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      )}
    </Card>
  );
}

/** The nurse's own wards first: each with its free beds, or how to be put on one. */
function MyWards() {
  const wards = useOwnWards();
  return (
    <Card className="min-w-0" title="My wards" aria-label="My wards">
      {wards.data ? (
        wards.data.data.length === 0 ? (
          <p className="py-2 text-sm text-ink-muted">
            You are on no ward yet: an administrator puts nurses on wards on Manage Nurses.
          </p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {wards.data.data.map((ward) => (
              <li key={ward.id} className="rounded-lg border border-border p-3">
                <p className="font-medium text-ink">{ward.name}</p>
                <p className="text-sm text-ink-muted">
                  {ward.kind} · {ward.freeBeds} free of {ward.beds} beds
                </p>
              </li>
            ))}
          </ul>
        )
      ) : wards.isError ? (
        <ErrorState
          message={errorMessage(wards.error, 'Could not load your wards')}
          onRetry={() => void wards.refetch()}
          retrying={wards.isFetching}
        />
      ) : (
        <div role="status" aria-label="Loading your wards" className="py-2">
          <Skeleton className="h-14 w-full" />
        </div>
      )}
    </Card>
  );
}

/**
 * The nurse's dashboard (/nurse/dashboard): their department and duty status, their wards, and the emergency
 * room as the triage nurse watches it, most severe and longest waiting first, read every minute.
 */
export default function NurseDashboardPage() {
  const { user } = useAuth();
  const me = useOwnNurseRecord();
  const waiting = useEmergencyRoom('Waiting', SHOWN);
  const treating = useEmergencyRoom('In Treatment', SHOWN);
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          user
            ? `${user.firstName}, your wards first, then the emergency room: most severe, then the longest wait.`
            : undefined
        }
      />
      <div className="flex flex-col gap-6">
        <MyWards />
        <div className="grid gap-4 sm:grid-cols-3">
          <StatTile
            label="My department"
            value={me.data?.department ?? (me.isError ? 'Not set' : undefined)}
            icon={Building2}
            hint={me.data ? `Duty status: ${me.data.status}` : undefined}
            loading={me.isPending}
          />
          <StatTile
            label="Waiting in the ER"
            value={waiting.data?.pagination.total}
            icon={Siren}
            hint="Not yet seen"
            loading={waiting.isPending}
          />
          <StatTile
            label="In treatment"
            value={treating.data?.pagination.total}
            icon={Activity}
            hint="Seen, still in the ER"
            loading={treating.isPending}
          />
        </div>
        <div className="grid gap-6 lg:grid-cols-2">
          <EmergencyList status="Waiting" title="Waiting" />
          <EmergencyList status="In Treatment" title="In treatment" />
        </div>
      </div>
    </>
  );
}
