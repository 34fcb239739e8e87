import type { PublicAgentInfo } from '@tandem/contract/agent';
import { AGENT_API, USER_API } from '@tandem/contract/api';
import type { ChatMessage, Conversation, SendMessageBody, SendMessageData } from '@tandem/contract/chat';
import { CHAT_API } from '@tandem/contract/chat';
import type { Page } from '@tandem/contract/envelope';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { http } from '../../../shared/api/http.ts';
import { getSession } from '../../../shared/session/session-store.ts';
import type { SessionUser } from '../../../shared/session/session-user.ts';

export type { ChatMessage, Conversation, SendMessageData };

export const CHAT_KEY = ['chat'] as const;
export const CONVERSATION_PAGE_SIZE = 20;
export const MESSAGE_PAGE_SIZE = 50;

export type ChatAgent = PublicAgentInfo;

/** The agent a chat is with, by its key: what anyone who may use it may see. */
const fetchChatAgent = (agentKey: string) =>
  http.get<PublicAgentInfo>(AGENT_API.publicInfo, { params: { agent_key: agentKey } });

export const chatAgentQuery = (agentKey: string) =>
  queryOptions({
    queryKey: [...CHAT_KEY, 'agent', agentKey],
    queryFn: () => fetchChatAgent(agentKey),
  });

export const conversationsKey = (agentId: number | null) => [...CHAT_KEY, 'conversations', agentId] as const;

export const conversationsQuery = (agentId: number | null) =>
  infiniteQueryOptions({
    queryKey: conversationsKey(agentId),
    queryFn: ({ pageParam }) =>
      http.get<Page<Conversation>>(CHAT_API.conversationList, {
        params: { agent_id: agentId, page: pageParam, page_size: CONVERSATION_PAGE_SIZE },
      }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.length * CONVERSATION_PAGE_SIZE < last.total ? pages.length + 1 : undefined,
    enabled: agentId !== null,
  });

export const messagesKey = (conversationId: string) => [...CHAT_KEY, 'messages', conversationId] as const;

/** The newest page of a conversation, oldest first. */
/** The newest page of a conversation, or the page just before message `beforeId`. */
export const fetchMessages = (conversationId: string, beforeId?: number) =>
  http.get<Page<ChatMessage>>(CHAT_API.conversationMessages, {
    params: {
      conversation_id: conversationId,
      page: 1,
      page_size: MESSAGE_PAGE_SIZE,
      ...(beforeId === undefined ? {} : { before_id: beforeId }),
    },
    // The conversation shows its own failure.
    silent: true,
  });

/** The messages read so far, and whether earlier ones remain to be read. */
export type MessagesPage = Page<ChatMessage> & { hasOlder?: boolean };

export const messagesQuery = (conversationId: string | null) =>
  queryOptions({
    queryKey: messagesKey(conversationId ?? ''),
    queryFn: async (): Promise<MessagesPage> => {
      const newest = await fetchMessages(conversationId ?? '');
      return { ...newest, hasOlder: newest.total > newest.data.length };
    },
    enabled: conversationId !== null,
  });

/** Failures are shown in the conversation, not as a notice. */
export const sendMessage = (body: SendMessageBody) =>
  http.post<SendMessageData>(CHAT_API.sendMessage, body, { silent: true, resendable: true });

export const stopMessage = (conversationId: string) =>
  http.post<{ stopped: boolean }>(CHAT_API.stopMessage, { conversation_id: conversationId });

export const renameConversation = (conversationId: string, title: string) =>
  http.post<null>(CHAT_API.renameConversation, { conversation_id: conversationId, title });

export const deleteConversation = (conversationId: string) =>
  http.post<null>(CHAT_API.deleteConversation, { conversation_id: conversationId });

/** The team's points changed with a reply: read the account again so the shell shows the balance. */
export async function refreshPoints() {
  const user = await http.get<SessionUser>(USER_API.account, { silent: true }).catch(() => null);
  if (user && Array.isArray(user.has_roles) && Array.isArray(user.app_role)) getSession().setUser(user);
}
