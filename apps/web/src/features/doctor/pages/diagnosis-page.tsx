import {
  DIAGNOSIS_LIST_SIZE,
  DIAGNOSIS_MESSAGES,
  DIAGNOSIS_TEST_SORTABLE,
  type DiagnosisTestRow,
} from '@carepoint/contract';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { columnsFor, type DataTableColumn, ListTable, withSorting } from '@/components/data-table';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClass } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { diagnosisTestsQuery, useDeleteDiagnosisTest } from '@/features/doctor/api/diagnosis';
import { ConfirmDelete } from '@/features/doctor/components/diagnosis/confirm-delete';
import { DiagnosisTabs } from '@/features/doctor/components/diagnosis/diagnosis-tabs';
import { formatDate, formatDateTime } from '@/lib/format';

const col = columnsFor<DiagnosisTestRow>();

/** A name above its e-mail, as the spec's sample row pairs them. */
function Person({ name, email, imageUrl }: { name: string; email: string; imageUrl?: string | null }) {
  return (
    <span className="flex items-center gap-2">
      {imageUrl !== undefined ? <Avatar name={name} imageUrl={imageUrl} size="sm" decorative /> : null}
      <span className="flex min-w-0 flex-col">
        <span className="whitespace-nowrap font-medium text-ink">{name}</span>
        <span className="max-w-36 truncate text-xs text-ink-muted" title={email}>
          {email}
        </span>
      </span>
    </span>
  );
}

const columns = (onDelete: (row: DiagnosisTestRow) => void): DataTableColumn<DiagnosisTestRow>[] =>
  withSorting(DIAGNOSIS_TEST_SORTABLE, [
    {
      id: 'reportNumber',
      header: 'Report no.',
      accessorKey: 'reportNumber',
      enableHiding: false,
      cell: ({ row }) => (
        <span className="whitespace-nowrap font-mono text-xs">{row.original.reportNumber}</span>
      ),
    },
    {
      id: 'patientName',
      header: 'Patient',
      accessorKey: 'patientName',
      enableHiding: false,
      cell: ({ row }) => (
        <Person
          name={row.original.patientName}
          email={row.original.patientEmail}
          imageUrl={row.original.patientImageUrl}
        />
      ),
    },
    {
      id: 'categoryName',
      header: 'Category',
      accessorKey: 'categoryName',
      cell: ({ row }) => (
        <span className="flex min-w-36 flex-col">
          <span className="text-ink">{row.original.categoryName}</span>
          <span className="text-xs text-ink-muted">{row.original.name}</span>
        </span>
      ),
    },
    {
      id: 'doctorName',
      header: 'Doctor',
      accessorKey: 'doctorName',
      cell: ({ row }) => <Person name={row.original.doctorName} email={row.original.doctorEmail} />,
    },
    {
      id: 'createdAt',
      header: 'Created on',
      accessorKey: 'createdAt',
      cell: ({ row }) => (
        <time
          dateTime={row.original.createdAt}
          title={formatDateTime(row.original.createdAt)}
          className="whitespace-nowrap"
        >
          {formatDate(row.original.createdAt)}
        </time>
      ),
    },
    col.actions((r) =>
      r.editable ? (
        <>
          <Link
            to={`/doctor/edit-diagnosis/${r.id}`}
            className={buttonClass({ variant: 'ghost', size: 'sm' })}
          >
            <Pencil aria-hidden size={14} /> Edit<span className="sr-only"> {r.reportNumber}</span>
          </Link>
          <Button variant="ghost" size="sm" className="text-danger-700" onClick={() => onDelete(r)}>
            <Trash2 aria-hidden size={14} /> Delete<span className="sr-only"> {r.reportNumber}</span>
          </Button>
        </>
      ) : (
        <Link to={`/doctor/edit-diagnosis/${r.id}`} className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          View<span className="sr-only"> {r.reportNumber}</span>
        </Link>
      ),
    ),
  ]);

/**
 * Diagnosis Test tab (docs/areas/diagnosis.md): every doctor's tests, newest first, searched on the server by
 * patient, report number, category or test name. A doctor edits and deletes only their own;
 * deleting asks first (Confirm Delete).
 */
export default function DiagnosisTestPage() {
  const [deleting, setDeleting] = useState<DiagnosisTestRow | null>(null);
  const remove = useDeleteDiagnosisTest();
  const tableColumns = useMemo(() => columns(setDeleting), []);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`${DIAGNOSIS_MESSAGES.deleted}: ${deleting.reportNumber}`);
        setDeleting(null);
      },
    });
  };

  return (
    <>
      <PageHeader title="Diagnosis" description="Patients' diagnosis tests and their categories." />
      <DiagnosisTabs />
      <ListTable
        query={diagnosisTestsQuery}
        label="Patient diagnosis tests"
        columns={tableColumns}
        defaultLimit={DIAGNOSIS_LIST_SIZE}
        searchPlaceholder="Patient, report no., category, test"
        emptyText={DIAGNOSIS_MESSAGES.empty}
        toolbar={
          <Link to="/doctor/new-diagnosis" className={buttonClass()}>
            <Plus aria-hidden size={16} /> New Patient Diagnosis Test
          </Link>
        }
      />
      <ConfirmDelete
        target={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
    </>
  );
}
