import { ERRORS } from '@tandem/contract/errors';
import { describe, expect, it } from 'vitest';
import { agentApi, completeConfig, useFakeModels } from '../../../test/agents.ts';
import { useTestApp } from '../../../test/test-app.ts';

/** A server whose models must answer within a second. */
const ctx = useTestApp({ LLM_TIMEOUT_MS: '1000' });
const { data, team, agent } = agentApi(ctx);
const fakes = useFakeModels(ctx);

describe('a reply slower than LLM_TIMEOUT_MS', () => {
  it('fails with answer timeout (2006) and gives the points back', async () => {
    const { owner } = await team();
    const { id } = await agent(owner.token, completeConfig(fakes.model.slow));
    await data('POST', '/api/agent/publish-agent', owner.token, { id });
    const words = Array.from({ length: 15 }, (_, i) => `word${i}`).join(' ');
    const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
      agent_id: id,
      content: words,
    });
    let last: { status: string; error_code: number | null; content: string } | undefined;
    for (let tries = 0; tries < 200; tries++) {
      const page = await data(
        'GET',
        `/api/chat/get-conversation-messages?conversation_id=${sent.conversation_id}`,
        owner.token,
      );
      last = page.data.at(-1);
      if (last?.status !== 'streaming') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(last).toMatchObject({ status: 'failed', error_code: ERRORS.ANSWER_TIMEOUT.code });
    const account = await data('GET', '/api/user/account', owner.token);
    expect(account.current_team_ver.numerical_auth.points_quota.points_quota_surplus_numerical).toBe(1000);
  });
});
