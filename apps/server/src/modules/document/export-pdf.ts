import { numberPages, openPdf } from '../chat/export-pdf.ts';
import { PDF_FONT } from '../chat/pdf-fonts.ts';
import { BODY_SIZE, drawMarkdown, PDF_COLORS } from '../chat/pdf-markdown.ts';

/**
 * A document as a PDF: `heading` (its name, when the text does not open with a heading) then its
 * Markdown drawn by the chat export's renderer (CJK fonts included).
 */
export async function renderDocumentPdf(
  names: { title: string; heading?: string },
  markdown: string,
  locale: string,
): Promise<Buffer> {
  const { doc, box, finished } = await openPdf({ title: names.title, locale });
  if (names.heading) {
    doc.font(PDF_FONT.bold).fontSize(20).fillColor(PDF_COLORS.text).text(names.heading, box.x, doc.y, box);
    doc.moveDown(0.6);
  }
  doc.font(PDF_FONT.regular).fontSize(BODY_SIZE);
  drawMarkdown(doc, markdown, box);
  numberPages(doc, box);
  doc.end();
  return finished;
}
