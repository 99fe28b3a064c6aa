import {
  formatInstant,
  formatNairaPlain,
  RECEIPT_KIND_LABELS,
  RECEIPT_METHOD_LABELS,
  type Receipt,
  receiptPdfName,
} from '@carepoint/contract';
import type { ServiceContext } from '../../lib/context';
import { PdfBuilder } from '../../lib/pdf';
import { readFacility } from '../facility';
import { readAccount } from './balance';

/**
 * The printed receipt: the facility's letterhead, the receipt's number, the patient and their
 * record number, the amount in naira, how it was paid and its reference, the cashier, the time
 * and the balance just after it (what the patient still owes, as the cashier told them).
 */
export async function receiptPdf(ctx: ServiceContext, receipt: Receipt) {
  const { patient } = await readAccount(ctx.db, receipt.patientId);
  const title = receipt.kind === 'deposit' ? 'Deposit Receipt' : 'Payment Receipt';
  const bytes = await new PdfBuilder(title, await readFacility(ctx), receipt.cashier)
    .fields([
      ['Receipt number', receipt.number],
      ['Date and time', formatInstant(new Date(receipt.takenAt), ctx.config.TIME_ZONE)],
      ['Patient', patient.name],
      ['Record number', patient.recordNumber],
      ['Received as', RECEIPT_KIND_LABELS[receipt.kind]],
      ['Method', RECEIPT_METHOD_LABELS[receipt.method]],
      ['Reference', receipt.reference ?? '—'],
      ['Cashier', receipt.cashier],
    ])
    .totals([['Amount received', formatNairaPlain(receipt.amount)]])
    .fields([['Balance after this receipt', formatNairaPlain(receipt.balanceAfter)]])
    .signature(receipt.cashier, 'Cashier')
    .finish();
  return { bytes, fileName: receiptPdfName(receipt.number) };
}
