import { INVOICE_STATUSES, INVOICES_SORTABLE, type InvoiceRow } from '@carepoint/contract';
import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { columnsFor, FilterSelect, ListTable, withSorting } from '@/components/data-table';
import { invoiceTailColumns } from '@/components/invoices/invoice-columns';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { invoicesQuery } from '@/features/doctor/api/transactions';
import {
  InvoiceFormDialog,
  type InvoiceFormTarget,
} from '@/features/doctor/components/transactions/invoice-form-dialog';
import {
  InvoiceMoveDialog,
  type MoveTarget,
} from '@/features/doctor/components/transactions/invoice-move-dialog';
import { InvoiceSheet } from '@/features/doctor/components/transactions/invoice-sheet';
import { SummaryCards } from '@/features/doctor/components/transactions/summary-cards';
import { formatCalendarDate } from '@/lib/format';
import { useUrlFilter } from '@/lib/use-url-filters';

/**
 * ?invoice=<id> (the open sheet) and ?new=<appointment id, or 1> (New Invoice), changed together
 * in one navigation, so a reload or a shared link shows the same.
 */
function usePanels() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: { invoice?: string | null; new?: string | null }) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { openId: params.get('invoice'), newFor: params.get('new'), update };
}

const col = columnsFor<InvoiceRow>();

/**
 * Transactions (docs/areas/transactions-invoices.md): four cards computed from the doctor's
 * invoices, the table (paged, sorted, searched on the server), the side sheet of a row with its status actions and PDF,
 * and New Invoice for a completed appointment (also opened by the appointment page's
 * "Create invoice", as ?new=<appointment id>).
 */
export default function TransactionsPage() {
  const [status] = useUrlFilter('status');
  const { openId, newFor, update } = usePanels();
  const setOpenId = (id: string | null) => update({ invoice: id });
  const [editing, setEditing] = useState<InvoiceFormTarget | null>(null);
  const [moving, setMoving] = useState<MoveTarget | null>(null);

  const columns = withSorting(INVOICES_SORTABLE, [
    {
      id: 'id',
      header: 'ID',
      cell: ({ row }) => <span className="font-mono text-xs">{row.original.number}</span>,
    },
    col.text('patient', 'Patient', (r) => r.name),
    {
      id: 'appointment',
      header: 'Appointment',
      accessorFn: (r) => r.appointment?.date ?? '',
      cell: ({ row }) => {
        const a = row.original.appointment;
        return a ? (
          <span className="whitespace-nowrap">
            {a.title}, {formatCalendarDate(a.date)}
          </span>
        ) : (
          '—'
        );
      },
    },
    ...invoiceTailColumns(setOpenId),
  ]);

  const formTarget: InvoiceFormTarget | null =
    editing ?? (newFor ? { mode: 'new', ...(newFor === '1' ? {} : { appointmentId: newFor }) } : null);

  return (
    <>
      <PageHeader
        title="Transactions"
        actions={
          <Button onClick={() => update({ new: '1' })}>
            <Plus aria-hidden size={16} /> New Invoice
          </Button>
        }
      />
      <SummaryCards />
      <ListTable
        query={invoicesQuery}
        label="Transactions"
        columns={columns}
        searchPlaceholder="Search invoice no. or patient"
        filters={{ status }}
        defaultSort="date"
        defaultOrder="desc"
        onRowClick={(row) => setOpenId(row.id)}
        toolbar={
          <FilterSelect name="status" label="Status" values={INVOICE_STATUSES} allLabel="All statuses" />
        }
      />
      <InvoiceSheet id={openId} onClose={() => setOpenId(null)} onEdit={setEditing} onMove={setMoving} />
      <InvoiceFormDialog
        target={formTarget}
        onClose={(created) => {
          setEditing(null);
          update(created ? { new: null, invoice: created.id } : { new: null });
        }}
      />
      <InvoiceMoveDialog target={moving} onClose={() => setMoving(null)} />
    </>
  );
}
