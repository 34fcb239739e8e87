import type { StreamEvent } from '@tandem/contract/agent';
import { STREAM_EVENT_TYPES } from '@tandem/contract/agent-rules';
import { AI_WRITING_API, type AiWriteBody, type WritingModelData } from '@tandem/contract/ai-writing';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../../shared/api/http.ts';
import { postForStream } from '../../../../shared/api/json-stream.ts';

export type { AiWriteBody, StreamEvent };

const isStreamEvent = (value: unknown): value is StreamEvent =>
  !!value &&
  typeof value === 'object' &&
  (STREAM_EVENT_TYPES as readonly string[]).includes((value as { type?: string }).type ?? '');

/**
 * Asks the writing model to work on a selection: the result streams back as `delta`s, then `done` or
 * `error`. A refusal before the stream (no permission, not enough points) throws an ApiError with the
 * server's message. Aborting `signal` stops the model.
 */
export async function* streamAiWrite(body: AiWriteBody, signal: AbortSignal): AsyncGenerator<StreamEvent> {
  for await (const { data } of postForStream(AI_WRITING_API.write, body, { signal })) {
    if (isStreamEvent(data)) yield data;
  }
}

/** The model the actions spend and its points per request (null when none is usable). */
export const writingModelQuery = queryOptions({
  queryKey: ['ai-writing', 'model'],
  queryFn: () => http.get<WritingModelData>(AI_WRITING_API.writingModel),
  staleTime: 60_000,
});
