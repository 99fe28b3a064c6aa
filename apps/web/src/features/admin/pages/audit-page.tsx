import { AUDIT_SORTABLE, type AuditEvent, OUTBOX_SORTABLE, type OutboxMail } from '@carepoint/contract';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';
import { columnsFor, withSorting } from '@/components/data-table';
import { Breakable } from '@/components/ui/breakable';
import { PageHeader } from '@/components/ui/page-header';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { AuditDetails } from '@/features/admin/components/audit-details';
import { ActorFilterButton, AuditFilters, useAuditFilters } from '@/features/admin/components/audit-filters';
import { MessagesTable } from '@/features/admin/components/messages-table';

const audit = columnsFor<AuditEvent>();

const auditColumns = withSorting(AUDIT_SORTABLE, [
  audit.dateTime('at', 'When', (e) => e.at),
  {
    id: 'actor',
    header: 'Actor',
    cell: ({ row: { original: e } }) =>
      e.actorId ? (
        <span className="flex flex-col">
          <ActorFilterButton actorId={e.actorId} label={e.actorEmail ?? e.actorId} />
          {e.actorRole ? <span className="text-xs text-ink-muted">{e.actorRole}</span> : null}
        </span>
      ) : (
        <span className="text-ink-muted">System</span>
      ),
  },
  {
    id: 'action',
    header: 'Action',
    // Long names ("patient.summary.read") wrap at their dots, so the table fits beside the sidebar.
    cell: ({ row }) => (
      <code className="text-xs">
        <Breakable text={row.original.action} />
      </code>
    ),
  },
  audit.text('entity', 'Record', (e) =>
    e.entityType ? `${e.entityType}${e.entityId ? ` ${e.entityId.slice(0, 8)}` : ''}` : null,
  ),
  {
    id: 'patient',
    header: 'Patient',
    // The name; a patient whose account is gone keeps the start of their id, which the filter still takes.
    cell: ({ row: { original: e } }) =>
      e.patientName ?? (e.patientId ? <code className="text-xs">{e.patientId.slice(0, 8)}</code> : '—'),
  },
  audit.text('ip', 'Address', (e) => e.ip),
  {
    id: 'details',
    header: 'Details',
    cell: ({ row }) => <AuditDetails details={row.original.details} at={row.original.at} />,
  },
]);

const mail = columnsFor<OutboxMail>();

// What was mailed to whom and how it went; never the text, which may hold a reset link.
const outboxColumns = withSorting(OUTBOX_SORTABLE, [
  mail.dateTime('createdAt', 'Written', (m) => m.createdAt),
  mail.text('to', 'To', (m) => m.to),
  mail.text('subject', 'Subject', (m) => m.subject),
  mail.status('delivery', 'Delivery', (m) => m.delivery),
]);

function AuditTable() {
  const filters = useAuditFilters();
  return (
    <>
      <AuditFilters />
      <AdminListTable
        resource="audit"
        label="Audit trail"
        columns={auditColumns}
        defaultSort="at"
        defaultOrder="desc"
        filters={filters}
        searchable={false}
      />
    </>
  );
}

const TABS = { audit: 'Audit Trail', outbox: 'Outbox', messages: 'Messages' } as const;
type Tab = keyof typeof TABS;
const isTab = (value: string | null): value is Tab => value !== null && value in TABS;

/** Audit Trail: who read or changed what, when (read only); the mail outbox; appointment e-mails. */
export default function AuditTrailPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'audit';
  // Each tab has its own filters, paging and sort: switching starts afresh.
  const select = (next: string) =>
    setParams(isTab(next) && next !== 'audit' ? { tab: next } : {}, { replace: true });

  return (
    <>
      <PageHeader
        title="Audit Trail"
        description="Who read or changed clinical records, and when. Read only."
      />
      <Tabs.Root value={tab} onValueChange={select}>
        <Tabs.List aria-label="Audit views" className="mb-4 flex gap-1 border-b border-border">
          {(Object.keys(TABS) as Tab[]).map((key) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-ink-soft hover:text-ink data-[state=active]:border-primary-700 data-[state=active]:text-primary-800"
            >
              {TABS[key]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="audit">{tab === 'audit' ? <AuditTable /> : null}</Tabs.Content>
        <Tabs.Content value="outbox">
          {tab === 'outbox' ? (
            <AdminListTable
              resource="outbox"
              label="Mail outbox"
              columns={outboxColumns}
              defaultSort="createdAt"
              defaultOrder="desc"
              searchable={false}
            />
          ) : null}
        </Tabs.Content>
        <Tabs.Content value="messages">{tab === 'messages' ? <MessagesTable /> : null}</Tabs.Content>
      </Tabs.Root>
    </>
  );
}
