import {
  formatNaira,
  INVOICE_LIMITS,
  type InvoiceAction,
  type InvoiceDetail,
  PAYMENT_METHODS,
  type PaymentMethod,
  TRANSACTION_MESSAGES,
} from '@carepoint/contract';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useInvoiceMove } from '@/features/doctor/api/transactions';
import { isApiRequestError } from '@/lib/api-client';

export type MoveTarget = { invoice: InvoiceDetail; action: InvoiceAction };

const TEXT: Record<InvoiceAction, { title: string; confirm: string; done: string }> = {
  pay: { title: 'Mark as paid', confirm: 'Mark paid', done: TRANSACTION_MESSAGES.paid },
  cancel: { title: 'Cancel invoice?', confirm: 'Cancel invoice', done: TRANSACTION_MESSAGES.cancelled },
  refund: { title: 'Refund invoice', confirm: 'Refund', done: TRANSACTION_MESSAGES.refunded },
};

/** Mark paid (with the method), Cancel (confirmed) or Refund (with a reason) one invoice. */
export function InvoiceMoveDialog({ target, onClose }: { target: MoveTarget | null; onClose: () => void }) {
  const move = useInvoiceMove();
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!target) {
      setMethod('');
      setReason('');
      setError(undefined);
    }
  }, [target]);

  if (!target) return null;
  const { invoice, action } = target;
  const text = TEXT[action];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (action === 'pay' && !method) return setError(TRANSACTION_MESSAGES.methodRequired);
    if (action === 'refund' && !reason.trim()) return setError(TRANSACTION_MESSAGES.reasonRequired);
    try {
      if (action === 'pay' && method) await move.mutateAsync({ action, id: invoice.id, method });
      else if (action === 'refund') await move.mutateAsync({ action, id: invoice.id, reason });
      else await move.mutateAsync({ action: 'cancel', id: invoice.id });
      toast.success(text.done);
      onClose();
    } catch (err) {
      // The toast is the mutation's; a field's message also goes under it.
      if (isApiRequestError(err)) setError(err.fieldErrors?.method?.[0] ?? err.fieldErrors?.reason?.[0]);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !move.isPending) onClose();
      }}
      title={text.title}
      description={`${invoice.number}, ${invoice.patient.fullName}: ${formatNaira(invoice.total)}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
            {action === 'cancel' ? 'Keep it' : 'Close'}
          </Button>
          <Button
            variant={action === 'pay' ? 'primary' : 'danger'}
            type="submit"
            form="invoice-move-form"
            loading={move.isPending}
          >
            {text.confirm}
          </Button>
        </>
      }
    >
      <form id="invoice-move-form" onSubmit={(e) => void submit(e)} noValidate>
        {action === 'pay' ? (
          <Select
            label="Payment method"
            placeholder="Select a method"
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
            value={method}
            onChange={(event) => {
              setMethod(PAYMENT_METHODS.find((m) => m === event.target.value) ?? '');
              setError(undefined);
            }}
            error={error}
          />
        ) : null}
        {action === 'refund' ? (
          <Textarea
            label="Reason"
            rows={3}
            maxLength={INVOICE_LIMITS.reason}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            error={error}
          />
        ) : null}
        {action === 'cancel' ? (
          <p className="text-sm text-ink-soft">
            A cancelled invoice is final. The appointment can then be billed again.
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
