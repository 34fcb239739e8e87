import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import { createCatalogue } from './catalogue.ts';
import { LlmError, type LlmTestResult } from './llm.ts';
import { type ProviderConnection, providerKeyBox } from './provider-connection.ts';

/**
 * Embeddings through a provider's OpenAI-compatible `POST /embeddings`: the platform's embedding model
 * is the first enabled model of type `embedding` of an enabled provider, in the operator's order.
 * Texts go in batches; a batch the provider fails (a network error, 408, 429 or 5xx) is tried again
 * twice, a little later each time.
 */

/** The model chunks and queries are embedded with; `modelKey` is part of what a vector was made by. */
export type EmbeddingModel = { id: number; name: string; modelKey: string };

export type Embeddings = {
  /** The platform's embedding model, or undefined when none is connected and enabled. */
  activeModel(): Promise<EmbeddingModel | undefined>;
  /** One vector per text, in order; throws LlmError (`model_unavailable`, `provider_failed`, `timeout`). */
  embed(model: EmbeddingModel, texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** "Test connection" for an embedding model: embeds one word. Never throws. */
  testConnection(connection: ProviderConnection, modelKey: string): Promise<LlmTestResult>;
  invalidate(): void;
};

export type EmbedOptions = { signal?: AbortSignal; timeoutMs?: number; attempts?: number };

/** Texts one request carries (OpenAI takes up to 2048; local servers choke on much less). */
export const EMBED_BATCH = 64;
/** Characters of one text sent: a chunk is far shorter; this guards the provider's token limit. */
const TEXT_MAX_CHARS = 8000;
const ATTEMPTS = 3;
const RETRY_BASE_MS = 300;
const REQUEST_TIMEOUT_MS = 30_000;
const TEST_TIMEOUT_MS = 15_000;
const ACTIVE_CACHE_MS = 5_000;
const MESSAGE_MAX = 500;

const isRetryable = (status: number) => status === 408 || status === 429 || status >= 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const shortened = (text: string) => (text.length > MESSAGE_MAX ? `${text.slice(0, MESSAGE_MAX)}…` : text);

class RetryableError extends Error {}

/** A vector as the provider sent it: numbers, or base64 of little-endian Float32 values. */
function vectorOf(value: unknown): Float32Array | undefined {
  if (Array.isArray(value) && value.length > 0 && value.every((n) => typeof n === 'number'))
    return Float32Array.from(value as number[]);
  if (typeof value === 'string' && value.length > 0) {
    const bytes = Buffer.from(value, 'base64');
    if (bytes.byteLength % 4 !== 0) return undefined;
    const copy = new Uint8Array(bytes);
    return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
  }
  return undefined;
}

async function errorTextOf(response: Response): Promise<string> {
  const body = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    const message =
      typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (message) return `${response.status}: ${message}`;
  } catch {
    // Not JSON: the status and the start of the body say enough.
  }
  return `${response.status}: ${body.slice(0, 200) || response.statusText}`;
}

/** One request of one batch; RetryableError for what a later try may get through. */
async function requestBatch(
  connection: ProviderConnection,
  modelKey: string,
  texts: readonly string[],
  signal: AbortSignal,
): Promise<Float32Array[]> {
  let response: Response;
  try {
    response = await fetch(`${connection.baseUrl.replace(/\/+$/, '')}/embeddings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: modelKey, input: texts, encoding_format: 'float' }),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new RetryableError(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) {
    const message = await errorTextOf(response);
    if (isRetryable(response.status)) throw new RetryableError(message);
    throw new LlmError('provider_failed', shortened(message));
  }
  const body = (await response.json().catch(() => undefined)) as
    | { data?: { index?: number; embedding?: unknown }[] }
    | undefined;
  const rows = Array.isArray(body?.data) ? [...body.data] : [];
  rows.sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  const vectors = rows.map((row) => vectorOf(row.embedding));
  const dimensions = vectors[0]?.length;
  if (
    vectors.length !== texts.length ||
    !dimensions ||
    vectors.some((vector) => vector?.length !== dimensions)
  ) {
    throw new LlmError('provider_failed', 'the embeddings answer does not hold one vector for each text');
  }
  return vectors as Float32Array[];
}

/** Embeds `texts` with the model at `connection`, batch by batch, each tried up to `attempts` times. */
export async function embedWith(
  connection: ProviderConnection,
  modelKey: string,
  texts: readonly string[],
  options: EmbedOptions = {},
): Promise<Float32Array[]> {
  if (connection.kind !== 'openai-compatible') {
    throw new LlmError(
      'provider_failed',
      'this provider has no embeddings endpoint (OpenAI-compatible only)',
    );
  }
  const attempts = options.attempts ?? ATTEMPTS;
  const vectors: Float32Array[] = [];
  for (let start = 0; start < texts.length; start += EMBED_BATCH) {
    const batch = texts.slice(start, start + EMBED_BATCH).map((text) => text.slice(0, TEXT_MAX_CHARS));
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      try {
        vectors.push(...(await requestBatch(connection, modelKey, batch, signal)));
        break;
      } catch (error) {
        if (options.signal?.aborted)
          throw new LlmError('aborted', 'the request was cancelled', { cause: error });
        if (timeout.aborted) throw new LlmError('timeout', 'the embedding model did not answer in time');
        if (!(error instanceof RetryableError)) throw error;
        if (attempt >= attempts) throw new LlmError('provider_failed', shortened(error.message));
        await sleep(RETRY_BASE_MS * 3 ** (attempt - 1));
      }
    }
  }
  return vectors;
}

export function createEmbeddings({ db, config, log }: { db: Db; config: Config; log: FastifyBaseLogger }) {
  const catalogue = createCatalogue(db, providerKeyBox(config));
  let active: { model: EmbeddingModel | undefined; readAt: number } | undefined;

  async function activeModel(): Promise<EmbeddingModel | undefined> {
    if (active && Date.now() - active.readAt < ACTIVE_CACHE_MS) return active.model;
    const [row] = await db
      .select({ id: models.id, name: models.name, modelKey: models.modelKey })
      .from(models)
      .innerJoin(modelProviders, eq(modelProviders.id, models.providerId))
      .where(and(eq(models.enabled, true), eq(models.type, 'embedding'), eq(modelProviders.enabled, true)))
      .orderBy(asc(models.sort), asc(models.id))
      .limit(1);
    active = { model: row, readAt: Date.now() };
    return row;
  }

  const embeddings: Embeddings = {
    activeModel,
    async embed(model, texts, options) {
      if (texts.length === 0) return [];
      const entry = await catalogue.entry(model.id);
      if (entry?.info.type !== 'embedding')
        throw new LlmError('model_unavailable', `embedding model ${model.id} is missing or disabled`);
      if (entry.isKeyUnreadable)
        throw new LlmError('provider_failed', 'the stored API key cannot be read: was SECRETS_KEY changed?');
      try {
        return await embedWith(entry.connection, entry.modelKey, texts, options);
      } catch (error) {
        if (error instanceof LlmError && error.kind !== 'aborted')
          log.warn({ modelId: model.id, kind: error.kind, reason: error.message }, 'embedding call failed');
        throw error;
      }
    },
    async testConnection(connection, modelKey) {
      const startedAt = performance.now();
      const latencyMs = () => Math.round(performance.now() - startedAt);
      try {
        const [vector] = await embedWith(connection, modelKey, ['ok'], {
          timeoutMs: TEST_TIMEOUT_MS,
          attempts: 1,
        });
        return { ok: true, message: `${vector?.length ?? 0} dimensions`, latencyMs: latencyMs() };
      } catch (error) {
        return {
          ok: false,
          message: error instanceof Error ? error.message : String(error),
          latencyMs: latencyMs(),
        };
      }
    },
    invalidate() {
      active = undefined;
      catalogue.invalidate();
    },
  };
  return embeddings;
}
