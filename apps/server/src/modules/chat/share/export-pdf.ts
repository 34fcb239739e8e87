import type { Locale } from '@tandem/contract/i18n';
import type { Db } from '../../../db/client.ts';
import { asBuffer, runHeavy } from '../../../platform/workers/index.ts';
import type { FileStore } from '../../upload/index.ts';
import { citationsForReader } from '../reply/knowledge-replies.ts';
import { ownConversationWithAgent, snapshotMessages } from './share.ts';

/** Upload ids: random, URL-safe, with the detected extension. */
const UPLOAD_ID = /^[\w-]{22}\.\w{2,5}$/;
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
const isJpeg = (bytes: Buffer) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

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
  // The picture bytes were read here; drawing the pages is CPU work for the worker pool.
  const pdf = await runHeavy(`user:${request.userId}`, 'chat.pdf', {
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
    pdf: asBuffer(pdf),
    fileName: `${conversation.title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').trim() || 'chat'}.pdf`,
  };
}
