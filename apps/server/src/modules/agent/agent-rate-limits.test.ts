import { AGENT_DEBUG_CHATS_PER_MINUTE, PROMPT_OPTIMIZATIONS_PER_MINUTE } from '@tandem/contract/agent-rules';
import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, team } = agentApi(ctx);
const fakes = useFakeModels(ctx);

const say = [{ role: 'user', content: 'hi' }];

describe('rate limits on the editor’s model calls', () => {
  it(`answers 429 with retry_after after ${AGENT_DEBUG_CHATS_PER_MINUTE} debug chats a minute, per user and before the model is asked`, async () => {
    const { owner, member } = await team();
    const colleague = await member();
    // Refused for want of a model: cheap, and counted all the same.
    const noModel = { config: { name: 'draft' }, messages: say };
    for (let sent = 0; sent < AGENT_DEBUG_CHATS_PER_MINUTE; sent++) {
      expect((await call('POST', '/api/agent/debug-chat', owner.token, noModel)).body.code).toBe(2109);
    }
    const modelCalls = fakes.server.calls.length;
    const limited = await call('POST', '/api/agent/debug-chat', owner.token, {
      config: completeConfig(fakes.model.chat),
      messages: say,
    });
    expect([limited.status, limited.body.code]).toEqual([429, 1004]);
    expect(limited.body.data.retry_after).toBeGreaterThan(0);
    expect(limited.body.data.retry_after).toBeLessThanOrEqual(60);
    expect(fakes.server.calls.length).toBe(modelCalls);

    // Someone else, from the same address, is not held back; no session is still 401.
    expect((await call('POST', '/api/agent/debug-chat', colleague.token, noModel)).body.code).toBe(2109);
    expect((await call('POST', '/api/agent/debug-chat', undefined, noModel)).status).toBe(401);
  });

  it(`answers 429 after ${PROMPT_OPTIMIZATIONS_PER_MINUTE} prompt optimisations a minute, per user`, async () => {
    const { owner, member } = await team();
    const colleague = await member();
    const unusable = { prompt: 'Be brief.', model_id: fakes.model.disabled };
    for (let sent = 0; sent < PROMPT_OPTIMIZATIONS_PER_MINUTE; sent++) {
      expect((await call('POST', '/api/agent/counselor-optimize', owner.token, unusable)).body.code).toBe(
        2007,
      );
    }
    const limited = await call('POST', '/api/agent/counselor-optimize', owner.token, { prompt: 'Be brief.' });
    expect(limited).toMatchObject({
      status: 429,
      body: { code: 1004, data: { retry_after: expect.any(Number) } },
    });
    expect((await call('POST', '/api/agent/counselor-optimize', colleague.token, unusable)).body.code).toBe(
      2007,
    );
  });
});
