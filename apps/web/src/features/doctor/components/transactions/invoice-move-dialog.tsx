import {
  formatNaira,
  INVOICE_LIMITS,
  type InvoiceAction,
  type InvoiceDetail,
  PAYMENT_METHODS,
  payInvoiceSchema,
  refundInvoiceSchema,
  TRANSACTION_MESSAGES,
} from '@carepoint/contract';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { type InvoiceMove, useInvoiceMove } from '@/features/doctor/api/transactions';
import { type Checked, checkedBy, useContractForm } from '@/lib/use-contract-form';

export type MoveTarget = { invoice: InvoiceDetail; action: InvoiceAction };

const TEXT: Record<InvoiceAction, { title: string; confirm: string; done: string }> = {
  pay: { title: 'Mark as paid', confirm: 'Mark paid', done: TRANSACTION_MESSAGES.paid },
  cancel: { title: 'Cancel invoice?', confirm: 'Cancel invoice', done: TRANSACTION_MESSAGES.cancelled },
  refund: { title: 'Refund invoice', confirm: 'Refund', done: TRANSACTION_MESSAGES.refunded },
};

/** The form holds both moves' fields; only the chosen move's is checked and sent. */
type MoveForm = { method: string; reason: string };

function checkedMove({ invoice, action }: MoveTarget, values: MoveForm): Checked<InvoiceMove> {
  const id = invoice.id;
  if (action === 'pay') {
    const paid = checkedBy(payInvoiceSchema.safeParse({ method: values.method }));
    return 'data' in paid ? { data: { action, id, ...paid.data } } : paid;
  }
  if (action === 'refund') {
    const refunded = checkedBy(refundInvoiceSchema.safeParse({ reason: values.reason }));
    return 'data' in refunded ? { data: { action, id, ...refunded.data } } : refunded;
  }
  return { data: { action, id } };
}

/** Mark paid (with the method), Cancel (confirmed) or Refund (with a reason) one invoice. */
export function InvoiceMoveDialog({ target, onClose }: { target: MoveTarget | null; onClose: () => void }) {
  const move = useInvoiceMove();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm<MoveForm, MoveForm, InvoiceMove, InvoiceDetail>({
    defaultValues: { method: '', reason: '' },
    // Each move has its own field, checked with the contract's schema for that move.
    open: target !== null,
    check: (values) => (target ? checkedMove(target, values) : { issues: [] }),
    fields: ['method', 'reason'],
    // The toast is the mutation's; a field's message also goes under it.
    send: (chosen) => move.mutateAsync(chosen),
    success: target ? TEXT[target.action].done : undefined,
    onSaved: onClose,
  });

  if (!target) return null;
  const { invoice, action } = target;
  const text = TEXT[action];

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !isSubmitting) onClose();
      }}
      title={text.title}
      description={`${invoice.number}, ${invoice.patient.fullName}: ${formatNaira(invoice.total)}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {action === 'cancel' ? 'Keep it' : 'Close'}
          </Button>
          <Button
            variant={action === 'pay' ? 'primary' : 'danger'}
            type="submit"
            form="invoice-move-form"
            loading={isSubmitting}
          >
            {text.confirm}
          </Button>
        </>
      }
    >
      <form id="invoice-move-form" onSubmit={onSubmit} noValidate>
        {action === 'pay' ? (
          <Select
            label="Payment method"
            placeholder="Select a method"
            options={PAYMENT_METHODS.map((m) => ({ value: m, label: m }))}
            error={errors.method?.message}
            {...register('method')}
          />
        ) : null}
        {action === 'refund' ? (
          <Textarea
            label="Reason"
            rows={3}
            maxLength={INVOICE_LIMITS.reason}
            error={errors.reason?.message}
            {...register('reason')}
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
