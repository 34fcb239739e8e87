import { asBuffer } from '../../platform/workers/index.ts';
import { type PdfConversation, renderConversationPdf } from './share/conversation-pdf.ts';

/** The chat work that runs in the worker pool (`platform/workers`), off the event loop. */
export const chatTasks = {
  /** A conversation as a PDF; its pictures' bytes were read by the server. */
  'chat.pdf': (input: PdfConversation) =>
    renderConversationPdf({
      ...input,
      messages: input.messages.map((message) => ({
        ...message,
        images: message.images.map((image) => image && asBuffer(image)),
      })),
    }),
};
