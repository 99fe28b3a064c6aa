import PDFDocument from 'pdfkit';

/*
 * Labels printed on a roll (a specimen tube's, a dispensed medicine's): one page of the roll's
 * size in millimetres, pdfkit's standard fonts, black text on a 2 mm margin unless told.
 */

const POINTS_PER_MM = 72 / 25.4;

/** Millimetres as PDF points. */
const mm = (millimetres: number) => millimetres * POINTS_PER_MM;

export const LABEL_FONT = 'Helvetica';
export const LABEL_BOLD = 'Helvetica-Bold';

export interface LabelPage {
  doc: PDFKit.PDFDocument;
  /** One line of text at `y`, cut with an ellipsis at the label's width. */
  line: (text: string, y: number, font: string, size: number, align?: 'left' | 'center') => void;
  /** The text width inside the margins, and the margin, in points. */
  width: number;
  margin: number;
}

/** Draws one label with `draw` and answers the PDF's bytes. */
export async function labelPdf(
  size: { width: number; height: number },
  title: string,
  draw: (page: LabelPage) => void | Promise<void>,
  marginMm = 2,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [mm(size.width), mm(size.height)],
    margin: 0,
    info: { Title: title, Creator: 'CarePoint' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const margin = mm(marginMm);
  const width = mm(size.width) - margin * 2;
  const line: LabelPage['line'] = (text, y, font, fontSize, align = 'left') => {
    doc
      .font(font)
      .fontSize(fontSize)
      .fillColor('#000')
      .text(text, margin, y, { width, align, lineBreak: false, ellipsis: true });
  };
  await draw({ doc, line, width, margin });
  doc.end();
  return done;
}
