import type { LanguageModelV3Message, LanguageModelV3Usage } from '@ai-sdk/provider';
import { APICallError, type FinishReason, RetryError } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { createCatalogue } from './catalogue.ts';
import {
  type Llm,
  type LlmChunk,
  type LlmDeps,
  LlmError,
  type LlmFinishReason,
  type LlmMessage,
  type LlmParams,
  type LlmRequest,
  type LlmUsage,
} from './llm.ts';
import { languageModelOf, type ProviderConnection, providerKeyBox } from './provider-connection.ts';

const PROVIDER_MESSAGE_MAX = 500;
const TEST_TIMEOUT_MS = 15_000;

const FINISH_REASONS: Record<FinishReason, LlmFinishReason> = {
  stop: 'stop',
  length: 'length',
  'content-filter': 'content_filter',
  'tool-calls': 'tool_calls',
  error: 'error',
  other: 'other',
};

const usageOf = ({ inputTokens, outputTokens }: LanguageModelV3Usage): LlmUsage => ({
  inputTokens: inputTokens.total,
  outputTokens: outputTokens.total,
  totalTokens:
    inputTokens.total === undefined && outputTokens.total === undefined
      ? undefined
      : (inputTokens.total ?? 0) + (outputTokens.total ?? 0),
});

/** A message as providers take it: text in parts, images as files. */
function promptMessageOf(message: LlmMessage): LanguageModelV3Message {
  if (message.role === 'system') return message;
  if (message.role === 'assistant') {
    return { role: 'assistant', content: [{ type: 'text', text: message.content }] };
  }
  const parts =
    typeof message.content === 'string'
      ? [{ type: 'text' as const, text: message.content }]
      : message.content;
  return {
    role: 'user',
    content: parts.map((part) =>
      part.type === 'text' ? part : { type: 'file', data: part.image, mediaType: part.mediaType },
    ),
  };
}

/** The provider's own words (its error body's message), short enough to show an operator. */
export function providerMessageOf(error: unknown): string {
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  let message = cause instanceof Error ? cause.message : String(cause);
  if (APICallError.isInstance(cause) && cause.statusCode) message = `${cause.statusCode}: ${message}`;
  return message.length > PROVIDER_MESSAGE_MAX ? `${message.slice(0, PROVIDER_MESSAGE_MAX)}…` : message;
}

/** Anthropic takes no penalties and only one of temperature and top_p. */
function samplingOf(kind: ProviderConnection['kind'], params: LlmParams = {}) {
  const isAnthropic = kind === 'anthropic';
  return {
    temperature: params.temperature,
    topP: isAnthropic && params.temperature !== undefined ? undefined : params.top_p,
    maxOutputTokens: params.max_tokens,
    presencePenalty: isAnthropic ? undefined : params.presence_penalty,
    frequencyPenalty: isAnthropic ? undefined : params.frequency_penalty,
  };
}

type Call = Omit<LlmRequest, 'modelId'> & { connection: ProviderConnection; modelKey: string };

async function* streamCall(
  call: Call,
  defaultTimeoutMs: number,
  log: FastifyBaseLogger,
): AsyncGenerator<LlmChunk> {
  const stop = new AbortController();
  const timeout = AbortSignal.timeout(call.timeoutMs ?? defaultTimeoutMs);
  const signals = [stop.signal, timeout, ...(call.signal ? [call.signal] : [])];
  const interrupted = (cause?: unknown) =>
    call.signal?.aborted
      ? new LlmError('aborted', 'the request was cancelled', { cause })
      : new LlmError('timeout', 'the model did not answer in time', { cause });
  if (call.signal?.aborted) throw interrupted();

  let isFinished = false;
  try {
    // The provider's own stream, without `streamText`'s pipeline around it: that pipeline (steps,
    // tools, telemetry, a chain of transform streams) added about 1 ms before a chat's first token.
    const { stream } = await languageModelOf(call.connection, call.modelKey).doStream({
      prompt: call.messages.map(promptMessageOf),
      ...samplingOf(call.connection.kind, call.params),
      abortSignal: AbortSignal.any(signals),
    });
    for await (const part of stream) {
      if (part.type === 'text-delta') yield { type: 'text', text: part.delta };
      else if (part.type === 'reasoning-delta') yield { type: 'reasoning', text: part.delta };
      else if (part.type === 'stream-start' && part.warnings.length > 0)
        log.debug({ warnings: part.warnings }, 'llm');
      else if (part.type === 'error') throw part.error;
      else if (part.type === 'finish') {
        isFinished = true;
        yield {
          type: 'finish',
          reason: FINISH_REASONS[part.finishReason.unified],
          usage: usageOf(part.usage),
        };
      }
    }
    if (!isFinished) throw new LlmError('provider_failed', 'the answer ended without finishing');
  } catch (error) {
    if (error instanceof LlmError) throw error;
    if (timeout.aborted || call.signal?.aborted) throw interrupted(error);
    throw new LlmError('provider_failed', providerMessageOf(error), { cause: error });
  } finally {
    // The consumer stopped reading early (or failed): close the provider's connection.
    if (!isFinished) stop.abort();
  }
}

/** The models' gateway: the providers and models in the database, called through the AI SDK. */
export function createLlm({ db, config, log }: LlmDeps): Llm {
  const catalogue = createCatalogue(db, providerKeyBox(config));
  // The SDK prints its warnings (an unsupported setting of one provider) to the console; keep them in the log.
  (globalThis as { AI_SDK_LOG_WARNINGS?: unknown }).AI_SDK_LOG_WARNINGS = false;

  async function* stream(request: LlmRequest): AsyncGenerator<LlmChunk> {
    const entry = await catalogue.entry(request.modelId);
    // An embedding model cannot chat: to chat it is as good as missing.
    if (entry?.info.type !== 'completion')
      throw new LlmError('model_unavailable', `model ${request.modelId} is missing, disabled or cannot chat`);
    if (entry.isKeyUnreadable) {
      throw new LlmError('provider_failed', 'the stored API key cannot be read: was SECRETS_KEY changed?');
    }
    try {
      yield* streamCall(
        { ...request, connection: entry.connection, modelKey: entry.modelKey },
        config.llm.timeoutMs,
        log,
      );
    } catch (error) {
      if (error instanceof LlmError && error.kind !== 'aborted') {
        log.warn({ modelId: request.modelId, kind: error.kind, reason: error.message }, 'model call failed');
      }
      throw error;
    }
  }

  const llm: Llm = {
    stream,
    async complete(request) {
      let text = '';
      for await (const chunk of stream(request)) {
        if (chunk.type === 'text') text += chunk.text;
        else if (chunk.type === 'finish') return { text, reason: chunk.reason, usage: chunk.usage };
      }
      throw new LlmError('provider_failed', 'the answer ended without finishing');
    },
    async modelInfo(modelId) {
      return (await catalogue.entry(modelId))?.info;
    },
    async testConnection(connection, modelKey) {
      const startedAt = performance.now();
      const latency = () => Math.round(performance.now() - startedAt);
      try {
        let reply = '';
        const call: Call = {
          connection,
          modelKey,
          messages: [{ role: 'user', content: 'Reply with the word: ok' }],
          params: { max_tokens: 16 },
        };
        for await (const chunk of streamCall(call, TEST_TIMEOUT_MS, log)) {
          if (chunk.type === 'text') reply += chunk.text;
        }
        return { ok: true, message: reply.trim(), latencyMs: latency() };
      } catch (error) {
        return {
          ok: false,
          message: error instanceof Error ? error.message : String(error),
          latencyMs: latency(),
        };
      }
    },
    invalidate: catalogue.invalidate,
  };
  return llm;
}
