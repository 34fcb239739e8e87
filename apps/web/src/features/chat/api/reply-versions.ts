import type { ChatMessage } from '@tandem/contract/chat';
import { CHAT_VERSIONS_API } from '@tandem/contract/chat-versions';
import { http } from '../../../shared/api/http.ts';

/** Shows another version of a reply; answers it as the conversation now lists it. */
export const selectReplyVersion = (conversationId: string, messageId: number) =>
  http.post<ChatMessage>(CHAT_VERSIONS_API.selectReplyVersion, {
    conversation_id: conversationId,
    message_id: messageId,
  });
