import { WARD_KINDS, WARD_SORTABLE, type Ward } from '@carepoint/contract';
import { useMemo, useState } from 'react';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, FilterSelect, withSorting } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { AddWardButton, DeleteWardDialog, WardDialog } from '@/features/admin/components/ward-dialogs';
import { useRowDialog } from '@/lib/use-row-dialog';
import { useUrlFilter } from '@/lib/use-url-filters';

const col = columnsFor<Ward>();

const columns = (onEdit: (ward: Ward) => void, onDelete: (ward: Ward) => void): DataTableColumn<Ward>[] =>
  withSorting(WARD_SORTABLE, [
    col.text('name', 'Name', (w) => (w.isDefault ? `${w.name} (default)` : w.name)),
    col.text('kind', 'Kind', (w) => w.kind),
    col.text('sexRule', 'Sex rule', (w) => w.sexRule),
    col.text('beds', 'Beds', (w) => `${w.freeBeds} free of ${w.beds}`),
    col.dateTime('updatedAt', 'Updated', (w) => w.updatedAt),
    col.actions((w) => (
      <>
        <EditButton name={w.name} onClick={() => onEdit(w)} />
        {w.beds === 0 && !w.isDefault ? (
          <Button variant="ghost" size="sm" onClick={() => onDelete(w)}>
            Delete<span className="sr-only"> {w.name}</span>
          </Button>
        ) : null}
      </>
    )),
  ]);

/** Manage Wards: each ward's kind, sex rule and beds; an empty ward can be removed. */
export default function ManageWardsPage() {
  const editing = useRowDialog<Ward>();
  const [deleting, setDeleting] = useState<Ward | null>(null);
  const [kind] = useUrlFilter('kind');
  const tableColumns = useMemo(() => columns(editing.edit, setDeleting), [editing.edit]);
  return (
    <>
      <PageHeader
        title="Manage Wards"
        description="Wards, who they take and how many of their beds are free. Beds are added on Manage Beds."
        actions={<AddWardButton />}
      />
      <AdminListTable
        resource="wards"
        label="Wards"
        columns={tableColumns}
        defaultSort="name"
        searchPlaceholder="Search wards"
        filters={{ kind }}
        toolbar={<FilterSelect name="kind" label="Kind" values={WARD_KINDS} allLabel="All kinds" />}
      />
      {editing.row ? <WardDialog key={editing.row.id} ward={editing.row} {...editing.dialogProps} /> : null}
      <DeleteWardDialog ward={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
