import { INVOICES_SORTABLE, type InvoiceRow } from '@carepoint/contract';
import { useSearchParams } from 'react-router';
import { columnsFor, ListTable, withSorting } from '@/components/data-table';
import { invoiceTailColumns } from '@/components/invoices/invoice-columns';
import { InvoiceSheet } from '@/components/invoices/invoice-sheet';
import { PageHeader } from '@/components/ui/page-header';
import { myInvoicePdfHref, myInvoicesQuery, useMyInvoice } from '@/features/patient/api/invoices';

const col = columnsFor<InvoiceRow>();

/** My Invoices: the patient's own invoices, newest first; a row opens its detail and PDF. */
export default function MyInvoicesPage() {
  const [params, setParams] = useSearchParams();
  const openId = params.get('invoice');
  const setOpenId = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set('invoice', id);
        else next.delete('invoice');
        return next;
      },
      { replace: true },
    );
  const invoice = useMyInvoice(openId);

  const columns = withSorting(INVOICES_SORTABLE, [
    col.text('number', 'Invoice', (r) => r.number),
    col.text('doctor', 'Doctor', (r) => r.doctorName),
    ...invoiceTailColumns(setOpenId),
  ]);

  return (
    <>
      <PageHeader title="My Invoices" description="Your bills from the clinic, with their payment status." />
      <ListTable
        query={myInvoicesQuery}
        label="My invoices"
        columns={columns}
        searchPlaceholder="Search invoice no."
        defaultSort="date"
        defaultOrder="desc"
        onRowClick={(row) => setOpenId(row.id)}
      />
      <InvoiceSheet
        open={openId !== null}
        onClose={() => setOpenId(null)}
        query={invoice}
        pdfHref={myInvoicePdfHref}
        visitChargesPath={(appointmentId) => `/patient/appointments/${appointmentId}/charges`}
      />
    </>
  );
}
