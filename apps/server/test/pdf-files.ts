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
