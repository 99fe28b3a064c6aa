import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { useSummary } from '@/features/admin/api/analytics';
import { LOAD_FAILED } from '@/features/admin/api/shared';
import { AddAmbulanceButton } from '@/features/admin/components/ambulance-dialog';
import { ArrivalsByHour, WaitTimeTrend } from '@/features/admin/components/dashboard-graphs';
import { AddDoctorButton } from '@/features/admin/components/doctor-dialogs';
import { InpatientCards } from '@/features/admin/components/inpatient-cards';
import { AddNurseButton } from '@/features/admin/components/nurse-dialog';
import { QuickLinks } from '@/features/admin/components/quick-links';
import { SummaryTiles } from '@/features/admin/components/summary-tiles';
import { TodayOverview } from '@/features/admin/components/today-overview';
import { useLiveEvents } from '@/features/admin/use-live-events';
import { EscalatedLabAlertsPanel } from '@/features/lab-results/critical-alerts-panel';
import { errorMessage } from '@/lib/api-client';

/** Admin Dashboard: counts, today's figures and graphs, all computed by the server from records. */
export default function AdminDashboardPage() {
  const summary = useSummary();
  // ER arrivals, queue and ward changes move the tiles, cards and graphs: keep them current.
  useLiveEvents(['emergency', 'queues', 'wards']);
  const loading = summary.isPending;

  return (
    <>
      <PageHeader
        title="Admin Dashboard"
        description="Today at a glance, from the facility's records."
        actions={
          <>
            <AddDoctorButton />
            <AddNurseButton variant="secondary" />
            <AddAmbulanceButton variant="secondary" />
          </>
        }
      />
      {summary.isError && !summary.data ? (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <ErrorState
              message={errorMessage(summary.error, LOAD_FAILED.summary)}
              onRetry={() => void summary.refetch()}
            />
          </Card>
          <QuickLinks />
        </div>
      ) : (
        <div className="flex flex-col gap-6">
          <SummaryTiles summary={summary.data} loading={loading} />
          <EscalatedLabAlertsPanel />
          <InpatientCards summary={summary.data} loading={loading} />
          <div className="grid gap-6 lg:grid-cols-2">
            <WaitTimeTrend summary={summary.data} loading={loading} />
            <ArrivalsByHour summary={summary.data} loading={loading} />
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <TodayOverview summary={summary.data} loading={loading} />
            <QuickLinks />
          </div>
        </div>
      )}
    </>
  );
}
