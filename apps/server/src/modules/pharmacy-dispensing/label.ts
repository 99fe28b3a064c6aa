import {
  DISPENSE_LABEL_SIZE_MM,
  DISPENSING_MESSAGES,
  formatDay,
  formatInstant,
  medicineLabel,
} from '@carepoint/contract';
import { eq } from 'drizzle-orm';
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
import { LABEL_BOLD, LABEL_FONT, labelPdf } from '../../lib/pdf-label';
import { fullNameOf } from '../../lib/people';
import { instructionsOf } from './read';

/*
 * A dispensed item's label: a page of 70 × 38 mm (a common pharmacy label roll) with the patient,
 * the medicine and how many, how to take it, the batch and its expiry, and when it was dispensed.
 * Drawn as every label (lib/pdf-label.ts), like the lab's tube label.
 */

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

function itemLabelPdf(data: LabelData): Promise<Buffer> {
  return labelPdf(
    DISPENSE_LABEL_SIZE_MM,
    `${data.medicine} for ${data.patientName}`,
    ({ doc, line, width, margin }) => {
      line(data.medicine, margin, LABEL_BOLD, 8);
      line(data.quantity, margin + 10, LABEL_FONT, 7);
      // How to take it may need two lines: it is what the patient reads at home.
      doc
        .font(LABEL_BOLD)
        .fontSize(7.5)
        .text(data.instructions, margin, margin + 20, { width, height: 20, ellipsis: true });
      line(
        `${data.patientName}${data.recordNumber ? ` · ${data.recordNumber}` : ''}`,
        margin + 44,
        LABEL_BOLD,
        7,
      );
      line(`Batch ${data.batchNumber} · Expires ${data.expiryDate}`, margin + 54, LABEL_FONT, 6.5);
      line(`Dispensed ${data.dispensedAt}`, margin + 63, LABEL_FONT, 6);
      line('Keep out of the reach of children', margin + 83, LABEL_FONT, 5.5);
    },
    2.5,
  );
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
  const bytes = await itemLabelPdf({
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
