// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeLlmServer,
  FLAGGED_BY_PROVIDER,
  startFakeLlmServer,
} from '../../../test/fake-llm/fake-llm-server.ts';
import { createModeration } from './moderation.ts';

const log = pino({ level: 'silent' });
let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
});
afterAll(() => fake.close());

describe('chat moderation', () => {
  it('refuses the operator’s words whatever their case, width or spacing', async () => {
    const moderation = createModeration({ words: ['forbidden', '违禁词'], provider: undefined }, log);
    expect(await moderation.isFlagged('Tell me about Ｆｏｒ Bidden things')).toBe(true);
    expect(await moderation.isFlagged('这里有违禁 词')).toBe(true);
    expect(await moderation.isFlagged('An ordinary question')).toBe(false);
    expect(await moderation.isFlagged('   ')).toBe(false);
  });

  it('asks the provider’s moderation, and lets text through when the provider fails', async () => {
    const provider = { baseUrl: fake.baseUrl, apiKey: undefined, model: 'omni-moderation-latest' };
    const moderation = createModeration({ words: [], provider }, log);
    expect(await moderation.isFlagged(`please ${FLAGGED_BY_PROVIDER}`)).toBe(true);
    expect(await moderation.isFlagged('a kind question')).toBe(false);

    const down = createModeration(
      { words: [], provider: { ...provider, baseUrl: 'http://127.0.0.1:9/v1' } },
      log,
    );
    expect(await down.isFlagged(`please ${FLAGGED_BY_PROVIDER}`)).toBe(false);
  });
});
