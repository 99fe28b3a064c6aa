import { SCHEDULE_MESSAGES } from '@carepoint/contract';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useMySchedule } from '@/features/doctor/api/schedule';
import { OutsideHours } from '@/features/doctor/components/schedule/outside-hours';
import { ScheduleForm } from '@/features/doctor/components/schedule/schedule-form';

function ScheduleSkeleton() {
  return (
    <div role="status" aria-label="Loading schedule" className="flex flex-col gap-3">
      <Skeleton className="h-10 w-64" />
      {Array.from({ length: 7 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

/** Edit Schedule (docs/areas/triage-schedule-profile.md): stored per doctor; it decides which times patients can book. */
export default function EditSchedulePage() {
  const schedule = useMySchedule();
  let body = <ScheduleSkeleton />;
  if (schedule.isError) {
    body = (
      <ErrorState
        message={SCHEDULE_MESSAGES.loadFailed}
        onRetry={() => void schedule.refetch()}
        retrying={schedule.isFetching}
      />
    );
  } else if (schedule.data) {
    body = <ScheduleForm key={schedule.dataUpdatedAt} schedule={schedule.data} />;
  }
  return (
    <>
      <PageHeader
        title="Edit Schedule"
        description="Patients can book only inside these hours, on the per-patient grid. Changes apply at once."
      />
      <div className="flex flex-col gap-6">
        {schedule.data ? <OutsideHours appointments={schedule.data.outsideHours} /> : null}
        <Card>{body}</Card>
      </div>
    </>
  );
}
