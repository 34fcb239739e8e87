import type { AgentConfig, ChatTurn, StreamEvent } from '@tandem/contract/agent';
import { STREAM_EVENT_TYPES } from '@tandem/contract/agent-rules';
import { AGENT_API } from '@tandem/contract/api';
import { postForStream } from '../../../shared/api/json-stream.ts';

export type { ChatTurn, StreamEvent };

const isStreamEvent = (value: unknown): value is StreamEvent =>
  !!value &&
  typeof value === 'object' &&
  (STREAM_EVENT_TYPES as readonly string[]).includes((value as { type?: string }).type ?? '');

/**
 * Chats with the unsaved configuration (the preview and debug panel): the reply streams back as
 * Server-Sent Events, each a `delta`, `reasoning`, `done` or `error`. Aborting `signal` stops it.
 */
export async function* debugChat(
  body: { id?: number; config: AgentConfig; messages: ChatTurn[] },
  signal: AbortSignal,
): AsyncGenerator<StreamEvent> {
  for await (const { event, data } of postForStream(AGENT_API.debugChat, body, { signal })) {
    if (isStreamEvent(data)) yield data;
    else if (event === 'delta' && typeof data === 'string') yield { type: 'delta', content: data };
  }
}
