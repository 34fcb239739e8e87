import { z } from 'zod';
import { conversationId } from './chat.ts';
import { citation } from './citation.ts';
import { pageQuery } from './envelope.ts';

/**
 * Sharing a conversation ("share link", `/chat-share/:share_code`,
 * `/chat/{share_code?}`) and exporting it to PDF ("export to PDF"). A share is a read-only snapshot of
 * the messages up to the newest finished one when it was made; anyone with the link reads it until the
 * owner revokes it, and a signed-in reader who may use the agent can continue it as their own.
 */

export const CHAT_SHARE_API = {
  share: '/api/chat/share-conversation',
  shareList: '/api/chat/get-conversation-shares',
  revoke: '/api/chat/revoke-share',
  shared: '/api/chat/get-shared-conversation',
  continueShared: '/api/chat/continue-shared',
  exportPdf: '/api/chat/export-conversation-pdf',
} as const;

/** The public page a share link opens. */
export const sharePagePath = (shareCode: string) => `/chat-share/${shareCode}`;

/** 24 random bytes as base64url: 32 characters. Codes are checked against this shape before any query. */
export const SHARE_CODE_BYTES = 24;
export const SHARE_CODE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Active (not revoked) links one conversation may have at once. */
export const SHARES_PER_CONVERSATION_MAX = 50;
/** The most messages a share shows, a continued copy takes and a PDF holds: the newest ones. */
export const SNAPSHOT_MESSAGES_MAX = 1000;
/** Public reads of shared conversations one address may make per minute (per server process). */
export const SHARED_READS_PER_MINUTE = 60;
/** PDF exports one address may ask for per minute (per server process): each one is rendered. */
export const PDF_EXPORTS_PER_MINUTE = 20;

export const shareCode = z.string().regex(SHARE_CODE_PATTERN);

export const shareConversationBody = z.object({ conversation_id: conversationId });

/** One active link of a conversation. */
export const conversationShare = z.object({
  share_code: z.string(),
  /** The whole address to hand out: `<origin>/chat-share/<share_code>`. */
  url: z.string(),
  /** How many messages the snapshot holds. */
  message_count: z.number().int(),
  created_at: z.string(),
});
export type ConversationShare = z.infer<typeof conversationShare>;

export const conversationSharesQuery = z.object({ conversation_id: conversationId, ...pageQuery.shape });

export const revokeShareBody = z.object({ share_code: shareCode });
export const sharedConversationQuery = z.object({ share_code: shareCode });
export const continueSharedBody = z.object({ share_code: shareCode });

/** A shared message: what was said and when, nothing about who or what it cost. */
export const sharedMessage = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  reasoning: z.string(),
  /** A user message's images, by their address. */
  attachments: z.array(z.string()),
  created_at: z.string(),
  /** A reply's sources; only those the reader may read name their document. */
  citations: z.array(citation).optional(),
});
export type SharedMessage = z.infer<typeof sharedMessage>;

export const sharedConversationData = z.object({
  title: z.string(),
  agent: z.object({ name: z.string(), avatar: z.string(), agent_key: z.string() }),
  /** Whether the agent's replies are Markdown. */
  markdown: z.boolean(),
  /** Oldest first; at most SNAPSHOT_MESSAGES_MAX, the newest. */
  messages: z.array(sharedMessage),
  /** Messages in the snapshot, including any older ones left out. */
  total: z.number().int(),
  shared_at: z.string(),
});
export type SharedConversation = z.infer<typeof sharedConversationData>;

/** The copy made for the caller: open it at `/chat?agent_key=…&conversation_id=…`. */
export const continueSharedData = z.object({
  conversation_id: z.string(),
  agent_key: z.string(),
  title: z.string(),
});
export type ContinueSharedData = z.infer<typeof continueSharedData>;

/** A time zone the server knows (IANA name such as `Asia/Tokyo`). */
const timeZone = z
  .string()
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'unknown time zone');

/** `time_zone`: the reader's, for the dates printed in the PDF (UTC when absent). */
export const exportPdfQuery = z.object({ conversation_id: conversationId, time_zone: timeZone.optional() });
