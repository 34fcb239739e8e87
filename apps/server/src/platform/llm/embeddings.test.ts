// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlmServer, startFakeLlmServer } from '../../../test/fake-llm/fake-llm-server.ts';
import { EMBED_BATCH, embedWith } from './embeddings.ts';
import { isLlmError } from './llm.ts';
import type { ProviderConnection } from './provider-connection.ts';

let fake: FakeLlmServer;
let connection: ProviderConnection;

beforeAll(async () => {
  fake = await startFakeLlmServer({ apiKey: 'sk-embed' });
  connection = { kind: 'openai-compatible', name: 'fake', baseUrl: fake.baseUrl, apiKey: 'sk-embed' };
});
afterAll(() => fake?.close());

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);

describe('embedding texts through an OpenAI-compatible /embeddings endpoint', () => {
  it('answers one vector a text, in order, in batches the provider takes', async () => {
    const texts = Array.from({ length: EMBED_BATCH + 6 }, (_, i) => `note number ${i}`);
    const before = fake.embeddingCalls.length;
    const vectors = await embedWith(connection, 'test-embed', texts);
    expect(vectors).toHaveLength(texts.length);
    expect(fake.embeddingCalls.slice(before).map((call) => call.inputs.length)).toEqual([EMBED_BATCH, 6]);
    const [again] = await embedWith(connection, 'test-embed', ['note number 3']);
    expect(cosine(vectors[3]!, again!)).toBeCloseTo(1, 5);
  });

  it('the test embedder puts texts sharing words near each other, in Chinese as in English', async () => {
    const [invoice, invoices, weather, 报销, 报销单, 天气] = await embedWith(connection, 'test-embed', [
      'The invoice was paid',
      'Invoices are paid monthly',
      'Sunny weather tomorrow',
      '差旅费用的报销单据',
      '报销单据怎么交',
      '明天天气晴朗',
    ]);
    expect(cosine(invoice!, invoices!)).toBeGreaterThan(0.4);
    expect(cosine(invoice!, weather!)).toBeLessThan(0.2);
    expect(cosine(报销!, 报销单!)).toBeGreaterThan(0.4);
    expect(cosine(报销!, 天气!)).toBeLessThan(0.2);
  });

  it('tries a failed batch again, and fails clearly when the provider keeps failing', async () => {
    fake.failEmbeddings(1);
    expect(await embedWith(connection, 'test-embed', ['retry me'])).toHaveLength(1);
    fake.failEmbeddings(3);
    const error = await embedWith(connection, 'test-embed', ['give up']).catch((e: unknown) => e);
    expect(isLlmError(error, 'provider_failed')).toBe(true);
    expect((error as Error).message).toBe('500: The fake model failed on purpose');
    fake.failEmbeddings(0);
  });

  it('does not retry what a retry cannot mend: a wrong key', async () => {
    const before = fake.embeddingCalls.length;
    const error = await embedWith({ ...connection, apiKey: 'wrong' }, 'test-embed', ['x']).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toBe('401: Incorrect API key provided');
    expect(fake.embeddingCalls.length - before).toBe(1);
  });

  it('refuses providers without an embeddings endpoint', async () => {
    const error = await embedWith({ ...connection, kind: 'anthropic' }, 'claude', ['x']).catch(
      (e: unknown) => e,
    );
    expect(isLlmError(error, 'provider_failed')).toBe(true);
  });
});
