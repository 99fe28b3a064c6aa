import { NURSE_SORTABLE, type Nurse } from '@carepoint/contract';
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, withSorting } from '@/components/data-table';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { AddNurseButton, NurseDialog } from '@/features/admin/components/nurse-dialog';
import { useRowDialog } from '@/lib/use-row-dialog';

const col = columnsFor<Nurse>();

const columns = (onEdit: (nurse: Nurse) => void): DataTableColumn<Nurse>[] =>
  withSorting(NURSE_SORTABLE, [
    col.text('fullName', 'Full name', (n) => n.fullName),
    col.text('email', 'Email', (n) => n.email),
    col.text('department', 'Department', (n) => n.department),
    col.status('status', 'Status', (n) => n.status),
    col.actions((n) => <EditButton name={n.fullName} onClick={() => onEdit(n)} />),
  ]);

/** Manage Nurses: the nursing roll with add and edit. */
export default function ManageNursesPage() {
  const editing = useRowDialog<Nurse>();
  const tableColumns = useMemo(() => columns(editing.edit), [editing.edit]);
  return (
    <>
      <PageHeader
        title="Manage Nurses"
        description="Nurses, their departments and status."
        actions={<AddNurseButton />}
      />
      <AdminListTable
        resource="nurses"
        label="Nurses"
        columns={tableColumns}
        defaultSort="fullName"
        searchPlaceholder="Search nurses"
      />
      {editing.row ? <NurseDialog key={editing.row.id} nurse={editing.row} {...editing.dialogProps} /> : null}
    </>
  );
}
