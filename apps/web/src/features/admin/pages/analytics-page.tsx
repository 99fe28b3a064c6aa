import { Clock, Target, UserPlus } from 'lucide-react';
import { GraphCard } from '@/components/graphs/graph-card';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { StatTile } from '@/components/ui/stat-tile';
import { useAnalytics } from '@/features/admin/api/analytics';
import { LOAD_FAILED } from '@/features/admin/api/shared';
import { InpatientAnalyticsSection } from '@/features/admin/components/inpatient-analytics';
import { LabAnalyticsSection } from '@/features/admin/components/lab-analytics';
import { TargetWaitForm } from '@/features/admin/components/target-wait-form';
import { useLiveEvents } from '@/features/admin/use-live-events';
import { errorMessage } from '@/lib/api-client';

/** Operational Analytics: waits against the target and where patients wait longest, from records. */
export default function OperationalAnalyticsPage() {
  const analytics = useAnalytics();
  useLiveEvents(['emergency', 'queues', 'wards']);
  const data = analytics.data;
  const loading = analytics.isPending;

  if (analytics.isError && !data) {
    return (
      <>
        <PageHeader title="Operational Analytics" />
        <Card>
          <ErrorState
            message={errorMessage(analytics.error, LOAD_FAILED.analytics)}
            onRetry={() => void analytics.refetch()}
          />
        </Card>
      </>
    );
  }

  const overTarget = data ? data.avgWaitMin > data.targetWaitMin : false;
  const bottlenecks = data?.bottlenecks ?? [];
  const worst = bottlenecks[0];

  return (
    <>
      <PageHeader
        title="Operational Analytics"
        description="Today's emergency-room waits, where patients wait now, the wards and the laboratory."
      />
      <div className="flex flex-col gap-6">
        <div className="grid gap-4 md:grid-cols-3">
          <StatTile
            label="Average wait"
            icon={Clock}
            loading={loading}
            value={data ? `${data.avgWaitMin} min` : '–'}
            hint={
              data ? (
                <Badge tone={overTarget ? 'red' : 'green'}>
                  {overTarget ? 'Above target' : 'Within target'}
                </Badge>
              ) : null
            }
          />
          <StatTile
            label="Target wait"
            icon={Target}
            loading={loading}
            value={data ? `${data.targetWaitMin} min` : '–'}
          />
          <StatTile
            label="Today's arrivals"
            icon={UserPlus}
            loading={loading}
            value={data?.todayArrivals ?? '–'}
            hint="Emergency-room arrivals"
          />
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <GraphCard
              title="Bottlenecks"
              kind="bar"
              loading={loading}
              points={bottlenecks.map((b) => ({ label: b.department, value: b.waitMin }))}
              columns={['Department', 'Average wait (min)']}
              emptyText="Nobody is waiting now."
              summary={
                worst
                  ? `Departments by average current wait; longest: ${worst.department}, ${worst.waitMin} min with ${worst.waiting} waiting.`
                  : 'Departments by average current wait: nobody is waiting now.'
              }
            />
          </div>
          {data ? <TargetWaitForm current={data.targetWaitMin} /> : null}
        </div>
        <InpatientAnalyticsSection />
        <LabAnalyticsSection />
      </div>
    </>
  );
}
