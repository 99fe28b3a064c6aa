import type { LabAnalytics } from '@carepoint/contract';
import { AlarmClock, FlaskConical, SearchX, Timer } from 'lucide-react';
import { StatTile } from '@/components/ui/stat-tile';
import { useLabAnalytics } from '@/features/admin/api/analytics';
import { LOAD_FAILED } from '@/features/admin/api/shared';
import { AnalyticsSection, useAnalyticsPeriod } from '@/features/admin/components/analytics-section';
import {
  CriticalAlerts,
  minutesText,
  percentText,
  RejectionTables,
  TurnaroundTables,
} from '@/features/admin/components/lab-analytics-tables';
import { plural } from '@/lib/format';

/* Operational Analytics' Laboratory section: turnaround, rejected specimens and critical results over the period. */

export function LabAnalyticsSection() {
  const [days] = useAnalyticsPeriod();
  const figures = useLabAnalytics(days);
  const data = figures.data;
  const loading = figures.isPending;
  return (
    <AnalyticsSection
      id="lab"
      title="Laboratory"
      description="Turnaround from order to verified result, rejected specimens and critical results over the period."
      figures={figures}
      loadFailed={LOAD_FAILED.lab}
    >
      <LabTiles data={data} loading={loading} />
      <TurnaroundTables data={data} loading={loading} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RejectionTables data={data} loading={loading} />
        </div>
        <CriticalAlerts data={data} loading={loading} />
      </div>
    </AnalyticsSection>
  );
}

function LabTiles({ data, loading }: { data: LabAnalytics | undefined; loading: boolean }) {
  const all = data?.turnaround.all;
  const rejections = data?.rejections;
  const critical = data?.critical;
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatTile
        label="Median turnaround"
        icon={Timer}
        loading={loading}
        value={all ? minutesText(all.medianMinutes) : '–'}
        hint={
          all
            ? all.count
              ? `90th percentile ${minutesText(all.p90Minutes)}; ${plural(all.count, 'test')} verified`
              : 'No test verified in the period'
            : null
        }
      />
      <StatTile
        label="Within target"
        icon={FlaskConical}
        loading={loading}
        value={all ? percentText(all.percentWithinTarget) : '–'}
        hint={all?.count ? `${all.withinTarget} of ${plural(all.count, 'test')} on time` : null}
      />
      <StatTile
        label="Specimens rejected"
        icon={SearchX}
        loading={loading}
        value={rejections ? percentText(rejections.percentRejected) : '–'}
        hint={
          rejections
            ? rejections.specimens
              ? `${rejections.rejected} of ${plural(rejections.specimens, 'specimen')} collected`
              : 'No specimen collected in the period'
            : null
        }
      />
      <StatTile
        label="Critical results"
        icon={AlarmClock}
        loading={loading}
        value={critical?.raised ?? '–'}
        hint={
          critical
            ? critical.raised
              ? `${critical.open} still open; median ${minutesText(critical.medianAckMinutes)} to acknowledge`
              : 'No critical result in the period'
            : null
        }
      />
    </div>
  );
}
