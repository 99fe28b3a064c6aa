import { basisPointsToPercentText, formatNaira, type InvoiceDetail } from '@carepoint/contract';
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/ui/badge';
import { cx } from '@/lib/cx';
import { formatDateTime, formatSlot } from '@/lib/format';

/*
 * One invoice as the doctor's Transactions sheet and the patient's Invoices sheet show it:
 * patient info, payment info, line items, subtotal, tax, grand total and documentation (notes).
 */

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      {children}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-ink-muted uppercase">{label}</dt>
      <dd className="text-sm break-words text-ink">{children ?? '—'}</dd>
    </div>
  );
}

const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : null);

/** "Check-up, 6 Jan 2030 at 09:00", or a dash for a bill without an appointment. */
const appointmentLabel = (a: InvoiceDetail['appointment']) =>
  a ? `${a.title}, ${formatSlot(a.date, a.time)}` : null;

function TotalLine({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <div
      className={cx(
        'flex justify-between gap-4 py-1 text-sm',
        strong && 'border-t border-border pt-2 text-base font-semibold',
      )}
    >
      <dt className={strong ? 'text-ink' : 'text-ink-muted'}>{label}</dt>
      <dd className="tabular-nums text-ink">{formatNaira(value)}</dd>
    </div>
  );
}

export function InvoiceDetails({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <div className="flex flex-col gap-6">
      <Section title="Patient">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Item label="Name">{invoice.patient.fullName}</Item>
          <Item label="Email">{invoice.patient.email}</Item>
          <Item label="Phone">{invoice.patient.phone}</Item>
          <Item label="Doctor">{invoice.doctor.name}</Item>
          <Item label="Appointment">{appointmentLabel(invoice.appointment)}</Item>
          <Item label="Issued">{when(invoice.issuedAt)}</Item>
        </dl>
      </Section>

      <Section title="Payment">
        <dl className="grid gap-3 sm:grid-cols-2">
          <Item label="Status">
            <StatusBadge status={invoice.status} />
          </Item>
          <Item label="Payment method">{invoice.paymentMethod}</Item>
          <Item label="Paid">{when(invoice.paidAt)}</Item>
          {invoice.cancelledAt ? <Item label="Cancelled">{when(invoice.cancelledAt)}</Item> : null}
          {invoice.refundedAt ? <Item label="Refunded">{when(invoice.refundedAt)}</Item> : null}
          {invoice.refundReason ? <Item label="Refund reason">{invoice.refundReason}</Item> : null}
        </dl>
      </Section>

      <Section title="Line items">
        {/* Focusable, so a keyboard can scroll the lines sideways on a phone. */}
        <div
          className="overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-primary-600"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
          tabIndex={0}
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Line items</caption>
            <thead className="bg-muted text-left text-xs text-ink-muted uppercase">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Description
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Qty
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Unit price
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.id} className="border-t border-border">
                  <td className="px-3 py-2 text-ink">{line.description}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {formatNaira(line.unitPrice)}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {formatNaira(line.amount)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="ml-auto w-full max-w-xs" aria-label="Totals">
          <TotalLine label="Subtotal" value={invoice.subtotal} />
          <TotalLine label={`Tax (${basisPointsToPercentText(invoice.taxRate)}%)`} value={invoice.tax} />
          <TotalLine label="Grand total" value={invoice.total} strong />
        </dl>
      </Section>

      <Section title="Documentation">
        <p className="text-sm whitespace-pre-line text-ink-soft">{invoice.notes || 'No notes.'}</p>
      </Section>
    </div>
  );
}
