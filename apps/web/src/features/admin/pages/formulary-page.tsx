import { FORMULARY_MESSAGES, formatNaira, MEDICINE_SORTABLE, type Medicine } from '@carepoint/contract';
import { useMemo } from 'react';
import toast from 'react-hot-toast';
import type { DataTableColumn } from '@/components/data-table';
import { columnsFor, FilterSelect, withSorting } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { useSetMedicineActive } from '@/features/admin/api/medicines';
import { AdminListTable } from '@/features/admin/components/admin-list-table';
import { AddMedicineButton, MedicineDialog } from '@/features/admin/components/medicine-dialog';
import { useRowDialog } from '@/lib/use-row-dialog';
import { useUrlFilter } from '@/lib/use-url-filters';

const col = columnsFor<Medicine>();

const columns = (
  onEdit: (medicine: Medicine) => void,
  onToggle: (medicine: Medicine) => void,
): DataTableColumn<Medicine>[] =>
  withSorting(MEDICINE_SORTABLE, [
    // The strength and brand under the name: how the shelf and the prescription name it.
    {
      ...col.text('genericName', 'Medicine', (m) => `${m.genericName} ${m.strength}`),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span>
            {row.original.genericName} {row.original.strength}
          </span>
          <span className="text-xs text-ink-soft">
            {[row.original.brandName, row.original.controlled ? 'Controlled' : null]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
      ),
    },
    col.text('form', 'Form', (m) => `${m.form} · ${m.route}`),
    col.text('dispensingUnit', 'Unit', (m) => m.dispensingUnit),
    col.text('reorderLevel', 'Reorder level', (m) => String(m.reorderLevel)),
    col.text('atcCode', 'ATC', (m) => m.atcCode ?? '—'),
    col.text('price', 'Price', (m) => (m.price === null ? '—' : formatNaira(m.price))),
    col.status('active', 'Status', (m) => (m.active ? 'Active' : 'Inactive')),
    col.actions((m) => (
      <>
        <EditButton name={`${m.genericName} ${m.strength}`} onClick={() => onEdit(m)} />
        <Button variant="ghost" size="sm" onClick={() => onToggle(m)}>
          {m.active ? 'Deactivate' : 'Reactivate'}
          <span className="sr-only">
            {' '}
            {m.genericName} {m.strength} {m.form}
          </span>
        </Button>
      </>
    )),
  ]);

/** Formulary: the medicines the hospital stocks and doctors prescribe (docs/areas/pharmacy-formulary.md). */
export default function FormularyPage() {
  const editing = useRowDialog<Medicine>();
  const [status] = useUrlFilter('status');
  const setActive = useSetMedicineActive();
  const toggle = useMemo(
    () => (medicine: Medicine) => {
      setActive
        .mutateAsync({ id: medicine.id, active: !medicine.active })
        .then(() =>
          toast.success(medicine.active ? FORMULARY_MESSAGES.deactivated : FORMULARY_MESSAGES.reactivated),
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
        title="Formulary"
        description="The medicines the hospital stocks: strength, form, route, dispensing unit, reorder level, ATC code and price. Doctors prescribe the active ones."
        actions={<AddMedicineButton />}
      />
      <AdminListTable
        resource="medicines"
        label="Medicines"
        columns={tableColumns}
        defaultSort="genericName"
        searchPlaceholder="Search by name, brand or ATC code"
        filters={{ status }}
        toolbar={
          <FilterSelect
            name="status"
            label="Status"
            values={['active', 'inactive']}
            labels={{ active: 'Active', inactive: 'Inactive' }}
            allLabel="All statuses"
          />
        }
      />
      {editing.row ? (
        <MedicineDialog key={editing.row.id} medicine={editing.row} {...editing.dialogProps} />
      ) : null}
    </>
  );
}
