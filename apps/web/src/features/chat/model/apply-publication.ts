import type { ChatMessage, ChatPublication } from '@tandem/contract/chat';

/** A message as the page shows it: the saved one, plus the localised error a stream ended with. */
export type ShownMessage = ChatMessage & { error_msg?: string };

/** A conversation's messages after one publication of its channel. */
export function applyPublication(
  conversationId: string,
  messages: ShownMessage[],
  publication: ChatPublication,
): ShownMessage[] {
  if (publication.type === 'start') {
    // The reply may start before the send's answer has put its placeholder in.
    if (messages.some((message) => message.id === publication.message_id)) return messages;
    const ids = {
      user_message_id: publication.user_message_id,
      assistant_message_id: publication.message_id,
    };
    return [...messages, ...sentMessages(conversationId, ids, null)];
  }
  return messages.map((message) => {
    if (message.id !== publication.message_id) return message;
    switch (publication.type) {
      case 'delta':
        return { ...message, content: message.content + publication.content };
      case 'reasoning':
        return { ...message, reasoning: message.reasoning + publication.content };
      case 'done':
        return {
          ...message,
          content: publication.content,
          reasoning: publication.reasoning,
          status: publication.status,
          finish_reason: publication.finish_reason,
          points: publication.points,
        };
      default:
        return { ...message, status: 'failed', error_code: publication.code, error_msg: publication.msg };
    }
  });
}

/** The placeholders a send shows until the channel fills the reply. */
export function sentMessages(
  conversationId: string,
  ids: { user_message_id: number; assistant_message_id: number },
  content: string | null,
): ShownMessage[] {
  const base = {
    conversation_id: conversationId,
    reasoning: '',
    error_code: null,
    finish_reason: null,
    model_id: null,
    points: 0,
    created_at: new Date().toISOString(),
  };
  const reply: ShownMessage = {
    ...base,
    id: ids.assistant_message_id,
    role: 'assistant',
    content: '',
    status: 'streaming',
  };
  if (content === null) return [reply];
  return [{ ...base, id: ids.user_message_id, role: 'user', content, status: 'done' }, reply];
}

/**
 * The saved messages read after subscribing, with what the channel already brought: a reply that ended
 * on the channel, or has more text than was saved, keeps what the page has.
 */
export function mergeSaved(shown: ShownMessage[], saved: ChatMessage[]): ShownMessage[] {
  const byId = new Map(shown.map((message) => [message.id, message]));
  const merged = saved.map((message) => {
    const local = byId.get(message.id);
    if (!local || message.status !== 'streaming') return message;
    return local.status !== 'streaming' || local.content.length >= message.content.length ? local : message;
  });
  const savedIds = new Set(saved.map((message) => message.id));
  return [...merged, ...shown.filter((message) => !savedIds.has(message.id))];
}
