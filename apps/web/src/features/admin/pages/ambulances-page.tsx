import { AMBULANCE_SORTABLE, type Ambulance } from '@carepoint/contract';
import { useMemo } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, withSorting } from '@/components/data-table';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { AddAmbulanceButton, AmbulanceDialog } from '@/features/admin/components/ambulance-dialog';
import { useRowDialog } from '@/lib/use-row-dialog';

const col = columnsFor<Ambulance>();

const columns = (onEdit: (ambulance: Ambulance) => void): DataTableColumn<Ambulance>[] =>
  withSorting(AMBULANCE_SORTABLE, [
    col.text('code', 'Unit code', (a) => a.code),
    col.text('driverName', 'Driver name', (a) => a.driverName),
    col.status('status', 'Status', (a) => a.status),
    col.actions((a) => <EditButton name={a.code} onClick={() => onEdit(a)} />),
  ]);

/** Manage Ambulances: the fleet with add and edit. */
export default function ManageAmbulancesPage() {
  const editing = useRowDialog<Ambulance>();
  const tableColumns = useMemo(() => columns(editing.edit), [editing.edit]);
  return (
    <>
      <PageHeader
        title="Manage Ambulances"
        description="Units, drivers and availability."
        actions={<AddAmbulanceButton />}
      />
      <AdminListTable
        resource="ambulances"
        label="Ambulances"
        columns={tableColumns}
        defaultSort="code"
        searchPlaceholder="Search unit or driver"
      />
      {editing.row ? (
        <AmbulanceDialog key={editing.row.id} ambulance={editing.row} {...editing.dialogProps} />
      ) : null}
    </>
  );
}
