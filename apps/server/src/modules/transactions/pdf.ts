import {
  basisPointsToPercentText,
  formatDayTime,
  formatInstant,
  formatNairaPlain,
  type InvoiceDetail,
} from '@carepoint/contract';
import type { ServiceContext } from '../../lib/context';
import { PdfBuilder } from '../../lib/pdf';
import { readFacility } from '../facility';
import { getInvoice } from './service';

/** A stored instant on the facility's clock, "22 Nov 2026, 09:41" (the screens' format). */
const stamp = (iso: string | null, timeZone: string) => (iso ? formatInstant(new Date(iso), timeZone) : null);

/** The invoice as a printable A4 document. Amounts read "NGN 12,500.00": the standard font has no ₦. */
async function renderInvoicePdf(invoice: InvoiceDetail, ctx: ServiceContext): Promise<Buffer> {
  const zone = ctx.config.TIME_ZONE;
  const a = invoice.appointment;
  const payment: Array<readonly [string, string | null]> = [];
  if (invoice.paidAt)
    payment.push(['Paid', stamp(invoice.paidAt, zone)], ['Payment method', invoice.paymentMethod]);
  if (invoice.cancelledAt) payment.push(['Cancelled', stamp(invoice.cancelledAt, zone)]);
  if (invoice.refundedAt)
    payment.push(['Refunded', stamp(invoice.refundedAt, zone)], ['Refund reason', invoice.refundReason]);
  const pdf = new PdfBuilder(`Invoice ${invoice.number}`, await readFacility(ctx), invoice.doctor.name)
    .fields([
      ['Status', invoice.status],
      ['Issued', stamp(invoice.issuedAt, zone)],
      ['Patient', invoice.patient.fullName],
      ['Doctor', invoice.doctor.name],
      ['Email', invoice.patient.email],
      ['Phone', invoice.patient.phone],
      ['Appointment', a ? `${a.title}, ${formatDayTime(a.date, a.time)}` : null],
      ...payment,
    ])
    .heading('Items')
    .table(
      [
        { header: 'Description', width: 0.46 },
        { header: 'Qty', width: 0.1, align: 'right' },
        { header: 'Unit price', width: 0.22, align: 'right' },
        { header: 'Amount', width: 0.22, align: 'right' },
      ],
      invoice.lines.map((line) => [
        line.description,
        String(line.quantity),
        formatNairaPlain(line.unitPrice),
        formatNairaPlain(line.amount),
      ]),
    )
    .totals([
      ['Subtotal', formatNairaPlain(invoice.subtotal)],
      [`Tax (${basisPointsToPercentText(invoice.taxRate)}%)`, formatNairaPlain(invoice.tax)],
      ['Total', formatNairaPlain(invoice.total)],
    ]);
  if (invoice.notes) pdf.paragraph('Notes', invoice.notes);
  return pdf.signature(invoice.doctor.name, 'Issued by').finish();
}

/** GET …/invoices/:id/pdf: the invoice the caller may see, as a PDF (the download is audited). */
export async function invoicePdf(ctx: ServiceContext, id: string) {
  const invoice = await getInvoice(ctx, id, 'pdf');
  return { fileName: `${invoice.number}.pdf`, bytes: await renderInvoicePdf(invoice, ctx) };
}
