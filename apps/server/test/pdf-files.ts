import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/** A one-pixel PNG: what a scan's page holds instead of text. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Noto Sans SC (the chat's PDF export font): it draws Chinese and Japanese as well as Latin. */
let cjkFont: Buffer | undefined;
const cjkFontBytes = () => {
  cjkFont ??= readFileSync(
    createRequire(import.meta.url).resolve(
      '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    ),
  );
  return cjkFont;
};

/** A PDF made with pdfkit: each entry of `pages` a page of text (paragraphs split by blank lines). */
export function textPdf(pages: readonly string[]): Promise<Buffer> {
  return drawPdf((doc) => {
    doc.font(cjkFontBytes());
    pages.forEach((text, index) => {
      if (index > 0) doc.addPage();
      for (const paragraph of text.split(/\n\s*\n/)) doc.text(paragraph).moveDown();
    });
  });
}

/** A "scanned" PDF: every page an image, no text layer at all. */
export const scannedPdf = (pageCount = 2) =>
  drawPdf((doc) => {
    for (let page = 0; page < pageCount; page++) {
      if (page > 0) doc.addPage();
      doc.image(PIXEL_PNG, 50, 50, { width: 400, height: 560 });
    }
  });

function drawPdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/**
 * A PDF whose Chinese text is set in a font it does not embed (STSong-Light, `UniGB-UCS2-H`), as many
 * Chinese and Japanese PDFs are: its text reads only through pdf.js's character maps. Written by hand,
 * since pdfkit always embeds its fonts.
 */
export function cjkFontlessPdf(text: string): Buffer {
  const codes = Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase();
  const content = `BT /F1 24 Tf 72 700 Td <${codes}> Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
