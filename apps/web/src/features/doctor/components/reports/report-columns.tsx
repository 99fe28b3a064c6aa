import type { Report, ReportKind, ReportPerson } from '@carepoint/contract';
import { REPORT_SORTABLE } from '@carepoint/contract';
import { type DataTableColumn, withSorting } from '@/components/data-table';
import { Avatar } from '@/components/ui/avatar';
import { StatusBadge } from '@/components/ui/badge';
import { formatDate } from '@/lib/format';
import { AttachmentLinks } from './attachments';

/** A facility date ('YYYY-MM-DD') as "6 Jan 2030", read at noon so no time zone moves it a day. */
export const formatDay = (date: string) => formatDate(`${date}T12:00:00`);

/** A person: picture or initials, name and e-mail. */
export function PersonLine({ person }: { person: ReportPerson }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Avatar name={person.name} imageUrl={person.imageUrl} size="sm" decorative />
      <span className="min-w-0">
        <span className="block truncate font-medium text-ink">{person.name}</span>
        <span className="block truncate text-xs text-ink-muted">{person.email}</span>
      </span>
    </span>
  );
}

const caseId: DataTableColumn<Report> = {
  id: 'caseId',
  header: 'Case ID',
  accessorFn: (r) => r.caseId,
  cell: ({ row }) => <span className="font-mono text-xs whitespace-nowrap">{row.original.caseId}</span>,
};
const person = (id: string, header: string, of: (r: Report) => ReportPerson): DataTableColumn<Report> => ({
  id,
  header,
  enableSorting: false,
  cell: ({ row }) => <PersonLine person={of(row.original)} />,
});
const date: DataTableColumn<Report> = {
  id: 'date',
  header: 'Date',
  accessorFn: (r) => r.date,
  cell: ({ row }) => (
    <time dateTime={row.original.date} className="whitespace-nowrap">
      {formatDay(row.original.date)}
      {row.original.time ? `, ${row.original.time}` : ''}
    </time>
  ),
};
const text = (id: string, header: string, of: (r: Report) => string | null): DataTableColumn<Report> => ({
  id,
  header,
  enableSorting: false,
  cell: ({ row }) => of(row.original) ?? '—',
});
const badge = (id: string, header: string, of: (r: Report) => string | null): DataTableColumn<Report> => ({
  id,
  header,
  enableSorting: false,
  cell: ({ row }) => {
    const value = of(row.original);
    return value ? <StatusBadge status={value} /> : '—';
  },
});
const attachment: DataTableColumn<Report> = {
  id: 'attachment',
  header: 'Attachments',
  enableSorting: false,
  cell: ({ row }) =>
    row.original.attachments.length === 0 ? (
      <span className="text-ink-muted">None</span>
    ) : (
      // Links work on their own: a click on them does not open the row.
      // biome-ignore lint/a11y/useKeyWithClickEvents: the links inside are keyboard operable
      <ul className="flex flex-col gap-1" onClick={(event) => event.stopPropagation()}>
        {row.original.attachments.map((file) => (
          <li key={file.id} className="flex items-center gap-1 text-xs">
            <span className="max-w-40 truncate" title={file.name}>
              {file.name}
            </span>
            <AttachmentLinks file={file} />
          </li>
        ))}
      </ul>
    ),
};

/** The spec's columns per tab: case ID, patient, doctor, date; investigations by patient, date, title, status, files. */
export const REPORT_COLUMNS: Record<ReportKind, DataTableColumn<Report>[]> = {
  birth: withSorting(REPORT_SORTABLE, [
    caseId,
    person('patient', 'Mother', (r) => r.patient),
    text('childName', 'Child', (r) => r.childName),
    person('doctor', 'Doctor', (r) => r.doctor),
    date,
  ]),
  death: withSorting(REPORT_SORTABLE, [
    caseId,
    person('patient', 'Patient', (r) => r.patient),
    person('doctor', 'Doctor', (r) => r.doctor),
    date,
  ]),
  investigation: withSorting(REPORT_SORTABLE, [
    person('patient', 'Patient', (r) => r.patient),
    date,
    text('title', 'Title', (r) => r.title),
    badge('status', 'Status', (r) => r.status),
    attachment,
  ]),
  operation: withSorting(REPORT_SORTABLE, [
    caseId,
    person('patient', 'Patient', (r) => r.patient),
    person('doctor', 'Surgeon', (r) => r.doctor),
    date,
    badge('outcome', 'Outcome', (r) => r.outcome),
  ]),
};
