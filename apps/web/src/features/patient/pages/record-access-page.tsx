import { RECORD_ACCESS_MESSAGES, RECORD_ACCESS_SORTABLE, type RecordAccess } from '@carepoint/contract';
import { columnsFor, ListTable, withSorting } from '@/components/data-table';
import { PageHeader } from '@/components/ui/page-header';
import { recordAccessQuery } from '@/features/patient/api/record-access';

const col = columnsFor<RecordAccess>();

const columns = withSorting(RECORD_ACCESS_SORTABLE, [
  col.dateTime('at', 'When', (r) => r.at),
  {
    id: 'who',
    header: 'Who',
    cell: ({ row: { original: r } }) => (
      <span className="flex flex-col">
        <span>{r.who}</span>
        <span className="text-xs text-ink-muted">{r.role}</span>
      </span>
    ),
  },
  col.text('what', 'What', (r) => r.what),
  col.text('where', 'From', (r) => r.where),
]);

/** Who opened my record: every time staff opened or changed the patient's record, from the audit trail. */
export default function RecordAccessPage() {
  return (
    <>
      <PageHeader
        title={RECORD_ACCESS_MESSAGES.title}
        description="Every time clinic staff opened or changed your record: when, who, what and from where. Your own visits are not listed."
      />
      <ListTable
        query={recordAccessQuery}
        label={RECORD_ACCESS_MESSAGES.title}
        columns={columns}
        defaultSort="at"
        defaultOrder="desc"
        searchable={false}
        emptyText="Nobody from the clinic has opened your record yet."
      />
    </>
  );
}
