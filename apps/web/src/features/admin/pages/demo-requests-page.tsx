import { DEMO_REQUEST_SORTABLE, type DemoRequestRow } from '@carepoint/contract';
import { columnsFor, withSorting } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { AdminListTable } from '@/features/admin/components/admin-list-table';

const col = columnsFor<DemoRequestRow>();

const columns = withSorting(DEMO_REQUEST_SORTABLE, [
  col.dateTime('createdAt', 'Received', (r) => r.createdAt),
  col.text('name', 'Name', (r) => r.name),
  {
    id: 'email',
    header: 'Email',
    cell: ({ row }) => (
      <a className="text-primary-800 hover:underline" href={`mailto:${row.original.email}`}>
        {row.original.email}
      </a>
    ),
  },
  col.text('organisation', 'Organisation', (r) => r.organisation),
  {
    id: 'message',
    header: 'Message',
    cell: ({ row }) => <p className="max-w-md whitespace-pre-line">{row.original.message || '—'}</p>,
  },
]);

/** Demo Requests: what visitors sent with Schedule Demo, newest first. */
export default function DemoRequestsPage() {
  return (
    <>
      <PageHeader
        title="Demo Requests"
        description="Requests sent from the landing page's Schedule Demo form."
      />
      <AdminListTable
        resource="demo-requests"
        label="Demo requests"
        columns={columns}
        defaultSort="createdAt"
        defaultOrder="desc"
        searchPlaceholder="Search name, e-mail or organisation"
      />
    </>
  );
}
