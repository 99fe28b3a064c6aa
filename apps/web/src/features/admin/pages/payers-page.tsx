import { BILLING_MESSAGES, markupText, PAYER_KIND_LABELS, type Payer } from '@carepoint/contract';
import { useMemo } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { columnsFor, DataTable, type DataTableColumn } from '@/components/data-table';
import { Button } from '@/components/ui/button';
import { EditButton } from '@/components/ui/edit-button';
import { PageHeader } from '@/components/ui/page-header';
import { useSetPayerActive } from '@/features/admin/api/payers';
import { AddPayerButton, PayerDialog } from '@/features/admin/components/payer-dialog';
import { usePayers } from '@/lib/api/price-lists';
import { useRowDialog } from '@/lib/use-row-dialog';

const col = columnsFor<Payer>();

const columns = (
  onEdit: (payer: Payer) => void,
  onToggle: (payer: Payer) => void,
): DataTableColumn<Payer>[] => [
  {
    ...col.text('name', 'Payer', (p) => p.name),
    cell: ({ row }) => (
      // The name opens the payer's prices.
      <span className="flex flex-col">
        <Link
          className="font-medium text-primary-700 hover:underline"
          to={`/admin/payers/${row.original.id}/prices`}
        >
          {row.original.name}
        </Link>
        <span className="text-xs text-ink-soft">{row.original.contact ?? ''}</span>
      </span>
    ),
  },
  col.text('kind', 'Kind', (p) => PAYER_KIND_LABELS[p.kind]),
  col.text('code', 'Code', (p) => p.code),
  col.text('markup', 'Medicine markup', (p) => markupText(p)),
  col.status('active', 'Status', (p) => (p.active ? 'Active' : 'Inactive')),
  col.actions((p) => (
    <>
      <EditButton name={p.name} onClick={() => onEdit(p)} />
      {/* Self-pay is the default payer: it is never deactivated. */}
      {p.kind === 'self-pay' ? null : (
        <Button variant="ghost" size="sm" onClick={() => onToggle(p)}>
          {p.active ? 'Deactivate' : 'Reactivate'}
          <span className="sr-only"> {p.name}</span>
        </Button>
      )}
    </>
  )),
];

/** Payers: self-pay, NHIA and the HMOs, each with its price list (docs/areas/billing.md). */
export default function PayersPage() {
  const payers = usePayers();
  const editing = useRowDialog<Payer>();
  const setActive = useSetPayerActive();
  const toggle = useMemo(
    () => (payer: Payer) => {
      setActive
        .mutateAsync({ id: payer.id, active: !payer.active })
        .then(() =>
          toast.success(payer.active ? BILLING_MESSAGES.payerDeactivated : BILLING_MESSAGES.payerReactivated),
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
        title="Payers"
        description="Who pays for care: self-pay (the default), NHIA and the HMOs, each with its own price list."
        actions={<AddPayerButton />}
      />
      <DataTable
        label="Payers"
        columns={tableColumns}
        data={payers.data ?? []}
        getRowId={(row) => row.id}
        isLoading={payers.isPending}
        error={payers.isError ? BILLING_MESSAGES.payersLoadFailed : null}
        onRetry={() => void payers.refetch()}
      />
      {editing.row ? <PayerDialog key={editing.row.id} payer={editing.row} {...editing.dialogProps} /> : null}
    </>
  );
}
