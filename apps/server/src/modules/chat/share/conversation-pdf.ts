import type { Citation } from '@tandem/contract/citation';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import {
  BODY_SIZE,
  drawCitations,
  drawMarkdown,
  drawPlainText,
  ensureSpace,
  numberPages,
  openPdf,
  PDF_COLORS,
  PDF_FONT,
} from '../../../platform/pdf/index.ts';

/**
 * A conversation as a PDF (the chat's "export to PDF"): title, agent and date, then each
 * message with its speaker and time, replies rendered from Markdown, attached pictures below the message.
 * Drawn in the worker pool (tasks.ts): a long conversation takes seconds of CPU.
 */

const IMAGE_MAX_HEIGHT = 280;

export type PdfMessage = {
  role: 'user' | 'assistant';
  content: string;
  createdAt: Date;
  /** Attached pictures PDFKit can draw (PNG, JPEG); `null` for one that cannot be shown. */
  images: (Buffer | null)[];
  /** A reply's numbered sources, as the exporting user may read them. */
  citations?: Citation[];
};

export type PdfConversation = {
  title: string;
  agentName: string;
  isMarkdown: boolean;
  messages: PdfMessage[];
  /** Earlier messages left out of a very long conversation. */
  omitted: number;
  exportedAt: Date;
  locale: Locale;
  timeZone: string;
};

/** Renders the conversation; resolves to the PDF's bytes. */
export async function renderConversationPdf(input: PdfConversation): Promise<Buffer> {
  const t = (key: string, values?: Record<string, string | number>) =>
    translate(input.locale, `chat_export.${key}`, values);
  const formatDate = new Intl.DateTimeFormat(input.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: input.timeZone,
  }).format;
  const { doc, box, finished } = await openPdf({
    title: input.title,
    author: input.agentName,
    locale: input.locale,
  });

  doc.font(PDF_FONT.bold).fontSize(18).fillColor(PDF_COLORS.text).text(input.title, box.x, doc.y, box);
  doc.moveDown(0.3);
  doc
    .font(PDF_FONT.regular)
    .fontSize(9.5)
    .fillColor(PDF_COLORS.muted)
    .text(
      `${t('agent', { name: input.agentName })}   ·   ${t('exported_at', { date: formatDate(input.exportedAt) })}`,
      box.x,
      doc.y,
      box,
    );
  if (input.omitted > 0) doc.text(t('omitted', { count: input.omitted }), box.x, doc.y, box);
  rule(doc, box, 10);

  input.messages.forEach((message, index) => {
    if (index > 0) rule(doc, box, 8, 0.4);
    ensureSpace(doc, 60);
    const top = doc.y;
    const speaker = message.role === 'user' ? t('you') : input.agentName;
    doc
      .font(PDF_FONT.bold)
      .fontSize(10)
      .fillColor(message.role === 'user' ? '#0f766e' : '#4338ca')
      .text(speaker, box.x, top, { width: box.width * 0.7, lineBreak: false });
    doc
      .font(PDF_FONT.regular)
      .fontSize(8.5)
      .fillColor(PDF_COLORS.muted)
      .text(formatDate(message.createdAt), box.x, top + 1.5, { ...box, align: 'right', lineBreak: false });
    doc.x = box.x;
    doc.y = top + 18;
    doc.fillColor(PDF_COLORS.text).fontSize(BODY_SIZE);
    if (message.role === 'assistant' && input.isMarkdown) drawMarkdown(doc, message.content, box);
    else drawPlainText(doc, message.content, box);
    for (const image of message.images) drawImage(doc, image, box, t('image_not_shown'));
    if (message.citations?.length) drawCitations(doc, message.citations, box, input.locale);
  });

  numberPages(doc, box);
  doc.end();
  return finished;
}

function rule(doc: PDFKit.PDFDocument, box: { x: number; width: number }, gap: number, width = 0.8) {
  doc.y += gap;
  doc
    .moveTo(box.x, doc.y)
    .lineTo(box.x + box.width, doc.y)
    .lineWidth(width)
    .strokeColor(PDF_COLORS.rule)
    .stroke();
  doc.y += gap;
}

function drawImage(
  doc: PDFKit.PDFDocument,
  image: Buffer | null,
  box: { x: number; width: number },
  missing: string,
) {
  doc.y += 6;
  if (image) {
    ensureSpace(doc, IMAGE_MAX_HEIGHT);
    try {
      // With the current y given, PDFKit moves y past the picture as scaled to fit.
      doc.image(image, box.x, doc.y, { fit: [box.width, IMAGE_MAX_HEIGHT] });
      return;
    } catch {
      // A damaged file: said in words below.
    }
  }
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(PDF_COLORS.muted).text(missing, box.x, doc.y, box);
  doc.fillColor(PDF_COLORS.text);
}
