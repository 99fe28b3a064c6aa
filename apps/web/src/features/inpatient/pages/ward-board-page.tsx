import { ROLE_AREAS, type Role, type Ward } from '@carepoint/contract';
import { BedDouble } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useLiveWards, useOwnWards, useWardBoard, useWards } from '@/features/inpatient/api';
import { AdmitNowDialog, PlanAdmissionDialog } from '@/features/inpatient/components/admit-patient-dialogs';
import { BedCard } from '@/features/inpatient/components/bed-card';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/** The ward shown: the one in the URL, else a nurse's first own ward, else the first by name. */
function useChosenWard(role: Role, wards: readonly Ward[] | undefined) {
  const [params, setParams] = useSearchParams();
  const own = useOwnWards(role === 'nurse');
  const inUrl = params.get('ward');
  const fallback = own.data?.data[0]?.id ?? wards?.[0]?.id;
  const wardId = wards?.some((w) => w.id === inUrl) ? (inUrl ?? undefined) : fallback;
  const choose = (id: string) => setParams({ ward: id }, { replace: true });
  return { wardId, choose, ownIds: new Set(own.data?.data.map((w) => w.id)) };
}

/** Doctors and the desk admit from the board; the desk also books planned admissions. */
function AdmitButtons({ role }: { role: Role }) {
  const [opened, setOpened] = useState<'now' | 'planned' | null>(null);
  const close = (open: boolean) => !open && setOpened(null);
  if (role !== 'doctor' && role !== 'admin') return null;
  return (
    <>
      <Button onClick={() => setOpened('now')}>Admit patient</Button>
      {role === 'admin' ? (
        <Button variant="secondary" onClick={() => setOpened('planned')}>
          Book planned admission
        </Button>
      ) : null}
      <AdmitNowDialog open={opened === 'now'} onOpenChange={close} />
      <PlanAdmissionDialog open={opened === 'planned'} onOpenChange={close} />
    </>
  );
}

function BoardSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading the ward board"
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
    >
      {[1, 2, 3, 4].map((n) => (
        <Skeleton key={n} className="h-36 w-full" />
      ))}
    </div>
  );
}

/**
 * The ward board (/nurse/ward, /doctor/ward, /admin/ward): every bed of the chosen ward as a card,
 * live: an admission, a transfer, a discharge, observations or a dose recorded anywhere reach
 * every open board through the area's event stream.
 */
export default function WardBoardPage() {
  const { user } = useAuth();
  const role = user?.role ?? 'nurse';
  const areaPath = ROLE_AREAS[role].path;
  const wards = useWards();
  const { wardId, choose, ownIds } = useChosenWard(role, wards.data?.data);
  const board = useWardBoard(wardId);
  const live = useLiveWards(role);
  const counts = board.data?.counts;
  const options = (wards.data?.data ?? []).map((w) => ({
    value: w.id,
    label: ownIds.has(w.id) ? `${w.name} (my ward)` : w.name,
  }));
  return (
    <>
      <PageHeader
        title="Ward board"
        description={
          counts
            ? `${counts.Occupied} occupied · ${counts.Reserved} reserved · ${counts.Cleaning} cleaning · ${counts.Free} free${live === 'live' ? ' · live' : ''}`
            : 'Every bed of the ward, its patient and what is due.'
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <AdmitButtons role={role} />
            {wardId ? (
              <Link
                to={`${areaPath}/wards/${wardId}/handover`}
                className={buttonClass({ variant: 'secondary' })}
              >
                Handover
              </Link>
            ) : null}
            <Select
              label="Ward"
              hideLabel
              className="w-64 max-w-full"
              options={options}
              value={wardId ?? ''}
              onChange={(event) => choose(event.target.value)}
            />
          </div>
        }
      />
      {board.data ? (
        board.data.beds.length === 0 ? (
          <EmptyState
            icon={BedDouble}
            title="This ward has no beds yet"
            description="Beds are added on Manage Beds."
          />
        ) : (
          <ul
            aria-label={`Beds of ${board.data.ward.name}`}
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4"
          >
            {board.data.beds.map((bed) => (
              <BedCard key={bed.id} bed={bed} areaPath={areaPath} />
            ))}
          </ul>
        )
      ) : board.isError || wards.isError ? (
        <ErrorState
          message={errorMessage(board.error ?? wards.error, 'Could not load the ward board')}
          onRetry={() => void (wards.isError ? wards.refetch() : board.refetch())}
          retrying={board.isFetching || wards.isFetching}
        />
      ) : (
        <BoardSkeleton />
      )}
    </>
  );
}
