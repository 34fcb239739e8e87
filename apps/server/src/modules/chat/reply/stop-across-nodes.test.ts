import { describe, expect, it } from 'vitest';
import { addFakeModels } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { startFakeLlmServer } from '../../../../test/fake-llm/fake-llm-server.ts';
import { useNodes } from '../../../../test/nodes.ts';

describe.runIf(process.env.TEST_DATABASE === 'postgres')('Stop on another node', () => {
  const [one, two] = useNodes(2);

  it('stops a reply generated on the first node, keeping its text as stopped', async () => {
    const fake = await startFakeLlmServer();
    try {
      const models = await addFakeModels(one!, fake);
      const { data, chatSetup, messagesOf, replyWhen } = chatApi(one!, { model: models });
      const { owner, agentId } = await chatSetup('slow');
      const content = Array.from({ length: 60 }, (_, index) => `word${index}`).join(' ');
      const sent = await data('POST', '/api/chat/agent-send-message', owner.token, {
        agent_id: agentId,
        content,
      });
      await replyWhen(
        owner.token,
        sent.conversation_id,
        (reply) => reply.status === 'streaming' && reply.content !== '',
        'the reply under way, some of its text saved',
      );

      const stopped = await chatApi(two!).data('POST', '/api/chat/stop-message', owner.token, {
        conversation_id: sent.conversation_id,
      });
      expect(stopped).toEqual({ stopped: true });
      const reply = (await messagesOf(owner.token, sent.conversation_id)).at(-1)!;
      expect(reply.status).toBe('stopped');
      expect(reply.content).toMatch(/^Echo: word0/);
      expect(reply.content.length).toBeLessThan(`Echo: ${content}`.length);
    } finally {
      await fake.close();
    }
  });
});
