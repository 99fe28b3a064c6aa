import {
  formatNaira,
  PAYMENT_MESSAGES as M,
  REFUND_STATUS_LABELS,
  REFUND_STATUSES,
  type Refund,
  type RejectRefundForm,
  rejectRefundSchema,
} from '@carepoint/contract';
import toast from 'react-hot-toast';
import {
  columnsFor,
  type DataTableColumn,
  FilterSelect,
  ListTable,
  withSorting,
} from '@/components/data-table';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { DialogComponentProps } from '@/components/ui/dialog-button';
import { PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { refundsQuery, useApproveRefund, useRejectRefund } from '@/features/admin/api/refunds';
import { formatDateTime } from '@/lib/format';
import { useContractForm } from '@/lib/use-contract-form';
import { useRowDialog } from '@/lib/use-row-dialog';
import { useUrlFilter } from '@/lib/use-url-filters';

const col = columnsFor<Refund>();

const columns = (approve: (r: Refund) => void, reject: (r: Refund) => void): DataTableColumn<Refund>[] =>
  withSorting(
    ['requestedAt'],
    [
      {
        ...col.text('patient', 'Patient', (r) => r.patient.name),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="font-medium">{row.original.patient.name}</span>
            <span className="text-xs text-ink-soft">
              {row.original.patient.recordNumber} · {row.original.receiptNumber}
            </span>
          </span>
        ),
      },
      {
        ...col.text('amount', 'Amount', (r) => r.amount),
        cell: ({ row }) => <span className="tabular-nums">{formatNaira(row.original.amount)}</span>,
      },
      {
        ...col.text('reason', 'Reason', (r) => r.reason),
        cell: ({ row }) => (
          <span className="flex max-w-xs flex-col">
            <span>{row.original.reason}</span>
            {row.original.note ? (
              <span className="text-xs text-ink-soft">Rejected: {row.original.note}</span>
            ) : null}
          </span>
        ),
      },
      {
        ...col.text('requestedAt', 'Asked', (r) => r.requestedAt),
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span>{row.original.requestedBy}</span>
            <span className="text-xs text-ink-soft">{formatDateTime(row.original.requestedAt)}</span>
          </span>
        ),
      },
      col.status('status', 'Status', (r) => REFUND_STATUS_LABELS[r.status]),
      col.actions((r) =>
        r.status === 'requested' ? (
          <>
            <Button size="sm" onClick={() => approve(r)}>
              Approve<span className="sr-only"> refund to {r.patient.name}</span>
            </Button>
            <Button size="sm" variant="ghost" onClick={() => reject(r)}>
              Reject<span className="sr-only"> refund to {r.patient.name}</span>
            </Button>
          </>
        ) : null,
      ),
    ],
  );

function RejectDialog({ open, onOpenChange, refund }: DialogComponentProps & { refund: Refund }) {
  const reject = useRejectRefund();
  const {
    register,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm<RejectRefundForm>({
    schema: rejectRefundSchema,
    defaultValues: { note: '' },
    fields: ['note'],
    send: ({ note }) => reject.mutateAsync({ id: refund.id, note }),
    success: M.refundRejected,
    open,
    onSaved: () => onOpenChange(false),
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reject Refund"
      description={`${formatNaira(refund.amount)} to ${refund.patient.name} from ${refund.receiptNumber}. The cashier sees why.`}
      submitLabel="Reject Refund"
      submitting={isSubmitting}
      onSubmit={onSubmit}
    >
      <Textarea label="Why" rows={3} error={errors.note?.message} {...register('note')} />
    </FormDialog>
  );
}

/**
 * Refunds (/admin/refunds): what the cashiers asked to give back, awaiting approval first. An
 * administrator approves (the money goes back: the receipt's refunded total grows) or rejects
 * with a reason. A refund is decided once.
 */
export default function RefundsPage() {
  const [status] = useUrlFilter('status');
  const approving = useRowDialog<Refund>();
  const rejecting = useRowDialog<Refund>();
  const approve = useApproveRefund();
  return (
    <>
      <PageHeader
        title="Refunds"
        description="Money the cashiers asked to give back, with their reasons. Each is approved or rejected once."
      />
      <ListTable
        query={refundsQuery}
        label="Refunds"
        columns={columns(approving.edit, rejecting.edit)}
        searchable={false}
        filters={{ status }}
        emptyText="No refund asked for."
        toolbar={
          <FilterSelect
            name="status"
            label="Status"
            values={REFUND_STATUSES}
            labels={REFUND_STATUS_LABELS}
            allLabel="All refunds"
          />
        }
      />
      {approving.row ? (
        <ConfirmDialog
          {...approving.dialogProps}
          title="Approve Refund"
          description={`Give ${formatNaira(approving.row.amount)} back to ${approving.row.patient.name} from ${approving.row.receiptNumber}? Reason: ${approving.row.reason}`}
          confirmLabel="Approve Refund"
          destructive={false}
          loading={approve.isPending}
          onConfirm={() => {
            const id = approving.row?.id;
            if (!id) return;
            approve
              .mutateAsync(id)
              .then(() => {
                toast.success(M.refundApproved);
                approving.dialogProps.onOpenChange(false);
              })
              .catch(() => {
                // The refusal's toast comes from the mutation (the server's message).
              });
          }}
        />
      ) : null}
      {rejecting.row ? (
        <RejectDialog key={rejecting.row.id} refund={rejecting.row} {...rejecting.dialogProps} />
      ) : null}
    </>
  );
}
