import { z } from 'zod';
import { chatMessage, conversationId } from './chat.ts';
import { entityId } from './ids.ts';

/**
 * The versions of a reply: regenerating answers the same user message again and keeps the replies it
 * replaces. A reply with more than one version lists them all (`versions` on the message, oldest first);
 * the one shown is the one the conversation goes on from, and choosing another makes it that one.
 */

export const CHAT_VERSIONS_API = {
  selectReplyVersion: '/api/chat/select-reply-version',
} as const;

/** `message_id`: any version of a reply of the conversation. */
export const selectReplyVersionBody = z.object({
  conversation_id: conversationId,
  message_id: entityId,
});
export type SelectReplyVersionBody = z.input<typeof selectReplyVersionBody>;

/** The chosen version, as the conversation's messages list it now. */
export const selectReplyVersionData = chatMessage;
