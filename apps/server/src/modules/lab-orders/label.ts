import {
  formatDay,
  formatInstant,
  LAB_LABEL_SIZE_MM,
  LAB_ORDER_MESSAGES,
  RECORD_NUMBER_LABEL,
} from '@carepoint/contract';
import { toBuffer } from 'bwip-js/node';
import { and, asc, eq, isNull } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { labOrders, labOrderTests, labSpecimens, labTests, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';
import { notFoundWith, signedIn } from '../../lib/errors';
import { fullNameOf } from '../../lib/people';
import { requireOrderReach } from './access';

/*
 * The tube's label: a page of 50 × 25 mm (a common specimen label roll) with the patient's name,
 * record number and date of birth, the accession number as a Code 128 barcode (bwip-js, the
 * analysers' and scanners' common symbology) and in print, the test codes and the collection
 * time. pdfkit with its standard fonts, as the other printed documents (lib/pdf.ts).
 */

const POINTS_PER_MM = 72 / 25.4;
const WIDTH = LAB_LABEL_SIZE_MM.width * POINTS_PER_MM;
const HEIGHT = LAB_LABEL_SIZE_MM.height * POINTS_PER_MM;
const MARGIN = 2 * POINTS_PER_MM;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

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

async function labelPdf(data: LabelData, timeZone: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 0,
    info: { Title: `Specimen ${data.accession}`, Creator: 'CarePoint' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = WIDTH - MARGIN * 2;
  const line = (text: string, y: number, font: string, size: number, align: 'left' | 'center' = 'left') =>
    doc
      .font(font)
      .fontSize(size)
      .fillColor('#000')
      .text(text, MARGIN, y, { width, align, lineBreak: false, ellipsis: true });

  line(data.patientName, MARGIN, BOLD, 7);
  const born = data.dateOfBirth ? `DOB ${formatDay(data.dateOfBirth)}` : 'DOB unknown';
  line(`${RECORD_NUMBER_LABEL} ${data.recordNumber ?? '-'} · ${born}`, MARGIN + 8.5, FONT, 5.5);
  doc.image(await barcode(data.accession), MARGIN, MARGIN + 16, { width, height: 25 });
  line(data.accession, MARGIN + 42.5, BOLD, 6.5, 'center');
  line(`${data.testCodes.join(' ')} · ${formatInstant(data.collectedAt, timeZone)}`, MARGIN + 51, FONT, 5);
  doc.end();
  return done;
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
  const bytes = await labelPdf(
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
