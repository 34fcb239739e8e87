import type { JSONContent } from '@tiptap/core';
import {
  BODY_SIZE,
  drawMarkdown,
  ensureSpace,
  numberPages,
  openPdf,
  PDF_COLORS,
  PDF_FONT,
} from '../../platform/pdf/index.ts';
import { jsonToMarkdown } from './document-content.ts';
import { imageSize } from './image-size.ts';

/** Points per CSS pixel: a picture prints at the size it shows in the editor, narrowed to the column. */
const POINTS_PER_PIXEL = 0.75;
const PICTURE_GAP = 8;

/**
 * Draws one picture across at most the column's width and the page's height; false when its bytes are
 * missing or not a PNG or JPEG (the two pdfkit embeds), to print its name instead.
 */
function drawPicture(
  doc: PDFKit.PDFDocument,
  bytes: Uint8Array | undefined,
  box: { x: number; width: number },
) {
  const size = bytes && imageSize(Buffer.from(bytes));
  if (!bytes || !size || size.type === 'gif' || size.width === 0 || size.height === 0) return false;
  const pageHeight = doc.page.height - doc.page.margins.top - doc.page.margins.bottom;
  const scale = Math.min(POINTS_PER_PIXEL, box.width / size.width, pageHeight / size.height);
  const width = size.width * scale;
  const height = size.height * scale;
  ensureSpace(doc, height);
  const top = doc.y;
  doc.image(Buffer.from(bytes), box.x, top, { width, height });
  doc.x = box.x;
  doc.y = top + height + PICTURE_GAP;
  return true;
}

/**
 * A document as a PDF: `heading` (its name, when the text does not open with a heading) then its
 * content drawn by the chat export's Markdown renderer (CJK fonts included), with its pictures
 * (`pictures`: bytes by `src`) drawn in place; a picture it cannot embed prints as its name.
 */
export async function renderDocumentPdf(
  names: { title: string; heading?: string },
  json: JSONContent,
  locale: string,
  pictures: ReadonlyMap<string, Uint8Array> = new Map(),
): Promise<Buffer> {
  const { doc, box, finished } = await openPdf({ title: names.title, locale });
  if (names.heading) {
    doc.font(PDF_FONT.bold).fontSize(20).fillColor(PDF_COLORS.text).text(names.heading, box.x, doc.y, box);
    doc.moveDown(0.6);
  }
  doc.font(PDF_FONT.regular).fontSize(BODY_SIZE);
  let text: JSONContent[] = [];
  const drawText = () => {
    if (text.length > 0) drawMarkdown(doc, jsonToMarkdown({ type: 'doc', content: text }), box);
    text = [];
  };
  for (const node of json.content ?? []) {
    const src = node.type === 'image' ? node.attrs?.src : undefined;
    if (typeof src === 'string') {
      drawText();
      if (drawPicture(doc, pictures.get(src), box)) continue;
    }
    text.push(node);
  }
  drawText();
  numberPages(doc, box);
  doc.end();
  return finished;
}
