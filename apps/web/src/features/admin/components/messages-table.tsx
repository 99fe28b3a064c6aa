import {
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  MESSAGE_RESULTS,
  MESSAGE_SORTABLE,
  type MessageRow,
} from '@carepoint/contract';
import { columnsFor, FilterSelect, withSorting } from '@/components/data-table';
import { useUrlFilter } from '@/lib/use-url-filters';
import { AdminListTable } from './admin-list-table';

const message = columnsFor<MessageRow>();

// Who was told what about which appointment, and how it went; the text itself is not kept.
const columns = withSorting(MESSAGE_SORTABLE, [
  message.dateTime('createdAt', 'Queued', (m) => m.createdAt),
  message.text('kind', 'Message', (m) => MESSAGE_KIND_LABELS[m.kind]),
  {
    id: 'recipient',
    header: 'Patient',
    cell: ({ row: { original: m } }) => (
      <span className="flex flex-col">
        <span>{m.recipient}</span>
        {m.to ? <span className="text-xs text-ink-muted">{m.to}</span> : null}
      </span>
    ),
  },
  message.status(
    'result',
    'Result',
    (m) => m.result,
    (m) => (m.error ? <span className="text-xs text-ink-muted">{m.error}</span> : null),
  ),
  message.text('attempts', 'Tries', (m) => m.attempts),
  message.dateTime('runAt', 'Due or last tried', (m) => m.runAt),
  message.dateTime('sentAt', 'Sent', (m) => m.sentAt),
]);

/** The send log of appointment e-mails (GET /api/admin/messages), filtered by result and kind. */
export function MessagesTable() {
  const [result] = useUrlFilter('result');
  const [kind] = useUrlFilter('kind');
  return (
    <AdminListTable
      resource="messages"
      label="Appointment e-mails"
      columns={columns}
      defaultSort="createdAt"
      defaultOrder="desc"
      searchable={false}
      filters={{ result, kind }}
      toolbar={
        <>
          <FilterSelect name="result" label="Result" values={MESSAGE_RESULTS} allLabel="All results" />
          <FilterSelect
            name="kind"
            label="Message"
            values={MESSAGE_KINDS}
            labels={MESSAGE_KIND_LABELS}
            allLabel="All messages"
          />
        </>
      }
    />
  );
}
