import {
  type Account,
  formatNaira,
  RECEIPT_KIND_LABELS,
  RECEIPT_METHOD_LABELS,
  RECEIPT_SORTABLE,
  REFUND_STATUS_LABELS,
  type Receipt,
} from '@carepoint/contract';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useOutletContext, useParams } from 'react-router';
import { columnsFor, type DataTableColumn, ListTable, withSorting } from '@/components/data-table';
import { StatusBadge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { useRowDialog } from '@/lib/use-row-dialog';
import { receiptPdfUrl, receiptsQuery } from '../api/payments';
import { DrawDownDialog, RefundDialog, TakeReceiptDialog } from '../components/payment-dialogs';

const col = columnsFor<Receipt>();

function RefundLines({ receipt }: { receipt: Receipt }) {
  if (receipt.refunds.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1 text-xs text-ink-muted">
      {receipt.refunds.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center gap-1">
          Refund {formatNaira(r.amount)} <StatusBadge status={REFUND_STATUS_LABELS[r.status]} />
        </li>
      ))}
    </ul>
  );
}

const columns = (refund: (r: Receipt) => void): DataTableColumn<Receipt>[] =>
  withSorting(RECEIPT_SORTABLE, [
    {
      ...col.text('number', 'Receipt', (r) => r.number),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium whitespace-nowrap">{row.original.number}</span>
          <span className="text-xs text-ink-soft">{RECEIPT_KIND_LABELS[row.original.kind]}</span>
        </span>
      ),
    },
    {
      ...col.text('takenAt', 'Taken', (r) => r.takenAt),
      cell: ({ row }) => formatDateTime(row.original.takenAt),
    },
    {
      ...col.text('amount', 'Amount', (r) => r.amount),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="tabular-nums">{formatNaira(row.original.amount)}</span>
          <RefundLines receipt={row.original} />
        </span>
      ),
    },
    {
      ...col.text('method', 'Method', (r) => RECEIPT_METHOD_LABELS[r.method]),
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span>{RECEIPT_METHOD_LABELS[row.original.method]}</span>
          {row.original.reference ? (
            <span className="text-xs text-ink-soft">{row.original.reference}</span>
          ) : null}
        </span>
      ),
    },
    col.text('cashier', 'Cashier', (r) => r.cashier),
    col.actions((r) => (
      <>
        <a
          href={receiptPdfUrl(r.id)}
          target="_blank"
          rel="noopener"
          className={buttonClass({ variant: 'secondary', size: 'sm' })}
        >
          <FileText aria-hidden size={14} /> Receipt<span className="sr-only"> {r.number}</span>
        </a>
        {r.refundable > 0 ? (
          <Button variant="ghost" size="sm" onClick={() => refund(r)}>
            Refund<span className="sr-only"> from {r.number}</span>
          </Button>
        ) : null}
      </>
    )),
  ]);

/** The receipt just taken, with its PDF to print for the patient. */
function TakenBanner({ receipt }: { receipt: Receipt }) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border bg-primary-50 px-4 py-3 text-sm"
    >
      <span>
        {RECEIPT_KIND_LABELS[receipt.kind]} {receipt.number}: {formatNaira(receipt.amount)} by{' '}
        {RECEIPT_METHOD_LABELS[receipt.method].toLowerCase()}. Balance now{' '}
        {`${formatNaira(receipt.balanceAfter)}.`}
      </span>
      <a
        href={receiptPdfUrl(receipt.id)}
        target="_blank"
        rel="noopener"
        className={buttonClass({ variant: 'primary', size: 'sm' })}
      >
        <FileText aria-hidden size={14} /> Print Receipt
      </a>
    </div>
  );
}

type Open = 'payment' | 'deposit' | 'drawdown' | null;

/**
 * The account's Payments tab: every receipt (payments and deposits) with its refunds, the PDF of
 * each, and the cashier's actions: Take Payment, Record Deposit, Apply Deposit, Refund.
 */
export default function PaymentsPage() {
  const { id = '' } = useParams();
  const account = useOutletContext<Account>();
  const [open, setOpen] = useState<Open>(null);
  const refunding = useRowDialog<Receipt>();
  const [taken, setTaken] = useState<Receipt | null>(null);
  const dialog = (which: Open) => ({
    open: open === which,
    onOpenChange: (next: boolean) => setOpen(next ? which : null),
  });
  const canApply = account.depositsHeld > 0 && account.balance > 0;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap justify-end gap-2">
        {canApply ? (
          <Button variant="secondary" onClick={() => setOpen('drawdown')}>
            Apply Deposit
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => setOpen('deposit')}>
          Record Deposit
        </Button>
        <Button onClick={() => setOpen('payment')} disabled={account.balance <= 0}>
          Take Payment
        </Button>
      </div>
      {taken ? <TakenBanner receipt={taken} /> : null}
      <ListTable
        query={receiptsQuery(id)}
        label="Payments and deposits"
        columns={columns(refunding.edit)}
        searchable={false}
        emptyText="No payment or deposit yet."
      />
      <TakeReceiptDialog
        kind="payment"
        patientId={id}
        balance={account.balance}
        onTaken={setTaken}
        {...dialog('payment')}
      />
      <TakeReceiptDialog
        kind="deposit"
        patientId={id}
        balance={account.balance}
        onTaken={setTaken}
        {...dialog('deposit')}
      />
      <DrawDownDialog
        patientId={id}
        balance={account.balance}
        held={account.depositsHeld}
        {...dialog('drawdown')}
      />
      {refunding.row ? (
        <RefundDialog key={refunding.row.id} receipt={refunding.row} {...refunding.dialogProps} />
      ) : null}
    </div>
  );
}
