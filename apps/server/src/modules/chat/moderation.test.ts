import type { ChatMessage } from '@tandem/contract/chat';
import { ERRORS } from '@tandem/contract/errors';
import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

// Every reply of the fake model starts with "Echo:": refusing it withdraws replies, not questions.
const ctx = useTestApp({ MODERATION_WORDS: 'forbidden topic, echo:' });
const { call, data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);
const POINTS = 3;

async function chatSetup() {
  const teamOf = await team();
  const created = await agent(teamOf.owner.token, completeConfig(fakes.model.chat));
  await data('POST', '/api/agent/publish-agent', teamOf.owner.token, { id: created.id });
  return { ...teamOf, agentId: created.id };
}

const balanceOf = async (token: string) =>
  (await data('GET', '/api/user/account', token)).current_team_ver.numerical_auth.points_quota
    .points_quota_surplus_numerical as number;

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
    let reply: ChatMessage | undefined;
    for (let tries = 0; tries < 300 && reply?.status !== 'failed'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const list = await data(
        'GET',
        `/api/chat/get-conversation-messages?conversation_id=${sent.conversation_id}`,
        owner.token,
      );
      reply = (list.data as ChatMessage[]).at(-1);
    }
    expect(reply).toMatchObject({ status: 'failed', content: '', error_code: ERRORS.MESSAGE_WITHDRAWN.code });
    expect(await balanceOf(owner.token)).toBe(1000);
    expect(sent.points).toBe(POINTS);
  });
});
