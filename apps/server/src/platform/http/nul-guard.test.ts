import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const { call, data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

describe('a NUL character anywhere a user types', () => {
  it('answers 400 naming the field, never a 500, and keeps nothing', async () => {
    const { owner } = await team();
    const created = await agent(owner.token, completeConfig(fakes.model.chat));
    await data('POST', '/api/agent/publish-agent', owner.token, { id: created.id });

    const message = await call('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: created.id,
      content: 'hello\u0000there',
    });
    expect(message.status).toBe(400);
    expect(message.body.data.fields).toEqual([
      { field: 'content', message: 'NUL characters are not allowed' },
    ]);
    const list = await data('GET', `/api/chat/get-conversation-list?agent_id=${created.id}`, owner.token);
    expect(list.total).toBe(0);

    const draft = await call('POST', '/api/agent/update-agent', owner.token, {
      id: created.id,
      config: { ...completeConfig(fakes.model.chat), name: 'Bad\u0000name' },
    });
    expect(draft.status).toBe(400);
    expect(draft.body.data.fields[0].field).toBe('config.name');

    const search = await call(
      'GET',
      '/api/agent/get-agent-list?keyword=a%00b&page=1&page_size=10',
      owner.token,
    );
    expect(search.status).toBe(400);
    expect(search.body.data.fields[0].field).toBe('keyword');
  });
});
