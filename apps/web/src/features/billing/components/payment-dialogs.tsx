import {
  type DrawDownForm,
  drawDownFormSchema,
  formatNaira,
  koboToNairaText,
  PAYMENT_MESSAGES as M,
  RECEIPT_METHOD_LABELS,
  RECEIPT_METHODS,
  type Receipt,
  type ReceiptKind,
  type RequestRefundForm,
  requestRefundFormSchema,
  takePaymentFormSchema,
} from '@carepoint/contract';
import { useState } from 'react';
import { FormDialog } from '@/components/form/form-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/lib/use-contract-form';
import { useDrawDown, useRequestRefund, useTakeReceipt } from '../api/payments';

const newKey = () => crypto.randomUUID();

/**
 * Take Payment and Record Deposit: the amount in naira, the method, and the reference a transfer
 * or a POS slip carries. One Idempotency-Key per opening of the dialog: a double click or a
 * retry sends it again and is answered with the first payment, never a second one. The page
 * then offers the receipt's PDF.
 */
export function TakeReceiptDialog({
  open,
  onOpenChange,
  kind,
  patientId,
  balance,
  onTaken,
}: DialogComponentProps & {
  kind: ReceiptKind;
  patientId: string;
  balance: number;
  /** The receipt just taken: the page offers its PDF. */
  onTaken: (receipt: Receipt) => void;
}) {
  const [key, setKey] = useState(newKey);
  const take = useTakeReceipt(kind, patientId);
  const isPayment = kind === 'payment';
  const {
    register,
    watch,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm({
    schema: takePaymentFormSchema,
    defaultValues: {
      amount: isPayment && balance > 0 ? koboToNairaText(balance) : '',
      method: 'cash',
      reference: '',
    },
    fields: ['amount', 'method', 'reference'],
    send: (body) => take.mutateAsync({ body, key }),
    success: isPayment ? M.paymentTaken : M.depositRecorded,
    open,
    onReset: () => setKey(newKey()),
    onSaved: (receipt: Receipt) => {
      onOpenChange(false);
      onTaken(receipt);
    },
  });
  const method = watch('method');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={isPayment ? 'Take Payment' : 'Record Deposit'}
      description={
        isPayment
          ? `The patient owes ${formatNaira(balance)}. A payment may be part or all of it; money beyond it is a deposit.`
          : 'Held for the patient (on admission, before a procedure) and applied to the balance when the cashier says so.'
      }
      submitLabel={isPayment ? 'Take Payment' : 'Record Deposit'}
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label="Amount (₦)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Select
          label="Method"
          error={errors.method?.message}
          options={RECEIPT_METHODS.map((m) => ({ value: m, label: RECEIPT_METHOD_LABELS[m] }))}
          {...register('method')}
        />
        <Input
          label={method === 'cash' ? 'Reference (optional)' : 'Reference'}
          autoComplete="off"
          className="sm:col-span-2"
          hint={method === 'cash' ? undefined : 'The transfer reference or the number on the POS slip'}
          error={errors.reference?.message}
          {...register('reference')}
        />
      </div>
    </FormDialog>
  );
}

/** Apply Deposit: part of the deposits held goes to the balance, oldest deposit first. */
export function DrawDownDialog({
  open,
  onOpenChange,
  patientId,
  balance,
  held,
}: DialogComponentProps & { patientId: string; balance: number; held: number }) {
  const drawDown = useDrawDown(patientId);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm<DrawDownForm, { amount: number }>({
    schema: drawDownFormSchema,
    defaultValues: { amount: koboToNairaText(Math.max(0, Math.min(balance, held))) },
    fields: ['amount'],
    send: (body) => drawDown.mutateAsync(body),
    success: M.depositApplied,
    open,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Apply Deposit"
      description={`Deposits held: ${formatNaira(held)}. Balance: ${formatNaira(balance)}. At most the smaller of the two.`}
      submitLabel="Apply Deposit"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Input
        label="Amount (₦)"
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        {...register('amount')}
      />
    </FormDialog>
  );
}

/** Refund: from one receipt, with a reason; an administrator approves it before the money goes back. */
export function RefundDialog({ open, onOpenChange, receipt }: DialogComponentProps & { receipt: Receipt }) {
  const refund = useRequestRefund(receipt.id);
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm<RequestRefundForm, { amount: number; reason: string }>({
    schema: requestRefundFormSchema,
    defaultValues: { amount: koboToNairaText(receipt.refundable), reason: '' },
    fields: ['amount', 'reason'],
    send: (body) => refund.mutateAsync(body),
    success: M.refundRequested,
    open,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Refund from ${receipt.number}`}
      description={`Up to ${formatNaira(receipt.refundable)}. An administrator approves the refund before the money is given back.`}
      submitLabel="Ask for Refund"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <div className="grid gap-4">
        <Input
          label="Amount (₦)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Textarea label="Reason" rows={3} error={errors.reason?.message} {...register('reason')} />
      </div>
    </FormDialog>
  );
}
