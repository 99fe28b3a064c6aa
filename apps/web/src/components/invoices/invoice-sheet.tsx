import { type InvoiceDetail, TRANSACTION_MESSAGES } from '@carepoint/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Sheet } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { InvoiceDetails } from './invoice-details';
import { VisitCharges } from './visit-charges';

type Props = {
  open: boolean;
  onClose: () => void;
  query: UseQueryResult<InvoiceDetail>;
  /** Where Download PDF gets the file. */
  pdfHref: (id: string) => string;
  /** Buttons after Download PDF (the doctor's status actions). */
  actions?: (invoice: InvoiceDetail) => ReactNode;
  /** Where the charges of the invoice's visit are read (the doctor's or the patient's path). */
  visitChargesPath: (appointmentId: string) => string;
};

/** One invoice in a side sheet: loading, error with Retry, or the stored detail with Download PDF. */
export function InvoiceSheet({ open, onClose, query, pdfHref, actions, visitChargesPath }: Props) {
  const invoice = query.data;
  let body = (
    <div aria-busy="true" className="flex flex-col gap-3">
      <p className="sr-only">Loading the invoice</p>
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
  if (query.isError && !invoice) {
    body = (
      <ErrorState
        message={errorMessage(query.error, TRANSACTION_MESSAGES.detailFailed)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (invoice) {
    body = (
      <div className="flex flex-col gap-6">
        <InvoiceDetails invoice={invoice} />
        {invoice.appointment ? <VisitCharges path={visitChargesPath(invoice.appointment.id)} /> : null}
      </div>
    );
  }

  return (
    <Sheet
      open={open}
      onOpenChange={(next) => !next && onClose()}
      size="md"
      title={
        <span className="flex flex-wrap items-center gap-2">
          {invoice ? `Invoice ${invoice.number}` : 'Invoice'}
          {invoice ? <StatusBadge status={invoice.status} /> : null}
        </span>
      }
      description={invoice ? invoice.patient.fullName : undefined}
      footer={
        invoice ? (
          <div className="flex w-full flex-wrap justify-end gap-2">
            <a
              href={pdfHref(invoice.id)}
              download
              className={buttonClass({ variant: 'secondary', size: 'sm' })}
            >
              <Download aria-hidden size={16} /> Download PDF
            </a>
            {actions?.(invoice)}
          </div>
        ) : null
      }
    >
      {body}
    </Sheet>
  );
}
