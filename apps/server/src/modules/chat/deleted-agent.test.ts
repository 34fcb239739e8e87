import type { ChatMessage } from '@tandem/contract/chat';
import { ERRORS } from '@tandem/contract/errors';
import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

describe('a deleted agent’s conversations', () => {
  it('stay readable, under its old name, and take no new messages', async () => {
    const { owner } = await team();
    const created = await agent(owner.token, completeConfig(fakes.model.chat, 'Retired Helper'));
    await data('POST', '/api/agent/publish-agent', owner.token, { id: created.id });
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: created.id,
      content: 'Before the end',
    });
    const read = async () =>
      (
        await data(
          'GET',
          `/api/chat/get-conversation-messages?conversation_id=${sent.conversation_id}`,
          owner.token,
        )
      ).data as ChatMessage[];
    for (let tries = 0; tries < 200 && (await read()).at(-1)?.status === 'streaming'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await data('DELETE', '/api/agent/delete-agent', owner.token, { id: created.id });

    expect((await read()).map((message) => message.content)).toEqual([
      'Before the end',
      'Echo: Before the end',
    ]);
    const list = await data('GET', `/api/chat/get-conversation-list?agent_id=${created.id}`, owner.token);
    expect(list.total).toBe(1);
    const again = await call('POST', '/api/chat/agent-send-message', owner.token, {
      conversation_id: sent.conversation_id,
      content: 'Still there?',
    });
    expect(again.body.code).toBe(ERRORS.AGENT_DELETED.code);
    const info = await call('GET', `/api/agent/get-public-agent-info?agent_key=${created.key}`, owner.token);
    expect(info.body).toMatchObject({ code: ERRORS.AGENT_DELETED.code, data: { name: 'Retired Helper' } });
  });
});
