import { z } from 'zod';
import { COM_AGENT_KEYS, CONVERSATION_ID_PATTERN } from './realtime-channels.ts';

export { REALTIME_API } from './api.ts';
export * from './realtime-channels.ts';

/**
 * The realtime token calls. Each answers `data` as one string: a connection
 * JWT, a subscription JWT, or a channel name. The tokens are HS256 JWTs in Centrifugo's format
 * (`sub` is the user id as a string; subscription tokens add `channel`), so the built-in hub and a
 * Centrifugo cluster accept the same ones.
 */
export const tokenData = z.string();

/** A conversation id: its text form, 1-64 letters, digits, `_` or `-` (a number is taken as text). */
export const conversationId = z
  .union([z.string().trim(), z.number().int().nonnegative().transform(String)])
  .pipe(z.string().regex(CONVERSATION_ID_PATTERN, 'invalid conversation id'));

export const subscribeChatTokenBody = z.object({ conversation_id: conversationId });
export type SubscribeChatTokenBody = z.infer<typeof subscribeChatTokenBody>;

export const subscribeComChatTokenBody = z.object({ channel: z.string().trim().min(1).max(255) });
export type SubscribeComChatTokenBody = z.infer<typeof subscribeComChatTokenBody>;

export const comChatChannelBody = z.object({ com_agent_key: z.enum(COM_AGENT_KEYS) });
export type ComChatChannelBody = z.infer<typeof comChatChannelBody>;
