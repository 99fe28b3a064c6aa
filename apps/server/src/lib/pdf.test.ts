import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './downloads';
import { PdfBuilder } from './pdf';

const letterhead = { name: 'Sunrise Clinic', address: '1 Marina, Lagos', phone: null, email: null };

async function textOf(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text };
}

describe('PdfBuilder', () => {
  it('writes a PDF with the letterhead, fields, table, totals and signature', async () => {
    const bytes = await new PdfBuilder('Invoice INV-1', letterhead)
      .fields([
        ['Patient', 'Grace Nwosu'],
        ['Date', '22 Nov 2026'],
      ])
      .heading('Items')
      .table(
        [
          { header: 'Description', width: 0.7 },
          { header: 'Amount', width: 0.3, align: 'right' },
        ],
        [['Consultation', '₦5,000.00']],
      )
      .totals([['Total', '₦5,000.00']])
      .signature('Dr. Ada Obi')
      .finish();
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, text } = await textOf(bytes);
    expect(pages).toBe(1);
    for (const part of [
      'Sunrise Clinic',
      '1 Marina, Lagos',
      'Invoice INV-1',
      'Grace Nwosu',
      'Consultation',
      'Dr. Ada Obi',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('continues a long table on further pages', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Line ${i + 1}`, String(i)]);
    const bytes = await new PdfBuilder('Long', letterhead)
      .table(
        [
          { header: 'Item', width: 0.5 },
          { header: 'Value', width: 0.5 },
        ],
        rows,
      )
      .finish();
    const { pages, text } = await textOf(bytes);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Line 120');
  });
});

describe('attachmentDisposition', () => {
  it('quotes a safe ASCII name and keeps the UTF-8 one', () => {
    expect(attachmentDisposition('Rx "Ọlá".pdf')).toBe(
      `attachment; filename="Rx __l__.pdf"; filename*=UTF-8''Rx%20%22%E1%BB%8Cl%C3%A1%22.pdf`,
    );
  });
});
