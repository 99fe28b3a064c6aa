import {
  BACKUP_MESSAGES,
  BACKUP_RECIPE_DOC,
  type Backup,
  type BackupsOverview,
  formatBytes,
  formatElapsed,
  POSTGRES_BACKUP_MANUAL_URL,
  POSTGRES_BACKUP_RECIPE,
} from '@carepoint/contract';
import { DatabaseBackup, Download } from 'lucide-react';
import { columnsFor, DataTable, type DataTableColumn } from '@/components/data-table';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { backupDownloadUrl, useBackUpNow, useBackups } from '@/features/admin/api/backups';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';

const RESULT: Record<Backup['result'], { label: string; tone: BadgeTone }> = {
  running: { label: 'Running', tone: 'blue' },
  succeeded: { label: 'Succeeded', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

const col = columnsFor<Backup>();

/** A short list: every column stays (no Columns menu). */
const columns = (
  [
    col.dateTime('startedAt', 'Time', (b) => b.startedAt),
    {
      id: 'result',
      header: 'Result',
      cell: ({ row }) => {
        const { result, error } = row.original;
        return (
          <span className="inline-flex flex-col items-end gap-1 sm:items-start">
            <Badge tone={RESULT[result].tone}>{RESULT[result].label}</Badge>
            {error ? <span className="max-w-xs text-xs text-danger-800">{error}</span> : null}
          </span>
        );
      },
    },
    col.text('bytes', 'Size', (b) => (b.bytes === null ? null : formatBytes(b.bytes))),
    col.text('durationMs', 'Duration', (b) => (b.durationMs === null ? null : formatElapsed(b.durationMs))),
    col.text('trigger', 'Started by', (b) =>
      b.trigger === 'schedule'
        ? 'Schedule'
        : b.trigger === 'manual'
          ? (b.requestedBy ?? 'An administrator')
          : null,
    ),
    col.actions((b) =>
      b.fileName && b.result === 'succeeded' ? (
        <a
          href={backupDownloadUrl(b.fileName)}
          download={b.fileName}
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
          aria-label={`Download ${b.fileName}`}
        >
          <Download aria-hidden size={16} /> Download
        </a>
      ) : null,
    ),
  ] satisfies DataTableColumn<Backup>[]
).map((column): DataTableColumn<Backup> => ({ ...column, enableHiding: false }));

function ScheduleNote({ overview }: { overview: Extract<BackupsOverview, { mode: 'embedded' }> }) {
  const { everyHours, keep, nextAt, directory, running } = overview;
  return (
    <div className="mb-4 space-y-1 text-sm text-ink-soft">
      <p>
        {everyHours > 0
          ? `Scheduled every ${everyHours === 1 ? 'hour' : `${everyHours} hours`}${nextAt ? `; next at ${formatDateTime(nextAt)}` : ''}.`
          : 'No scheduled backups (BACKUP_EVERY_HOURS is 0): use Back up now.'}{' '}
        Kept in <code className="break-all rounded bg-muted px-1 text-xs">{directory}</code> on the server:
        the newest {keep}.
      </p>
      <p className="text-ink-muted">
        Copy backups off this machine as well: a backup on the same disk is lost with it. Restore one with{' '}
        <code className="rounded bg-muted px-1 text-xs">npm run restore -- &lt;file&gt;</code> (see
        docs/operations.md).
      </p>
      <p aria-live="polite" className="font-medium text-info-800">
        {running ? 'A backup is running…' : ''}
      </p>
    </div>
  );
}

function ServerNote() {
  return (
    <Card title="Backups are the database operator's job">
      <div className="space-y-3 text-sm text-ink-soft">
        <p>
          CarePoint runs on a PostgreSQL server here, and keeps nothing of its own to back up: every record
          and every file is in that database. Back it up with PostgreSQL's own tools, for example every night:
        </p>
        <pre className="rounded-md bg-muted p-3 text-xs break-all whitespace-pre-wrap text-ink">
          {POSTGRES_BACKUP_RECIPE}
        </pre>
        <p>
          For recovery to any moment, not only to the last dump, set up continuous archiving of the
          write-ahead log (point-in-time recovery). The recipe is in {BACKUP_RECIPE_DOC}; the details are in{' '}
          <a
            className="text-primary-800 underline"
            href={POSTGRES_BACKUP_MANUAL_URL}
            target="_blank"
            rel="noreferrer"
          >
            the PostgreSQL manual's Backup and Restore chapter
          </a>
          .
        </p>
      </div>
    </Card>
  );
}

/** Backups: the embedded database's backups, "Back up now" and a download per backup. */
export default function BackupsPage() {
  const backups = useBackups();
  const backUpNow = useBackUpNow();
  const overview = backups.data;
  const embedded = overview?.mode === 'embedded' ? overview : undefined;
  const running = Boolean(embedded?.running) || backUpNow.isPending;

  return (
    <>
      <PageHeader
        title="Backups"
        description={
          overview?.mode === 'server'
            ? 'The database CarePoint runs on, and who keeps its backups.'
            : 'Copies of the whole database (every record, file and audit entry), as PostgreSQL dumps.'
        }
        actions={
          overview?.mode === 'server' ? null : (
            <Button onClick={() => backUpNow.mutate()} disabled={!embedded || running}>
              <DatabaseBackup aria-hidden size={16} /> {running ? 'Backing up…' : 'Back up now'}
            </Button>
          )
        }
      />
      {overview?.mode === 'server' ? (
        <ServerNote />
      ) : (
        <>
          {embedded ? <ScheduleNote overview={embedded} /> : null}
          <DataTable
            label="Backups"
            columns={columns}
            data={embedded?.backups ?? []}
            getRowId={(b) => `${b.startedAt}-${b.result}`}
            isLoading={backups.isPending}
            error={
              backups.isError && !overview ? errorMessage(backups.error, BACKUP_MESSAGES.loadFailed) : null
            }
            onRetry={() => void backups.refetch()}
            emptyText="No backups yet."
          />
        </>
      )}
    </>
  );
}
