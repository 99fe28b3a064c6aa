import {
  DISPENSE_LABEL_SIZE_MM,
  DISPENSING_MESSAGES,
  formatDay,
  formatInstant,
  medicineLabel,
} from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import {
  dispenseItems,
  dispenseLines,
  dispenses,
  medicines,
  prescriptionMedicines,
  stockBatches,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith } from '../../lib/errors';
import { fullNameOf } from '../../lib/people';
import { instructionsOf } from './read';

/*
 * A dispensed item's label: a page of 70 × 38 mm (a common pharmacy label roll) with the patient,
 * the medicine and how many, how to take it, the batch and its expiry, and when it was dispensed.
 * pdfkit with its standard fonts, as the lab's tube label (modules/lab-orders/label.ts).
 */

const POINTS_PER_MM = 72 / 25.4;
const WIDTH = DISPENSE_LABEL_SIZE_MM.width * POINTS_PER_MM;
const HEIGHT = DISPENSE_LABEL_SIZE_MM.height * POINTS_PER_MM;
const MARGIN = 2.5 * POINTS_PER_MM;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

interface LabelData {
  patientName: string;
  recordNumber: string | null;
  medicine: string;
  quantity: string;
  instructions: string;
  batchNumber: string;
  expiryDate: string;
  dispensedAt: string;
}

function labelPdf(data: LabelData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    info: { Title: `${data.medicine} for ${data.patientName}`, Creator: 'CarePoint' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = WIDTH - MARGIN * 2;
  const line = (text: string, y: number, font: string, size: number) =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor('#000')
      .text(text, MARGIN, y, { width, lineBreak: false, ellipsis: true });

  line(data.medicine, MARGIN, BOLD, 8);
  line(data.quantity, MARGIN + 10, FONT, 7);
  // How to take it may need two lines: it is what the patient reads at home.
  doc
    .font(BOLD)
    .fontSize(7.5)
    .text(data.instructions, MARGIN, MARGIN + 20, { width, height: 20, ellipsis: true });
  line(`${data.patientName}${data.recordNumber ? ` · ${data.recordNumber}` : ''}`, MARGIN + 44, BOLD, 7);
  line(`Batch ${data.batchNumber} · Expires ${data.expiryDate}`, MARGIN + 54, FONT, 6.5);
  line(`Dispensed ${data.dispensedAt}`, MARGIN + 63, FONT, 6);
  line('Keep out of the reach of children', MARGIN + 83, FONT, 5.5);
  doc.end();
  return done;
}

/** GET /api/pharmacy/dispensing/items/:id/label.pdf: one dispensed item's label. Audited. */
export async function dispenseLabel(ctx: ServiceContext, itemId: string) {
  const [row] = await ctx.db
    .select({
      patientId: dispenses.patientId,
      patientName: fullNameOf(),
      recordNumber: users.recordNumber,
      genericName: medicines.genericName,
      strength: medicines.strength,
      form: medicines.form,
      dispensingUnit: medicines.dispensingUnit,
      quantity: dispenseItems.quantity,
      batchNumber: stockBatches.batchNumber,
      expiryDate: stockBatches.expiryDate,
      dispensedAt: dispenses.dispensedAt,
      dosage: prescriptionMedicines.dosage,
      interval: prescriptionMedicines.interval,
      time: prescriptionMedicines.time,
      durationDays: prescriptionMedicines.durationDays,
      comment: prescriptionMedicines.comment,
    })
    .from(dispenseItems)
    .innerJoin(dispenses, eq(dispenses.id, dispenseItems.dispenseId))
    .innerJoin(dispenseLines, eq(dispenseLines.id, dispenseItems.dispenseLineId))
    .innerJoin(prescriptionMedicines, eq(prescriptionMedicines.id, dispenseLines.prescriptionMedicineId))
    .innerJoin(medicines, eq(medicines.id, dispenseLines.medicineId))
    .innerJoin(stockBatches, eq(stockBatches.id, dispenseItems.batchId))
    .innerJoin(users, eq(users.id, dispenses.patientId))
    .where(eq(dispenseItems.id, itemId));
  if (!row) throw notFoundWith(DISPENSING_MESSAGES.itemNotFound);
  const bytes = await labelPdf({
    patientName: row.patientName,
    recordNumber: row.recordNumber,
    medicine: medicineLabel(row),
    quantity: `${row.quantity} ${row.dispensingUnit}${row.quantity === 1 ? '' : 's'}`,
    instructions: instructionsOf(row),
    batchNumber: row.batchNumber,
    expiryDate: formatDay(row.expiryDate),
    dispensedAt: formatInstant(row.dispensedAt, ctx.config.TIME_ZONE),
  });
  await audit(ctx, {
    action: 'dispensing.label',
    entityType: 'dispense-item',
    entityId: itemId,
    patientId: row.patientId,
  });
  return { bytes, fileName: `label-${row.batchNumber}-${itemId.slice(0, 8)}.pdf` };
}
