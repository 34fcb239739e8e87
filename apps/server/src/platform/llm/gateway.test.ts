import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlmServer, startFakeLlmServer } from '../../../test/fake-llm/fake-llm-server.ts';
import { FAKE_FAILURE_MESSAGE } from '../../../test/fake-llm/script.ts';
import { testConfig } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { modelProviders, models } from '../../db/schema.ts';
import { createLlm } from './gateway.ts';
import { isLlmError, type Llm, type LlmChunk, type LlmRequest } from './llm.ts';
import { providerKeyBox } from './provider-connection.ts';

const API_KEY = 'sk-fake-provider-key';

let database: Database;
let fake: FakeLlmServer;
let llm: Llm;
const config = testConfig();
const ids: Record<string, number> = {};

async function addProvider(kind: 'openai-compatible' | 'anthropic', enabled = true) {
  const [provider] = await database.db
    .insert(modelProviders)
    .values({
      name: `fake ${kind}`,
      kind,
      baseUrl: fake.baseUrl,
      apiKeyEncrypted: providerKeyBox(config).seal(API_KEY),
      enabled,
    })
    .returning();
  return provider!.id;
}

async function addModel(providerId: number, modelKey: string, enabled = true) {
  const [model] = await database.db
    .insert(models)
    .values({ providerId, name: modelKey, modelKey, enabled, supportsImages: true, pointsPerRequest: 3 })
    .returning();
  return model!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await startFakeLlmServer({ apiKey: API_KEY });
  llm = createLlm({ db: database.db, config, log: pino({ level: 'silent' }) });
  const openai = await addProvider('openai-compatible');
  const anthropic = await addProvider('anthropic');
  const disabledProvider = await addProvider('openai-compatible', false);
  ids.openai = await addModel(openai, 'fake-chat');
  ids.openaiSlow = await addModel(openai, 'fake-slow');
  ids.openaiFail = await addModel(openai, 'fake-fail');
  ids.openaiReason = await addModel(openai, 'fake-reason');
  ids.anthropic = await addModel(anthropic, 'fake-claude');
  ids.anthropicReason = await addModel(anthropic, 'fake-claude-reason');
  ids.anthropicFail = await addModel(anthropic, 'fake-claude-fail');
  ids.disabled = await addModel(openai, 'fake-disabled', false);
  ids.ofDisabledProvider = await addModel(disabledProvider, 'fake-chat');
  const [embedding] = await database.db
    .insert(models)
    .values({ providerId: openai, name: 'Embedder', modelKey: 'fake-embed', type: 'embedding' })
    .returning();
  ids.embedding = embedding!.id;
});

afterAll(async () => {
  await fake?.close();
  await database?.close();
});

async function collect(request: LlmRequest) {
  const chunks: LlmChunk[] = [];
  for await (const chunk of llm.stream(request)) chunks.push(chunk);
  const text = (type: 'text' | 'reasoning') =>
    chunks.flatMap((chunk) => (chunk.type === type ? [chunk.text] : [])).join('');
  return { chunks, text: text('text'), reasoning: text('reasoning'), finish: chunks.at(-1) };
}

async function failureOf(request: LlmRequest) {
  try {
    await collect(request);
  } catch (error) {
    if (isLlmError(error)) return error;
    throw error;
  }
  throw new Error('the stream did not fail');
}

const say = (text: string): LlmRequest['messages'] => [
  { role: 'system', content: 'You are a test.' },
  { role: 'user', content: 'earlier question' },
  { role: 'assistant', content: 'earlier answer' },
  { role: 'user', content: text },
];

describe.each([
  ['OpenAI-compatible', 'openai'],
  ['Anthropic', 'anthropic'],
])('the gateway to an %s provider', (_name, key) => {
  it('streams the reply word by word, then one finish with the usage', async () => {
    const result = await collect({ modelId: ids[key]!, messages: say('hello big world') });
    expect(result.text).toBe('Echo: hello big world');
    expect(result.chunks.filter((chunk) => chunk.type === 'text').length).toBe(4);
    expect(result.finish).toEqual({
      type: 'finish',
      reason: 'stop',
      usage: { inputTokens: expect.any(Number), outputTokens: 4, totalTokens: expect.any(Number) },
    });
  });

  it('stops at max_tokens with the finish reason length', async () => {
    const result = await collect({
      modelId: ids[key]!,
      messages: say('one two three'),
      params: { max_tokens: 2 },
    });
    expect(result.text).toBe('Echo: one');
    expect(result.finish).toMatchObject({ type: 'finish', reason: 'length' });
  });

  it('sends the system prompt and the key it keeps encrypted', async () => {
    expect((await llm.complete({ modelId: ids[key]!, messages: say('/system') })).text).toBe(
      'System: You are a test.',
    );
    const call = fake.calls.at(-1)!;
    expect(call.headers.authorization ?? call.headers['x-api-key']).toContain(API_KEY);
  });

  it('streams reasoning before the answer', async () => {
    const result = await collect({ modelId: ids[`${key}Reason`]!, messages: say('why') });
    expect(result.reasoning).toBe('Thinking about: why');
    expect(result.text).toBe('Echo: why');
  });

  it("fails with the provider's own message", async () => {
    const error = await failureOf({ modelId: ids[`${key}Fail`]!, messages: say('hi') });
    expect(error.kind).toBe('provider_failed');
    expect(error.message).toContain(FAKE_FAILURE_MESSAGE);
    expect(error.message).toContain('500');
  });
});

describe('the gateway', () => {
  it('passes the sampling settings to an OpenAI-compatible provider', async () => {
    const { text } = await llm.complete({
      modelId: ids.openai!,
      messages: say('/params'),
      params: {
        temperature: 0.3,
        top_p: 0.8,
        max_tokens: 100,
        presence_penalty: 0.5,
        frequency_penalty: 0.2,
      },
    });
    expect(text).toBe('temperature=0.3 top_p=0.8 max_tokens=100 presence_penalty=0.5 frequency_penalty=0.2');
  });

  it('sends images of the user message', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    for (const modelId of [ids.openai!, ids.anthropic!]) {
      const { text } = await llm.complete({
        modelId,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'what is this' },
              { type: 'image', image: new Uint8Array(png), mediaType: 'image/png' },
            ],
          },
        ],
      });
      expect(text).toBe('Echo: what is this (1 image)');
    }
  });

  it('refuses a missing model, a disabled model and a model of a disabled provider as unavailable', async () => {
    for (const modelId of [999_999, ids.disabled!, ids.ofDisabledProvider!]) {
      expect((await failureOf({ modelId, messages: say('hi') })).kind).toBe('model_unavailable');
      expect(await llm.modelInfo(modelId)).toBeUndefined();
    }
  });

  it('refuses to chat with an embedding model', async () => {
    const before = fake.calls.length;
    expect((await failureOf({ modelId: ids.embedding!, messages: say('hi') })).kind).toBe(
      'model_unavailable',
    );
    expect(fake.calls.length).toBe(before);
  });

  it('describes a usable model', async () => {
    expect(await llm.modelInfo(ids.anthropic!)).toEqual({
      id: ids.anthropic,
      name: 'fake-claude',
      type: 'completion',
      providerId: expect.any(Number),
      providerName: 'fake anthropic',
      providerKind: 'anthropic',
      contextLength: 8192,
      supportsImages: true,
      pointsPerRequest: 3,
    });
  });

  it('sees a model disabled after invalidate', async () => {
    const modelId = await addModel((await llm.modelInfo(ids.openai!))!.providerId, 'fake-soon-off');
    llm.invalidate();
    expect(await llm.modelInfo(modelId)).toBeDefined();
    await database.db.update(models).set({ enabled: false }).where(eq(models.id, modelId));
    llm.invalidate();
    expect(await llm.modelInfo(modelId)).toBeUndefined();
  });

  it('calls a provider with its new key after invalidate, not through the model made before', async () => {
    const providerId = (await llm.modelInfo(ids.openai!))!.providerId;
    const setKey = (key: string) =>
      database.db
        .update(modelProviders)
        .set({ apiKeyEncrypted: providerKeyBox(config).seal(key) })
        .where(eq(modelProviders.id, providerId));
    expect((await collect({ modelId: ids.openai!, messages: say('before') })).text).toBe('Echo: before');
    await setKey('sk-rotated');
    llm.invalidate();
    try {
      expect((await failureOf({ modelId: ids.openai!, messages: say('after') })).message).toContain('401');
      expect(fake.calls.at(-1)!.headers.authorization).toBe('Bearer sk-rotated');
    } finally {
      await setKey(API_KEY);
      llm.invalidate();
    }
  });

  it("stops when the caller's signal fires, with the kind aborted", async () => {
    const controller = new AbortController();
    const texts: string[] = [];
    const error = await (async () => {
      try {
        for await (const chunk of llm.stream({
          modelId: ids.openaiSlow!,
          messages: say('a b c d e f'),
          signal: controller.signal,
        })) {
          if (chunk.type === 'text') texts.push(chunk.text);
          if (texts.length === 1) controller.abort();
        }
      } catch (caught) {
        return caught;
      }
    })();
    expect(isLlmError(error, 'aborted')).toBe(true);
    expect(texts).toEqual(['Echo:']);
  });

  it('gives up after the time limit with the kind timeout', async () => {
    const error = await failureOf({ modelId: ids.openaiSlow!, messages: say('a b c d e f'), timeoutMs: 200 });
    expect(error.kind).toBe('timeout');
  });

  it('reports a provider refusing the key', async () => {
    const result = await llm.testConnection(
      { kind: 'openai-compatible', name: 'x', baseUrl: fake.baseUrl, apiKey: 'wrong' },
      'fake-chat',
    );
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('401') });
    expect(result.message).toContain('Incorrect API key');
  });

  it('tests a connection with a tiny request', async () => {
    for (const kind of ['openai-compatible', 'anthropic'] as const) {
      const result = await llm.testConnection(
        { kind, name: 'x', baseUrl: fake.baseUrl, apiKey: API_KEY },
        'm',
      );
      expect(result).toMatchObject({ ok: true, message: 'Echo: Reply with the word: ok' });
    }
    const unreachable = await llm.testConnection(
      { kind: 'openai-compatible', name: 'x', baseUrl: 'http://127.0.0.1:9/v1', apiKey: undefined },
      'm',
    );
    expect(unreachable.ok).toBe(false);
    expect(unreachable.message).not.toBe('');
  });
});
