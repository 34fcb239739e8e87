import { numberPages, openPdf } from '../chat/export-pdf.ts';
import { PDF_FONT } from '../chat/pdf-fonts.ts';
import { BODY_SIZE, drawMarkdown, PDF_COLORS } from '../chat/pdf-markdown.ts';

/** A document as a PDF: its name, then its Markdown drawn by the chat export's renderer (CJK fonts included). */
export async function renderDocumentPdf(title: string, markdown: string, locale: string): Promise<Buffer> {
  const { doc, box, finished } = await openPdf({ title, locale });
  doc.font(PDF_FONT.bold).fontSize(20).fillColor(PDF_COLORS.text).text(title, box.x, doc.y, box);
  doc.moveDown(0.6);
  doc.font(PDF_FONT.regular).fontSize(BODY_SIZE);
  drawMarkdown(doc, markdown, box);
  numberPages(doc, box);
  doc.end();
  return finished;
}
