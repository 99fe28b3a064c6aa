import { ER_SORTABLE, ER_STATUSES, type ErEntry, erWaitMinutes, TRIAGE_LEVELS } from '@carepoint/contract';
import { columnsFor, FilterSelect, withSorting } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { PageHeader } from '@/components/ui/page-header';
import { useAnalytics } from '@/features/admin/api/analytics';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { ErActions } from '@/features/admin/components/er-actions';
import { ErAdmitFlow } from '@/features/admin/components/er-admit-flow';
import { AddArrivalButton } from '@/features/admin/components/er-arrival-dialog';
import { LiveIndicator } from '@/features/admin/components/live-indicator';
import { useLiveEvents } from '@/features/admin/use-live-events';
import { useMinuteClock } from '@/lib/use-minute-clock';
import { useUrlFilter } from '@/lib/use-url-filters';

/**
 * Minutes waited, counting on while the patient still waits (from the stored arrival time); a
 * patient still waiting past the facility's target wait is flagged in words and colour.
 */
function WaitMinutes({ entry }: { entry: ErEntry }) {
  const waiting = entry.status === 'Waiting';
  const now = useMinuteClock(waiting ? entry.arrivedAt : null);
  const target = useAnalytics().data?.targetWaitMin;
  const value = waiting ? erWaitMinutes(entry, now) : entry.waitMinutes;
  if (!waiting || target === undefined || value <= target)
    return <span className="tabular-nums">{value} min</span>;
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span className="font-semibold text-danger-700 tabular-nums">{value} min</span>
      <span title={`Over the ${target} min target wait`}>
        <Badge tone="red">
          Over target<span className="sr-only"> of {target} min</span>
        </Badge>
      </span>
    </span>
  );
}

const col = columnsFor<ErEntry>();

/** The arrival's name; a walk-in not matched to a registered patient says so beside it. */
function ErPatientName({ entry }: { entry: ErEntry }) {
  if (entry.patientId) return <>{entry.patientName}</>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {entry.patientName}
      <Badge tone="amber">Not registered</Badge>
    </span>
  );
}

const columns = withSorting(ER_SORTABLE, [
  {
    id: 'patientName',
    header: 'Patient',
    accessorFn: (e) => e.patientName,
    cell: ({ row }) => <ErPatientName entry={row.original} />,
  },
  col.status('triageLevel', 'Triage', (e) => e.triageLevel),
  col.status('status', 'Status', (e) => e.status),
  col.dateTime('arrivedAt', 'Arrived', (e) => e.arrivedAt),
  { id: 'waitMinutes', header: 'Waiting', cell: ({ row }) => <WaitMinutes entry={row.original} /> },
  col.actions((e) => <ErActions entry={e} />),
]);

/** Manage Emergency Room: arrivals and their moves, live across every open screen. */
export default function ManageEmergencyRoomPage() {
  const live = useLiveEvents(['emergency']);
  const [status] = useUrlFilter('status');
  const [triageLevel] = useUrlFilter('triageLevel');
  return (
    <>
      <PageHeader
        title="Manage Emergency Room"
        description="Most severe triage first; within a level, those waiting before those in treatment, then the longest wait. Waits past the target are flagged. Moves go from Waiting to In Treatment to Admitted or Discharged."
        actions={
          <>
            <LiveIndicator status={live} />
            <AddArrivalButton />
          </>
        }
      />
      <ErAdmitFlow>
        <AdminListTable
          resource="emergency-room"
          label="Emergency room"
          columns={columns}
          searchPlaceholder="Search patients"
          filters={{ status, triageLevel }}
          toolbar={
            <>
              <FilterSelect name="status" label="Status" values={ER_STATUSES} allLabel="All statuses" />
              <FilterSelect
                name="triageLevel"
                label="Triage"
                values={TRIAGE_LEVELS}
                allLabel="All triage levels"
              />
            </>
          }
        />
      </ErAdmitFlow>
    </>
  );
}
