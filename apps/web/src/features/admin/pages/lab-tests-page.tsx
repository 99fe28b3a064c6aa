import {
  formatNaira,
  formatTurnaround,
  LAB_CATALOGUE_MESSAGES,
  LAB_TEST_SORTABLE,
  type LabTest,
  SPECIMEN_TYPES,
} from '@carepoint/contract';
import { useMemo } from 'react';
import toast from 'react-hot-toast';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, FilterSelect, withSorting } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { useSetLabTestActive } from '@/features/admin/api/lab-tests';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { AddLabTestButton, LabTestDialog } from '@/features/admin/components/lab-test-dialog';
import { useRowDialog } from '@/lib/use-row-dialog';
import { useUrlFilter } from '@/lib/use-url-filters';

const col = columnsFor<LabTest>();

/** What a result is, as the scientist reads it: its unit, its answers, or a panel's size. */
const resultOf = (t: LabTest) => {
  if (t.kind === 'panel') return `Panel of ${t.members.length}`;
  if (t.resultType === 'quantity') return t.unit ?? 'Number';
  if (t.resultType === 'choice') return t.choices.join(' / ');
  return 'Text';
};

const columns = (
  onEdit: (test: LabTest) => void,
  onToggle: (test: LabTest) => void,
): DataTableColumn<LabTest>[] =>
  withSorting(LAB_TEST_SORTABLE, [
    col.text('code', 'Code', (t) => t.code),
    // The specimen and its container under the name: the phlebotomist's tube, without a column of its own.
    {
      ...col.text('name', 'Name', (t) => t.name),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span>{row.original.name}</span>
          <span className="text-xs text-ink-soft">
            {SPECIMEN_TYPES[row.original.specimenType]} · {row.original.container}
          </span>
        </span>
      ),
    },
    col.text('loincCode', 'LOINC', (t) => t.loincCode),
    col.text('result', 'Result', resultOf),
    col.text('turnaroundMinutes', 'Turnaround', (t) => formatTurnaround(t.turnaroundMinutes)),
    col.text('price', 'Price', (t) => formatNaira(t.price)),
    col.status('active', 'Status', (t) => (t.active ? 'Active' : 'Inactive')),
    col.actions((t) => (
      <>
        <EditButton name={t.name} onClick={() => onEdit(t)} />
        <Button variant="ghost" size="sm" onClick={() => onToggle(t)}>
          {t.active ? 'Deactivate' : 'Reactivate'}
          <span className="sr-only"> {t.name}</span>
        </Button>
      </>
    )),
  ]);

/** Manage Lab Tests: the laboratory's catalogue of tests and panels (docs/areas/lab-catalogue.md). */
export default function ManageLabTestsPage() {
  const editing = useRowDialog<LabTest>();
  const [status] = useUrlFilter('status');
  const [kind] = useUrlFilter('kind');
  const setActive = useSetLabTestActive();
  const toggle = useMemo(
    () => (test: LabTest) => {
      setActive
        .mutateAsync({ id: test.id, active: !test.active })
        .then(() =>
          toast.success(
            test.active ? LAB_CATALOGUE_MESSAGES.deactivated : LAB_CATALOGUE_MESSAGES.reactivated,
          ),
        )
        .catch(() => {
          // The refusal's toast comes from the mutation (the server's message).
        });
    },
    [setActive.mutateAsync],
  );
  const tableColumns = useMemo(() => columns(editing.edit, toggle), [editing.edit, toggle]);
  return (
    <>
      <PageHeader
        title="Manage Lab Tests"
        description="The laboratory's tests and panels: LOINC codes, specimens, reference ranges, turnaround and price. Doctors order the active ones."
        actions={<AddLabTestButton />}
      />
      <AdminListTable
        resource="lab-tests"
        label="Lab tests"
        columns={tableColumns}
        defaultSort="name"
        searchPlaceholder="Search by name, code or LOINC"
        filters={{ status, kind }}
        toolbar={
          <>
            <FilterSelect
              name="status"
              label="Status"
              values={['active', 'inactive']}
              labels={{ active: 'Active', inactive: 'Inactive' }}
              allLabel="All statuses"
            />
            <FilterSelect
              name="kind"
              label="Kind"
              values={['test', 'panel']}
              labels={{ test: 'Tests', panel: 'Panels' }}
              allLabel="Tests and panels"
            />
          </>
        }
      />
      {editing.row ? (
        <LabTestDialog key={editing.row.id} test={editing.row} {...editing.dialogProps} />
      ) : null}
    </>
  );
}
