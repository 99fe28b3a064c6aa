import { LAB_RESULT_MESSAGES, type LabCriticalAlert } from '@carepoint/contract';
import { FlaskConical } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import {
  useAcknowledgeLabAlert,
  useAdminLabLiveUpdates,
  useDoctorLabAlerts,
  useDoctorLabLiveUpdates,
  useEscalatedLabAlerts,
} from './api';
import { FlagBadge, valueText } from './display';

function AlertRow({ alert, canAcknowledge }: { alert: LabCriticalAlert; canAcknowledge: boolean }) {
  const acknowledge = useAcknowledgeLabAlert();
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="truncate font-medium text-ink">{alert.patient.name}</p>
        <p className="text-sm text-ink">
          {alert.test.name}: <span className="font-semibold">{valueText(alert.value, alert.test.unit)}</span>
        </p>
        <p className="text-xs text-ink-muted">
          Verified {formatDateTime(alert.raisedAt)}
          {canAcknowledge ? '' : ` · Dr ${alert.doctor.name}`}
          {alert.escalatedAt ? ` · escalated ${formatDateTime(alert.escalatedAt)}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <FlagBadge flag={alert.interpretation} />
        {canAcknowledge ? (
          <Button
            size="sm"
            variant="secondary"
            loading={acknowledge.isPending}
            onClick={() => acknowledge.mutate(alert.id)}
            aria-label={`Acknowledge the critical result for ${alert.patient.name}`}
          >
            Acknowledge
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function AlertsCard({
  title,
  alerts,
  canAcknowledge,
}: {
  title: string;
  alerts: ReturnType<typeof useDoctorLabAlerts>;
  canAcknowledge: boolean;
}) {
  const count = alerts.data?.length ?? 0;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <FlaskConical aria-hidden size={16} className={count > 0 ? 'text-danger-700' : 'text-ink-muted'} />
          {title}
          {alerts.data ? <span className="text-sm font-normal text-ink-muted">{count} open</span> : null}
        </span>
      }
    >
      <section aria-label={title} data-testid="lab-critical-alerts">
        {alerts.data ? (
          count === 0 ? (
            <p className="text-sm text-ink-muted">{LAB_RESULT_MESSAGES.noAlerts}</p>
          ) : (
            <ul className="divide-y divide-border">
              {alerts.data.map((alert) => (
                <AlertRow key={alert.id} alert={alert} canAcknowledge={canAcknowledge} />
              ))}
            </ul>
          )
        ) : alerts.isError ? (
          <ErrorState
            message={errorMessage(alerts.error, LAB_RESULT_MESSAGES.loadFailed)}
            onRetry={() => void alerts.refetch()}
            retrying={alerts.isFetching}
          />
        ) : (
          <Skeleton className="h-10" />
        )}
      </section>
    </Card>
  );
}

/** The doctor's critical lab results, oldest first, each with Acknowledge; live through the doctor's stream. */
export function DoctorLabAlertsPanel() {
  const alerts = useDoctorLabAlerts();
  useDoctorLabLiveUpdates();
  return <AlertsCard title="Critical lab results" alerts={alerts} canAcknowledge />;
}

/** The administrators' view: critical results no doctor acknowledged in the lab's time; live on topic lab. */
export function EscalatedLabAlertsPanel() {
  const alerts = useEscalatedLabAlerts();
  useAdminLabLiveUpdates();
  return <AlertsCard title="Unacknowledged critical lab results" alerts={alerts} canAcknowledge={false} />;
}
