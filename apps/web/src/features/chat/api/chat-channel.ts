import { REALTIME_API } from '@tandem/contract/api';
import type { ChatPublication } from '@tandem/contract/chat';
import { http } from '../../../shared/api/http.ts';
import { subscribeWithToken } from '../../../shared/realtime/token-subscription.ts';

export type { ChatPublication };

const REPLY_PUBLICATIONS = new Set<string>(['start', 'delta', 'reasoning', 'done', 'error', 'suggestions']);

/**
 * A publication about the conversation's replies. The channel carries others too (a site version's
 * status, chat-sites.ts) that a reply must never be taken for: one naming a reply's `message_id`
 * would otherwise end it as failed.
 */
export const isReplyPublication = (value: unknown): value is ChatPublication =>
  !!value && typeof value === 'object' && REPLY_PUBLICATIONS.has(String((value as { type?: unknown }).type));

/** Listens to a conversation's channel `chat:<conversation_id>`; answers the function that stops. */
export function listenToConversation(
  conversationId: string,
  listener: (publication: ChatPublication) => void,
  /** A reconnect that could not bring what was published meanwhile: read the saved messages. */
  onUnrecovered: () => void,
  /** The conversation was just created: its channel holds only this reply, taken from its start. */
  isNew = false,
  /** A version of the conversation's site was made or built (chat-sites.ts). */
  onSiteVersion: () => void = () => {},
) {
  return subscribeWithToken(
    `chat:${conversationId}`,
    () =>
      http.post<string>(REALTIME_API.chatToken, { conversation_id: conversationId }, { background: true }),
    (data) => {
      if (isReplyPublication(data)) listener(data);
      else if ((data as { type?: unknown } | null)?.type === 'site_version') onSiteVersion();
    },
    { onUnrecovered, isFromStart: isNew },
  );
}
