import {
  DIAGNOSIS_CATEGORY_MESSAGES,
  DIAGNOSIS_CATEGORY_SORTABLE,
  type DiagnosisCategory,
} from '@carepoint/contract';
import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { columnsFor, type DataTableColumn, ListTable, withSorting } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { DialogButton } from '@/components/ui/dialog-button';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { diagnosisCategoriesQuery, useDeleteCategory } from '@/features/doctor/api/diagnosis';
import { CategoryDialog } from '@/features/doctor/components/diagnosis/category-dialog';
import { ConfirmDelete } from '@/features/doctor/components/diagnosis/confirm-delete';
import { DiagnosisTabs } from '@/features/doctor/components/diagnosis/diagnosis-tabs';
import { useRowDialog } from '@/lib/use-row-dialog';

const col = columnsFor<DiagnosisCategory>();

const columns = (
  onEdit: (c: DiagnosisCategory) => void,
  onDelete: (c: DiagnosisCategory) => void,
): DataTableColumn<DiagnosisCategory>[] =>
  withSorting(DIAGNOSIS_CATEGORY_SORTABLE, [
    {
      id: 'name',
      header: 'Name',
      accessorKey: 'name',
      enableHiding: false,
      cell: ({ row }) => <span className="whitespace-nowrap font-medium text-ink">{row.original.name}</span>,
    },
    {
      id: 'description',
      header: 'Description',
      accessorFn: (c) => c.description,
      cell: ({ row }) => (
        <span className="line-clamp-2 min-w-48 text-ink-soft">{row.original.description ?? '—'}</span>
      ),
    },
    col.text('testCount', 'Tests', (c) => c.testCount),
    col.actions((c) => (
      <>
        <EditButton name={c.name} onClick={() => onEdit(c)} />
        <Button variant="ghost" size="sm" className="text-danger-700" onClick={() => onDelete(c)}>
          <Trash2 aria-hidden size={14} /> Delete<span className="sr-only"> {c.name}</span>
        </Button>
      </>
    )),
  ]);

/**
 * Diagnosis Category tab (docs/areas/diagnosis.md): the categories with how many tests use each, the New
 * Diagnosis Category modal, edit and delete (refused, with the reason, while tests use one).
 */
export default function DiagnosisCategoryPage() {
  const editing = useRowDialog<DiagnosisCategory>();
  const [deleting, setDeleting] = useState<DiagnosisCategory | null>(null);
  const remove = useDeleteCategory();
  const tableColumns = useMemo(() => columns(editing.edit, setDeleting), [editing.edit]);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => toast.success(DIAGNOSIS_CATEGORY_MESSAGES.deleted),
      // The refusal ("used by 3 diagnosis tests") is the mutation's error toast.
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <PageHeader title="Diagnosis" description="Patients' diagnosis tests and their categories." />
      <DiagnosisTabs />
      <ListTable
        query={diagnosisCategoriesQuery}
        label="Diagnosis categories"
        columns={tableColumns}
        defaultSort="name"
        searchPlaceholder="Search categories"
        toolbar={<DialogButton label="New Diagnosis Category" dialog={CategoryDialog} />}
      />
      {editing.row ? (
        <CategoryDialog key={editing.row.id} category={editing.row} {...editing.dialogProps} />
      ) : null}
      <ConfirmDelete
        target={deleting}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        loading={remove.isPending}
        description={DIAGNOSIS_CATEGORY_MESSAGES.confirmText}
      />
    </>
  );
}
