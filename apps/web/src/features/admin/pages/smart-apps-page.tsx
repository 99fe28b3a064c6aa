import { SMART_APP_KIND_LABELS, SMART_MESSAGES, type SmartApp } from '@carepoint/contract';
import { columnsFor, DataTable, type DataTableColumn } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useSetSmartAppDisabled, useSmartApps } from '@/features/admin/api/smart-apps';
import { RegisterSmartAppButton } from '@/features/admin/components/smart-app-dialog';
import { errorMessage } from '@/lib/api-client';

const col = columnsFor<SmartApp>();

function ToggleButton({ app }: { app: SmartApp }) {
  const toggle = useSetSmartAppDisabled();
  return (
    <Button
      variant={app.disabled ? 'secondary' : 'danger'}
      size="sm"
      loading={toggle.isPending}
      aria-label={`${app.disabled ? 'Enable' : 'Disable'} ${app.name}`}
      onClick={() => toggle.mutate({ id: app.id, disabled: !app.disabled })}
    >
      {app.disabled ? 'Enable' : 'Disable'}
    </Button>
  );
}

const columns = (
  [
    col.text('name', 'Name', (a) => a.name),
    col.text('kind', 'Kind', (a) => SMART_APP_KIND_LABELS[a.kind].split(' (')[0] ?? a.kind),
    {
      id: 'clientId',
      header: 'Client ID',
      cell: ({ row }) => <code className="break-all text-xs">{row.original.clientId}</code>,
    },
    col.text('scopes', 'Allowed scopes', (a) => a.scopes.join(' ')),
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) =>
        row.original.disabled ? <Badge tone="grey">Disabled</Badge> : <Badge tone="green">Enabled</Badge>,
    },
    col.actions((a) => <ToggleButton app={a} />),
  ] satisfies DataTableColumn<SmartApp>[]
).map((column): DataTableColumn<SmartApp> => ({ ...column, enableHiding: false }));

/** SMART Apps: the apps allowed to ask for access to the FHIR API; register, disable, enable. */
export default function SmartAppsPage() {
  const apps = useSmartApps();
  return (
    <>
      <PageHeader
        title="SMART Apps"
        description="Apps that may ask users for access to CarePoint's FHIR API, and backend services."
        actions={<RegisterSmartAppButton />}
      />
      <Card flush>
        <DataTable
          label="SMART Apps"
          columns={columns}
          data={apps.data ?? []}
          getRowId={(a) => a.id}
          isLoading={apps.isPending}
          error={apps.isError ? errorMessage(apps.error, SMART_MESSAGES.appsLoadFailed) : null}
          onRetry={() => void apps.refetch()}
          emptyText="No apps registered yet."
        />
      </Card>
    </>
  );
}
