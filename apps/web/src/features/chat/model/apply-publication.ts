import type { ChatMessage, ChatPublication } from '@tandem/contract/chat';
import { ERRORS } from '@tandem/contract/errors';

/** A message as the page shows it: the saved one, plus the localised error a stream ended with. */
export type ShownMessage = ChatMessage & { error_msg?: string };

/** A conversation's messages after one publication of its channel. */
export function applyPublication(
  conversationId: string,
  messages: ShownMessage[],
  publication: ChatPublication,
): ShownMessage[] {
  if (publication.type === 'start') {
    const ids = {
      user_message_id: publication.user_message_id,
      assistant_message_id: publication.message_id,
    };
    return startReply(conversationId, messages, ids, null);
  }
  return messages.map((message) => {
    if (message.id !== publication.message_id) return message;
    switch (publication.type) {
      case 'delta':
        return { ...message, content: withPiece(message.content, publication) ?? message.content };
      case 'reasoning':
        return { ...message, reasoning: withPiece(message.reasoning, publication) ?? message.reasoning };
      case 'done':
        return {
          ...message,
          content: publication.content,
          reasoning: publication.reasoning,
          status: publication.status,
          finish_reason: publication.finish_reason,
          points: publication.points,
          ...(publication.citations ? { citations: publication.citations } : {}),
        };
      case 'suggestions':
        return { ...message, suggestions: publication.questions };
      default: {
        // A withdrawn reply's text must not stay on screen.
        const isWithdrawn = publication.code === ERRORS.MESSAGE_WITHDRAWN.code;
        return {
          ...message,
          ...(isWithdrawn ? { content: '', reasoning: '' } : {}),
          status: 'failed',
          error_code: publication.code,
          error_msg: publication.msg,
        };
      }
    }
  });
}

type Piece = Extract<ChatPublication, { type: 'delta' | 'reasoning' }>;

export const isPiece = (publication: ChatPublication): publication is Piece =>
  publication.type === 'delta' || publication.type === 'reasoning';

/**
 * The text with a piece in its place (`at`), or undefined when the text is shorter than `at`: pieces
 * before it are missing, and adding it would leave a hole. A piece the text already holds (the saved
 * reply was read ahead of the channel) changes nothing.
 */
export function withPiece(text: string, piece: { content: string; at: number }): string | undefined {
  if (piece.at > text.length) return undefined;
  return piece.at + piece.content.length <= text.length ? text : text.slice(0, piece.at) + piece.content;
}

/**
 * Whether pieces before this one never arrived: its reply holds less text than where it starts, or is
 * not shown at all (its start came before the subscription).
 */
export function missesPieces(messages: ShownMessage[], publication: ChatPublication): boolean {
  if (!isPiece(publication)) return false;
  const message = messages.find((shown) => shown.id === publication.message_id);
  if (!message) return true;
  if (message.status !== 'streaming') return false;
  const text = publication.type === 'delta' ? message.content : message.reasoning;
  return withPiece(text, publication) === undefined;
}

/**
 * The messages once a reply has started: the user's message, new or the one regenerated, then the reply;
 * a reply it regenerates gives way to it and becomes its earlier version. The send's answer and the
 * channel's start may come in either order, so either may call this first and the second changes
 * nothing it should not.
 * `content`: the user's new message, or null when it is not known (a start, a regeneration).
 */
export function startReply(
  conversationId: string,
  messages: ShownMessage[],
  ids: { user_message_id: number; assistant_message_id: number },
  content: string | null,
): ShownMessage[] {
  const started = messages.find((message) => message.id === ids.assistant_message_id);
  const others = messages.filter((message) => message.id !== ids.assistant_message_id);
  const userIndex = others.findIndex((message) => message.id === ids.user_message_id);
  const placeholders = sentMessages(conversationId, ids, userIndex === -1 ? content : null);
  // What followed the user's message is the reply being regenerated.
  const kept = userIndex === -1 ? others : others.slice(0, userIndex + 1);
  const replaced = userIndex === -1 ? undefined : others.slice(userIndex + 1).find(isReply);
  const reply = started ?? afterVersions(placeholders.at(-1)!, replaced);
  return [...kept, ...placeholders.slice(0, -1), reply];
}

const isReply = (message: ShownMessage) => message.role === 'assistant';

/** A regenerated reply is the last of the versions of the one it replaces. */
const afterVersions = (reply: ShownMessage, replaced: ShownMessage | undefined): ShownMessage =>
  replaced ? { ...reply, versions: [...(replaced.versions ?? [replaced.id]), reply.id] } : reply;

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
    feedback: null,
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
    if (local.status !== 'streaming') return local;
    // Both are the start of the same text: the longer one has more of it.
    const longer = (a: string, b: string) => (a.length >= b.length ? a : b);
    return {
      ...local,
      content: longer(local.content, message.content),
      reasoning: longer(local.reasoning, message.reasoning),
    };
  });
  const savedIds = new Set(saved.map((message) => message.id));
  // Earlier pages read meanwhile go before, placeholders after: message ids grow with time.
  return [...merged, ...shown.filter((message) => !savedIds.has(message.id))].sort((a, b) => a.id - b.id);
}
