import type { ModelParams } from '@tandem/contract/agent';
import type { ModelType, ProviderKind } from '@tandem/contract/agent-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { ProviderConnection } from './provider-connection.ts';

/**
 * The LLM gateway every module talks to: it finds the model and its provider in the database and
 * streams the reply. Modules never see a provider, a key or the SDK.
 */

/**
 * A user's image: the uploaded file's bytes and type. Bytes only, never a URL: the SDK would fetch a
 * URL from the server, which a user could point at the internal network.
 */
export type LlmImagePart = { type: 'image'; image: Uint8Array; mediaType: string };
export type LlmTextPart = { type: 'text'; text: string };

export type LlmMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | Array<LlmTextPart | LlmImagePart> }
  | { role: 'assistant'; content: string };

export type LlmParams = Partial<
  Pick<ModelParams, 'temperature' | 'top_p' | 'max_tokens' | 'presence_penalty' | 'frequency_penalty'>
>;

export type LlmRequest = {
  modelId: number;
  messages: LlmMessage[];
  params?: LlmParams;
  /** Cancels the call (the user pressed stop, the connection closed); the stream then throws `aborted`. */
  signal?: AbortSignal;
  /** Whole-call limit; past it the stream throws `timeout`. Default LLM_TIMEOUT_MS. */
  timeoutMs?: number;
};

/** `length`: max_tokens was reached. */
export type LlmFinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls' | 'error' | 'other';

/** Token counts as the provider reported them; undefined when it did not. */
export type LlmUsage = { inputTokens?: number; outputTokens?: number; totalTokens?: number };

export type LlmChunk =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'finish'; reason: LlmFinishReason; usage: LlmUsage };

/**
 * - `model_unavailable`: no such model, or it or its provider is disabled (chat: "model of agent no
 *   longer available").
 * - `provider_failed`: the provider answered an error or something unreadable; `message` has its text.
 * - `timeout`: no complete answer within the limit. `aborted`: the caller's signal fired.
 */
export const LLM_ERROR_KINDS = ['model_unavailable', 'provider_failed', 'timeout', 'aborted'] as const;
export type LlmErrorKind = (typeof LLM_ERROR_KINDS)[number];

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LlmError';
  }
}

export const isLlmError = (error: unknown, kind?: LlmErrorKind): error is LlmError =>
  error instanceof LlmError && (kind === undefined || error.kind === kind);

/** What modules may know about a usable model (billing, context limits, image support). */
export type LlmModelInfo = {
  id: number;
  name: string;
  type: ModelType;
  providerId: number;
  providerName: string;
  providerKind: ProviderKind;
  contextLength: number;
  supportsImages: boolean;
  pointsPerRequest: number;
};

export type Llm = {
  /**
   * Streams the reply: text and reasoning deltas, then exactly one `finish`. Throws LlmError (from the
   * first iteration for a missing model, later for provider failures, timeouts and aborts).
   */
  stream(request: LlmRequest): AsyncIterable<LlmChunk>;
  /** Streams and collects: the whole text, why it stopped and the usage. Throws as `stream` does. */
  complete(request: LlmRequest): Promise<{ text: string; reason: LlmFinishReason; usage: LlmUsage }>;
  /** The model if it, and its provider, exist and are enabled; otherwise undefined. */
  modelInfo(modelId: number): Promise<LlmModelInfo | undefined>;
  /**
   * Sends a tiny request to a provider, saved or not (the admin's "test connection"): `ok` with the
   * model's reply, or the provider's error text. Never throws; gives up after 15 seconds.
   */
  testConnection(connection: ProviderConnection, modelKey: string): Promise<LlmTestResult>;
  /** Forgets the cached providers and models; every write to them calls it. */
  invalidate(): void;
};

export type LlmTestResult = { ok: boolean; message: string; latencyMs: number };

export type LlmDeps = { db: Db; config: Config; log: FastifyBaseLogger };
