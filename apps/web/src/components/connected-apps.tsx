import { type ConnectedApp, SMART_MESSAGES } from '@carepoint/contract';
import { useState } from 'react';
import { useConnectedApps, useRevokeConnectedApp } from '@/lib/api/connected-apps';
import { formatDateTime } from '@/lib/format';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { ConfirmDialog } from './ui/confirm-dialog';
import { ErrorState } from './ui/error-state';

/**
 * Connected apps: the SMART apps this user allowed whose access still holds, what each may
 * read, and Revoke (its access and refresh tokens stop at once). On My Profile and Security.
 */
export function ConnectedApps({ className }: { className?: string }) {
  const apps = useConnectedApps();
  const revoke = useRevokeConnectedApp();
  const [revoking, setRevoking] = useState<ConnectedApp | null>(null);

  let body = (
    <p role="status" className="text-sm text-ink-muted">
      Loading...
    </p>
  );
  if (apps.isError) {
    body = (
      <ErrorState
        message={SMART_MESSAGES.connectedAppsLoadFailed}
        onRetry={() => void apps.refetch()}
        retrying={apps.isFetching}
      />
    );
  } else if (apps.data?.length === 0) {
    body = <p className="text-sm text-ink-muted">No app has access to your account.</p>;
  } else if (apps.data) {
    body = (
      <ul className="flex flex-col divide-y divide-border" aria-label="Connected apps">
        {apps.data.map((app) => (
          <li
            key={app.id}
            className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink">{app.appName}</p>
              {app.patientName ? <p className="text-sm text-ink-soft">For {app.patientName}</p> : null}
              <ul className="mt-1 list-disc pl-5 text-sm text-ink-soft">
                {app.descriptions.map((text) => (
                  <li key={text}>{text}</li>
                ))}
              </ul>
              <p className="mt-1 text-xs text-ink-muted">
                Connected {formatDateTime(app.connectedAt)} · access until {formatDateTime(app.expiresAt)}
              </p>
            </div>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setRevoking(app)}
              aria-label={`Revoke ${app.appName}`}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Card title="Connected apps" className={className}>
      <p className="mb-4 max-w-prose text-sm text-ink-muted">
        Apps you allowed to read your CarePoint records through its FHIR API.
      </p>
      {body}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke ${revoking?.appName ?? 'the app'}?`}
        description="The app loses its access at once. To use it again you will have to allow it again."
        confirmLabel="Revoke"
        loading={revoke.isPending}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
      />
    </Card>
  );
}
