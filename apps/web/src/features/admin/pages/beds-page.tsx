import { BED_SORTABLE, type Bed } from '@carepoint/contract';
import { useMemo, useState } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, withSorting } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { AddBedButton, DeleteBedDialog, EditBedDialog } from '@/features/admin/components/bed-dialogs';
import { useRowDialog } from '@/lib/use-row-dialog';

const col = columnsFor<Bed>();

const columns = (onEdit: (bed: Bed) => void, onDelete: (bed: Bed) => void): DataTableColumn<Bed>[] =>
  withSorting(BED_SORTABLE, [
    col.text('label', 'Label', (b) => b.label),
    col.status('status', 'Status', (b) => b.status),
    col.text('patient', 'Patient', (b) => (b.status === 'Occupied' ? b.patientName : null)),
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

/** Manage Beds: Free or Occupied, and who is in each occupied bed. */
export default function ManageBedsPage() {
  const editing = useRowDialog<Bed>();
  const [deleting, setDeleting] = useState<Bed | null>(null);
  const tableColumns = useMemo(() => columns(editing.edit, setDeleting), [editing.edit]);
  return (
    <>
      <PageHeader
        title="Manage Beds"
        description="Beds, their status and occupants."
        actions={<AddBedButton />}
      />
      <AdminListTable
        resource="beds"
        label="Beds"
        columns={tableColumns}
        defaultSort="label"
        searchPlaceholder="Search beds"
      />
      {editing.row ? <EditBedDialog key={editing.row.id} bed={editing.row} {...editing.dialogProps} /> : null}
      <DeleteBedDialog bed={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
