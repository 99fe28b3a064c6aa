import { type DoctorAlert, OBSERVATION_MESSAGES } from '@carepoint/contract';
import { BellRing } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useAcknowledgeAlert, useAlertsLiveUpdates, useDoctorAlerts } from './api';
import { News2Badge } from './news2-badge';

function AlertRow({ alert }: { alert: DoctorAlert }) {
  const acknowledge = useAcknowledgeAlert();
  const where = [alert.ward.name, alert.bed].filter(Boolean).join(', ');
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <Link
          to={`/doctor/stays/${alert.stayId}/observations`}
          className="block truncate font-medium text-ink hover:underline"
        >
          {alert.patient.name}
        </Link>
        <p className="text-xs text-ink-muted">{where}</p>
        <p className="text-xs text-ink-muted">Taken {formatDateTime(alert.takenAt)}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <News2Badge score={alert.score} risk={alert.risk} />
        <Button
          size="sm"
          variant="secondary"
          loading={acknowledge.isPending}
          onClick={() => acknowledge.mutate(alert.id)}
          aria-label={`Acknowledge the alert for ${alert.patient.name}`}
        >
          Acknowledge
        </Button>
      </div>
    </li>
  );
}

/**
 * The doctor's open NEWS2 alerts (patients in their charge who scored 5 or more, or 3 in one
 * parameter), worst first, each with Acknowledge; live through the doctor's stream.
 */
export function DoctorAlertsPanel() {
  const alerts = useDoctorAlerts();
  useAlertsLiveUpdates();
  const count = alerts.data?.length ?? 0;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <BellRing aria-hidden size={16} className={count > 0 ? 'text-danger-700' : 'text-ink-muted'} />
          NEWS2 alerts
          {alerts.data ? <span className="text-sm font-normal text-ink-muted">{count} open</span> : null}
        </span>
      }
    >
      <section aria-label="NEWS2 alerts" data-testid="doctor-alerts">
        {alerts.data ? (
          count === 0 ? (
            <p className="text-sm text-ink-muted">{OBSERVATION_MESSAGES.alertsEmpty}</p>
          ) : (
            <ul className="divide-y divide-border">
              {alerts.data.map((alert) => (
                <AlertRow key={alert.id} alert={alert} />
              ))}
            </ul>
          )
        ) : alerts.isError ? (
          <ErrorState
            message={errorMessage(alerts.error, OBSERVATION_MESSAGES.alertsFailed)}
            onRetry={() => void alerts.refetch()}
            retrying={alerts.isFetching}
          />
        ) : (
          <div aria-hidden className="flex flex-col gap-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        )}
      </section>
    </Card>
  );
}
