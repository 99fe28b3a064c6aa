import { invoiceActions } from '@carepoint/contract';
import { Pencil } from 'lucide-react';
import { InvoiceSheet as Panel } from '@/components/invoices/invoice-sheet';
import { Button } from '@/components/ui/button';
import { invoicePdfHref, useInvoice } from '@/features/doctor/api/transactions';
import type { InvoiceFormTarget } from './invoice-form-dialog';
import type { MoveTarget } from './invoice-move-dialog';

const ACTION_LABELS = { pay: 'Mark paid', cancel: 'Cancel', refund: 'Refund' } as const;

type Props = {
  id: string | null;
  onClose: () => void;
  onEdit: (target: InvoiceFormTarget) => void;
  onMove: (target: MoveTarget) => void;
};

/** The Transactions row's side sheet: the stored invoice with Edit (while Pending) and its status actions. */
export function InvoiceSheet({ id, onClose, onEdit, onMove }: Props) {
  const query = useInvoice(id);
  return (
    <Panel
      open={id !== null}
      onClose={onClose}
      query={query}
      pdfHref={invoicePdfHref}
      visitChargesPath={(appointmentId) => `/doctor/appointments/${appointmentId}/charges`}
      actions={(invoice) => (
        <>
          {invoice.status === 'Pending' ? (
            <Button variant="secondary" size="sm" onClick={() => onEdit({ mode: 'edit', invoice })}>
              <Pencil aria-hidden size={16} /> Edit
            </Button>
          ) : null}
          {invoiceActions(invoice.status).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'pay' ? 'primary' : 'danger'}
              onClick={() => onMove({ invoice, action })}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </>
      )}
    />
  );
}
