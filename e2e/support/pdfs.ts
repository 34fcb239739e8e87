import PDFDocument from 'pdfkit';

/** A one-pixel PNG: all a "scanned" page holds, with no text layer. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

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

/** A PDF of text, made with pdfkit: one entry of `pages` a page. */
export const textPdf = (pages: readonly string[]) =>
  drawPdf((doc) => {
    pages.forEach((text, index) => {
      if (index > 0) doc.addPage();
      doc.fontSize(18).text(text);
    });
  });

/** A "scanned" PDF: its pages are pictures, with no text to select or search. */
export const scannedPdf = () =>
  drawPdf((doc) => {
    doc.image(PIXEL_PNG, 50, 50, { width: 400, height: 560 });
  });
