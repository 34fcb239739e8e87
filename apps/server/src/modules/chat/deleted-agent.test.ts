import { ERRORS } from '@tandem/contract/errors';
import { describe, expect, it } from 'vitest';
import { useFakeModels } from '../../../test/agents.ts';
import { chatApi } from '../../../test/chat.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const fakes = useFakeModels(ctx);
const { call, data, chatSetup, messagesOf, settledReply } = chatApi(ctx, fakes);

describe('a deleted agent’s conversations', () => {
  it('stay readable, under its old name, and take no new messages', async () => {
    const { owner, agentId, agentKey } = await chatSetup('chat', { name: 'Retired Helper' });
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: 'Before the end',
    });
    const read = () => messagesOf(owner.token, sent.conversation_id);
    await settledReply(owner.token, sent.conversation_id);
    await data('DELETE', '/api/agent/delete-agent', owner.token, { id: agentId });

    expect((await read()).map((message) => message.content)).toEqual([
      'Before the end',
      'Echo: Before the end',
    ]);
    const list = await data('GET', `/api/chat/get-conversation-list?agent_id=${agentId}`, owner.token);
    expect(list.total).toBe(1);
    const again = await call('POST', '/api/chat/agent-send-message', owner.token, {
      conversation_id: sent.conversation_id,
      content: 'Still there?',
    });
    expect(again.body.code).toBe(ERRORS.AGENT_DELETED.code);
    const info = await call('GET', `/api/agent/get-public-agent-info?agent_key=${agentKey}`, owner.token);
    expect(info.body).toMatchObject({ code: ERRORS.AGENT_DELETED.code, data: { name: 'Retired Helper' } });
  });
});
