import type { FacilityDetails } from '@carepoint/contract';
import PDFDocument from 'pdfkit';

/**
 * Printable documents (prescriptions, invoices, reports) share one look: an A4 page with the
 * facility's letterhead, labelled fields, tables that break across pages with their header
 * repeated, and a signature line. Built on pdfkit with its standard fonts (no font files).
 */

/** The facility's details as an admin last saved them (modules/facility: `readFacility`). */
type Letterhead = Readonly<FacilityDetails>;

export interface PdfColumn {
  header: string;
  /** Share of the text width, 0..1; the shares of a table add up to 1. */
  width: number;
  align?: 'left' | 'right';
}

const MARGIN = 50;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const INK = '#111827';
const MUTED = '#6b7280';
const RULE = '#d1d5db';

export class PdfBuilder {
  private readonly doc: PDFKit.PDFDocument;
  private readonly chunks: Buffer[] = [];
  private readonly done: Promise<Buffer>;

  constructor(title: string, letterhead: Letterhead, author?: string) {
    this.doc = new PDFDocument({
      size: 'A4',
      margin: MARGIN,
      info: { Title: title, Author: author ?? letterhead.name, Creator: 'CarePoint' },
    });
    this.doc.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.done = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(this.chunks)));
      this.doc.on('error', reject);
    });
    this.letterhead(letterhead);
    this.doc.font(BOLD).fontSize(16).fillColor(INK).text(title);
    this.doc.moveDown(0.5);
  }

  private get width(): number {
    return this.doc.page.width - MARGIN * 2;
  }

  private letterhead({ name, address, phone, email }: Letterhead): void {
    this.doc.font(BOLD).fontSize(18).fillColor(INK).text(name);
    const contact = [address, phone, email].filter(Boolean).join(' · ');
    if (contact) this.doc.font(FONT).fontSize(9).fillColor(MUTED).text(contact);
    this.rule();
    this.doc.moveDown(0.8);
  }

  private rule(): void {
    const y = this.doc.y + 4;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + this.width, y)
      .lineWidth(0.7)
      .strokeColor(RULE)
      .stroke();
    this.doc.y = y + 4;
  }

  /** Starts a new page when fewer than `height` points are left above the bottom margin. */
  private keep(height: number): void {
    if (this.doc.y + height > this.doc.page.height - MARGIN) this.doc.addPage();
  }

  heading(text: string): this {
    this.keep(40);
    this.doc.moveDown(0.6);
    this.doc.font(BOLD).fontSize(12).fillColor(INK).text(text, MARGIN);
    this.rule();
    return this;
  }

  /** Label and value pairs in two columns; empty values print as a dash. */
  fields(pairs: ReadonlyArray<readonly [string, string | null | undefined]>): this {
    const half = this.width / 2;
    for (let i = 0; i < pairs.length; i += 2) {
      const row = pairs.slice(i, i + 2);
      const heights = row.map(([label, value]) => this.fieldHeight(label, value, half - 10));
      const height = Math.max(...heights);
      this.keep(height);
      const top = this.doc.y;
      for (const [column, [label, value]] of row.entries()) {
        this.field(label, value, MARGIN + column * half, top, half - 10);
      }
      this.doc.y = top + height + 4;
    }
    this.doc.x = MARGIN;
    return this;
  }

  private fieldHeight(label: string, value: string | null | undefined, width: number): number {
    this.doc.font(FONT).fontSize(8);
    const labelHeight = this.doc.heightOfString(label.toUpperCase(), { width });
    this.doc.fontSize(10);
    return labelHeight + this.doc.heightOfString(value || '-', { width }) + 2;
  }

  private field(label: string, value: string | null | undefined, x: number, y: number, width: number): void {
    this.doc.font(FONT).fontSize(8).fillColor(MUTED).text(label.toUpperCase(), x, y, { width });
    this.doc
      .fontSize(10)
      .fillColor(INK)
      .text(value || '-', x, this.doc.y + 1, { width });
  }

  /** A block of free text under a small label; `strong` sets it in bold (a safety warning). */
  paragraph(label: string, text: string | null | undefined, { strong = false } = {}): this {
    this.keep(36);
    this.doc.moveDown(0.3);
    this.doc.font(FONT).fontSize(8).fillColor(MUTED).text(label.toUpperCase(), MARGIN);
    this.doc
      .font(strong ? BOLD : FONT)
      .fontSize(10)
      .fillColor(INK)
      .text(text || '-', MARGIN, this.doc.y + 1, { width: this.width });
    return this;
  }

  /** A table whose header repeats on every page it spans. */
  table(columns: readonly PdfColumn[], rows: ReadonlyArray<readonly string[]>): this {
    const cells = (row: readonly string[]) =>
      columns.map((column, i) => ({
        text: row[i] || '-',
        width: column.width * this.width,
        align: column.align,
      }));
    const heightOf = (row: readonly string[], font: string) => {
      this.doc.font(font).fontSize(9);
      return Math.max(
        ...cells(row).map((cell) => this.doc.heightOfString(cell.text, { width: cell.width - 6 })),
      );
    };
    const drawRow = (row: readonly string[], font: string, color: string) => {
      const height = heightOf(row, font);
      const top = this.doc.y;
      let x = MARGIN;
      for (const cell of cells(row)) {
        this.doc
          .fillColor(color)
          .text(cell.text, x + 3, top, { width: cell.width - 6, align: cell.align ?? 'left' });
        x += cell.width;
      }
      this.doc.y = top + height + 3;
      this.rule();
    };
    const header = columns.map((c) => c.header);
    this.keep(40);
    drawRow(header, BOLD, MUTED);
    for (const row of rows) {
      if (this.doc.y + heightOf(row, FONT) + 10 > this.doc.page.height - MARGIN) {
        this.doc.addPage();
        drawRow(header, BOLD, MUTED);
      }
      drawRow(row, FONT, INK);
    }
    this.doc.x = MARGIN;
    return this;
  }

  /** Right-aligned label/amount lines under a table (subtotal, tax, total). */
  totals(lines: ReadonlyArray<readonly [string, string]>, emphasiseLast = true): this {
    this.keep(lines.length * 16 + 8);
    this.doc.moveDown(0.3);
    lines.forEach(([label, amount], i) => {
      const strong = emphasiseLast && i === lines.length - 1;
      const top = this.doc.y;
      this.doc
        .font(strong ? BOLD : FONT)
        .fontSize(strong ? 11 : 10)
        .fillColor(INK);
      this.doc.text(label, MARGIN + this.width * 0.5, top, { width: this.width * 0.3, align: 'right' });
      this.doc.text(amount, MARGIN + this.width * 0.8, top, { width: this.width * 0.2, align: 'right' });
    });
    this.doc.x = MARGIN;
    return this;
  }

  /** A signature line with the signer's name under it. */
  signature(name: string, caption = 'Signature'): this {
    this.keep(80);
    this.doc.moveDown(3);
    const y = this.doc.y;
    this.doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + 200, y)
      .lineWidth(0.7)
      .strokeColor(INK)
      .stroke();
    this.doc
      .font(BOLD)
      .fontSize(10)
      .fillColor(INK)
      .text(name, MARGIN, y + 4);
    this.doc.font(FONT).fontSize(8).fillColor(MUTED).text(caption, MARGIN);
    return this;
  }

  /** Ends the document and resolves with its bytes. */
  finish(): Promise<Buffer> {
    this.doc.end();
    return this.done;
  }
}
