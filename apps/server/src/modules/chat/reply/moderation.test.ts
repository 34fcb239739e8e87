import { ERRORS } from '@tandem/contract/errors';
import { describe, expect, it } from 'vitest';
import { useFakeModels } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { useTestApp } from '../../../../test/test-app.ts';

// Every reply of the fake model starts with "Echo:": refusing it withdraws replies, not questions.
const ctx = useTestApp({ MODERATION_WORDS: 'forbidden topic, echo:' });
const fakes = useFakeModels(ctx);
const { call, data, balanceOf, chatSetup, replyWhen } = chatApi(ctx, fakes);
const POINTS = 3;

describe('moderated chat', () => {
  it('refuses a message with a refused word, and keeps nothing of it', async () => {
    const { owner, agentId } = await chatSetup();
    const answer = await call('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: 'Tell me about the FORBIDDEN   topic',
    });
    expect(answer.body.code).toBe(ERRORS.CONTENT_VIOLATION.code);
    const list = await data('GET', `/api/chat/get-conversation-list?agent_id=${agentId}`, owner.token);
    expect(list.total).toBe(0);
    expect(await balanceOf(owner.token)).toBe(1000);
  });

  it('withdraws a reply it refuses: its text gone, its points given back', async () => {
    const { owner, agentId } = await chatSetup();
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: agentId,
      content: 'Say something',
    });
    const reply = await replyWhen(
      owner.token,
      sent.conversation_id,
      (withdrawn) => withdrawn.status === 'failed',
      'the reply withdrawn',
    );
    expect(reply).toMatchObject({ status: 'failed', content: '', error_code: ERRORS.MESSAGE_WITHDRAWN.code });
    expect(await balanceOf(owner.token)).toBe(1000);
    expect(sent.points).toBe(POINTS);
  });
});
