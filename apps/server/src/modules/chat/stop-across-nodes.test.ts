import type { ChatMessage } from '@tandem/contract/chat';
import { describe, expect, it } from 'vitest';
import { addFakeModels, agentApi, completeConfig } from '../../../test/agents.ts';
import { startFakeLlmServer } from '../../../test/fake-llm/fake-llm-server.ts';
import { useNodes } from '../../../test/nodes.ts';

describe.runIf(process.env.TEST_DATABASE === 'postgres')('Stop on another node', () => {
  const [one, two] = useNodes(2);

  it('stops a reply generated on the first node, keeping its text as stopped', async () => {
    const fake = await startFakeLlmServer();
    try {
      const models = await addFakeModels(one!, fake);
      const { data, team, agent } = agentApi(one!);
      const { owner } = await team();
      const created = await agent(owner.token, completeConfig(models.slow));
      await data('POST', '/api/agent/publish-agent', owner.token, { id: created.id });
      const content = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
      const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
        agent_id: created.id,
        content,
      });
      const read = async () =>
        (
          await data(
            'GET',
            `/api/chat/get-conversation-messages?conversation_id=${sent.conversation_id}`,
            owner.token,
          )
        ).data as ChatMessage[];
      // Under way: some of its text saved.
      for (let tries = 0; tries < 500; tries++) {
        const last = (await read()).at(-1);
        if (last?.status === 'streaming' && last.content !== '') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      const stopped = await agentApi(two!).data('POST', '/api/chat/stop-message', owner.token, {
        conversation_id: sent.conversation_id,
      });
      expect(stopped).toEqual({ stopped: true });
      const reply = (await read()).at(-1)!;
      expect(reply.status).toBe('stopped');
      expect(reply.content).toMatch(/^Echo: word0/);
      expect(reply.content.length).toBeLessThan(`Echo: ${content}`.length);
    } finally {
      await fake.close();
    }
  });
});
