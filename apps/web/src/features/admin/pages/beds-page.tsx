import { BED_SORTABLE, BED_STATUSES, BED_STATUSES_WITH_PATIENT, type Bed } from '@carepoint/contract';
import { useMemo, useState } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, FilterSelect, withSorting } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { useWardChoices } from '@/features/admin/api/wards';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { AddBedButton, DeleteBedDialog, EditBedDialog } from '@/features/admin/components/bed-dialogs';
import { useRowDialog } from '@/lib/use-row-dialog';
import { useUrlFilter } from '@/lib/use-url-filters';

const col = columnsFor<Bed>();

const columns = (onEdit: (bed: Bed) => void, onDelete: (bed: Bed) => void): DataTableColumn<Bed>[] =>
  withSorting(BED_SORTABLE, [
    col.text('label', 'Label', (b) => b.label),
    col.text('ward', 'Ward', (b) => b.wardName),
    col.status('status', 'Status', (b) => b.status),
    col.text('patient', 'Patient', (b) =>
      BED_STATUSES_WITH_PATIENT.includes(b.status) ? b.patientName : null,
    ),
    col.dateTime('updatedAt', 'Updated', (b) => b.updatedAt),
    col.actions((b) => (
      <>
        <EditButton name={b.label} onClick={() => onEdit(b)} />
        {b.status === 'Free' ? (
          <Button variant="ghost" size="sm" onClick={() => onDelete(b)}>
            Delete<span className="sr-only"> {b.label}</span>
          </Button>
        ) : null}
      </>
    )),
  ]);

/** The ward filter: every ward by name. */
function WardFilter() {
  const [wardId, setWardId] = useUrlFilter('wardId');
  const wards = useWardChoices();
  return (
    <Select
      label="Ward"
      hideLabel
      className="w-48"
      value={wardId}
      onChange={(event) => setWardId(event.target.value)}
      placeholder="All wards"
      options={(wards.data?.data ?? []).map((w) => ({ value: w.id, label: w.name }))}
    />
  );
}

/** Manage Beds: each bed's ward and status, and who is in (or on the way to) it. */
export default function ManageBedsPage() {
  const [wardId] = useUrlFilter('wardId');
  const [status] = useUrlFilter('status');
  const editing = useRowDialog<Bed>();
  const [deleting, setDeleting] = useState<Bed | null>(null);
  const tableColumns = useMemo(() => columns(editing.edit, setDeleting), [editing.edit]);
  return (
    <>
      <PageHeader
        title="Manage Beds"
        description="Beds, their ward, status and occupants."
        actions={<AddBedButton />}
      />
      <AdminListTable
        resource="beds"
        label="Beds"
        columns={tableColumns}
        defaultSort="label"
        searchPlaceholder="Search beds"
        filters={{ wardId, status }}
        toolbar={
          <>
            <WardFilter />
            <FilterSelect name="status" label="Status" values={BED_STATUSES} allLabel="All statuses" />
          </>
        }
      />
      {editing.row ? <EditBedDialog key={editing.row.id} bed={editing.row} {...editing.dialogProps} /> : null}
      <DeleteBedDialog bed={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
