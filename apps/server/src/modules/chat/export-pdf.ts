import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Citation } from '@tandem/contract/citation';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client.ts';
import type { FileStore } from '../upload/file-store.ts';
import { citationsForReader } from './knowledge-replies.ts';
import { drawCitations } from './pdf-citations.ts';
import { PDF_FONT } from './pdf-fonts.ts';
import { BODY_SIZE, drawMarkdown, drawPlainText, ensureSpace, PDF_COLORS } from './pdf-markdown.ts';
import { ownConversationWithAgent, snapshotMessages } from './share.ts';

/**
 * A conversation as a PDF (spec part B section 2, "export to PDF"): title, agent and date, then each
 * message with its speaker and time, replies rendered from Markdown, attached pictures below the message.
 * Text is set in Noto Sans SC (SIL Open Font License, from the `@expo-google-fonts/noto-sans-sc` npm
 * package), which covers simplified and traditional Chinese, Japanese kana and kanji, and Latin; PDFKit
 * embeds only the glyphs used, so a page of text stays a few kilobytes.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  [PDF_FONT.regular]: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  [PDF_FONT.bold]: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  // Math symbols the CJK font lacks (⋅ ∘ ⟨ ⟩ …) and blackboard letters, from KaTeX (SIL OFL).
  [PDF_FONT.math]: 'katex/dist/fonts/KaTeX_Main-Regular.ttf',
  [PDF_FONT.blackboard]: 'katex/dist/fonts/KaTeX_AMS-Regular.ttf',
};

/** Read once per process: each file is about 10 MB. */
let fonts: Promise<(readonly [string, Buffer])[]> | undefined;
const loadFonts = () => {
  fonts ??= Promise.all(
    Object.entries(FONT_FILES).map(
      async ([name, file]) => [name, await readFile(require.resolve(file))] as const,
    ),
  );
  return fonts;
};

const MARGIN = 56;
const IMAGE_MAX_HEIGHT = 280;
/** Upload ids: random, URL-safe, with the detected extension. */
const UPLOAD_ID = /^[\w-]{22}\.\w{2,5}$/;
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

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

/**
 * An A4 PDF with the fonts registered (also the documents' export): `box` is the text column,
 * `finished` resolves to the bytes once `doc.end()` is called.
 */
export async function openPdf(meta: { title: string; author?: string; locale: string }) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: meta.locale,
    info: { Title: meta.title, ...(meta.author ? { Author: meta.author } : {}), Creator: 'Tandem' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const [name, bytes] of await loadFonts()) doc.registerFont(name, bytes);
  return { doc, finished, box: { x: MARGIN, width: doc.page.width - 2 * MARGIN } };
}

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

/** "2 / 5" at the foot of every page. */
export function numberPages(doc: PDFKit.PDFDocument, box: { x: number; width: number }) {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin PDFKit would start a new page; the margin is lifted while the number is set.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(PDF_FONT.regular)
      .fontSize(8.5)
      .fillColor(PDF_COLORS.muted)
      .text(`${index + 1} / ${count}`, box.x, doc.page.height - bottom / 2 - 5, {
        width: box.width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

/** The pictures attached to a message that PDFKit can draw; others (GIF, WebP, BMP, gone) as `null`. */
function readImages(files: FileStore, attachments: string[]): Promise<(Buffer | null)[]> {
  return Promise.all(
    attachments.map(async (attachment) => {
      const id = attachment.split('/').at(-1) ?? '';
      if (!UPLOAD_ID.test(id)) return null;
      const bytes = await files.read(id);
      return bytes && (isPng(bytes) || isJpeg(bytes)) ? bytes : null;
    }),
  );
}

export type ExportRequest = {
  userId: number;
  conversationId: string;
  locale: Locale;
  timeZone?: string;
};

/** The caller's own conversation as a PDF, with the name to save it under. */
export async function exportConversationPdf(deps: { db: Db; files: FileStore }, request: ExportRequest) {
  const { db, files } = deps;
  const conversation = await ownConversationWithAgent(db, request.userId, request.conversationId);
  const { messages, total } = await snapshotMessages(db, { conversationId: conversation.id });
  const citations = await citationsForReader(
    db,
    request.userId,
    messages.map((message) => message.id),
  );
  const pdf = await renderConversationPdf({
    title: conversation.title,
    agentName: conversation.agentName,
    isMarkdown: conversation.isMarkdown,
    messages: await Promise.all(
      messages.map(async (message) => ({
        role: message.role,
        content: message.content,
        createdAt: message.createdAt,
        images: await readImages(files, message.attachments),
        citations: citations.get(message.id),
      })),
    ),
    omitted: total - messages.length,
    exportedAt: new Date(),
    locale: request.locale,
    timeZone: request.timeZone ?? 'UTC',
  });
  return {
    pdf,
    fileName: `${conversation.title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() || 'chat'}.pdf`,
  };
}
