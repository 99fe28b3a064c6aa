import {
  formatDay,
  formatInstant,
  LAB_LABEL_SIZE_MM,
  LAB_ORDER_MESSAGES,
  RECORD_NUMBER_LABEL,
} from '@carepoint/contract';
import { toBuffer } from 'bwip-js/node';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { labOrders, labOrderTests, labSpecimens, labTests, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith, signedIn } from '../../lib/errors';
import { LABEL_BOLD, LABEL_FONT, labelPdf } from '../../lib/pdf-label';
import { fullNameOf } from '../../lib/people';
import { requireOrderReach } from './access';

/*
 * The tube's label: a page of 50 × 25 mm (a common specimen label roll) with the patient's name,
 * record number and date of birth, the accession number as a Code 128 barcode (bwip-js, the
 * analysers' and scanners' common symbology) and in print, the test codes and the collection
 * time. Drawn as every label (lib/pdf-label.ts).
 */

/** The accession as a Code 128 barcode, a PNG drawn at 4 pixels a module for a sharp print. */
const barcode = (accession: string) =>
  toBuffer({ bcid: 'code128', text: accession, scale: 4, height: 8, includetext: false });

interface LabelData {
  patientName: string;
  recordNumber: string | null;
  dateOfBirth: string | null;
  accession: string;
  collectedAt: Date;
  testCodes: string[];
}

function specimenLabelPdf(data: LabelData, timeZone: string): Promise<Buffer> {
  return labelPdf(LAB_LABEL_SIZE_MM, `Specimen ${data.accession}`, async ({ doc, line, width, margin }) => {
    line(data.patientName, margin, LABEL_BOLD, 7);
    const born = data.dateOfBirth ? `DOB ${formatDay(data.dateOfBirth)}` : 'DOB unknown';
    line(`${RECORD_NUMBER_LABEL} ${data.recordNumber ?? '-'} · ${born}`, margin + 8.5, LABEL_FONT, 5.5);
    doc.image(await barcode(data.accession), margin, margin + 16, { width, height: 25 });
    line(data.accession, margin + 42.5, LABEL_BOLD, 6.5, 'center');
    line(
      `${data.testCodes.join(' ')} · ${formatInstant(data.collectedAt, timeZone)}`,
      margin + 51,
      LABEL_FONT,
      5,
    );
  });
}

/**
 * GET /api/lab/orders/:id/label.pdf: the label of the order's specimen (the one not rejected),
 * for the lab or a nurse of the patient's ward. Audited: it prints the patient's details.
 */
export async function specimenLabel(ctx: ServiceContext, orderId: string) {
  const actor = signedIn(ctx.actor);
  const [row] = await ctx.db
    .select({
      patientId: labOrders.patientId,
      patientName: fullNameOf(),
      recordNumber: users.recordNumber,
      dateOfBirth: users.dateOfBirth,
      specimenId: labSpecimens.id,
      accession: labSpecimens.accession,
      collectedAt: labSpecimens.collectedAt,
    })
    .from(labOrders)
    .innerJoin(users, eq(users.id, labOrders.patientId))
    .leftJoin(labSpecimens, and(eq(labSpecimens.orderId, labOrders.id), isNull(labSpecimens.rejectedAt)))
    .where(eq(labOrders.id, orderId));
  if (!row) throw notFoundWith(LAB_ORDER_MESSAGES.orderNotFound);
  await requireOrderReach(ctx.db, actor, row.patientId);
  if (!row.specimenId || !row.accession || !row.collectedAt)
    throw notFoundWith(LAB_ORDER_MESSAGES.noSpecimen);
  const tests = await ctx.db
    .select({ code: labTests.code })
    .from(labOrderTests)
    .innerJoin(labTests, eq(labTests.id, labOrderTests.testId))
    .where(eq(labOrderTests.orderId, orderId))
    .orderBy(asc(labTests.code));
  const bytes = await specimenLabelPdf(
    {
      patientName: row.patientName,
      recordNumber: row.recordNumber,
      dateOfBirth: row.dateOfBirth,
      accession: row.accession,
      collectedAt: row.collectedAt,
      testCodes: tests.map((t) => t.code),
    },
    ctx.config.TIME_ZONE,
  );
  await audit(ctx, {
    action: 'lab-specimen.label',
    entityType: 'lab-specimen',
    entityId: row.specimenId,
    patientId: row.patientId,
    details: { orderId, accession: row.accession },
  });
  return { bytes, fileName: `label-${row.accession}.pdf` };
}
