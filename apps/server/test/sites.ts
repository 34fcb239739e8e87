import { afterAll, beforeAll, expect } from 'vitest';
import { createPreviewLinks } from '../src/modules/sites/preview-links.ts';
import { createPreviewServer } from '../src/modules/sites/preview-server.ts';
import { createStorage } from '../src/platform/storage/storage.ts';
import { type agentApi, completeConfig, type useFakeModels } from './agents.ts';
import { eventually } from './eventually.ts';
import type { TestContext } from './test-app.ts';

/** Helpers of the site tests: the preview origin of the test app, and conversations of web builders. */

/** The preview origin on the test app's database, keys and storage (`.server`, once the tests start). */
export function usePreviewServer(ctx: TestContext) {
  const preview = {} as { server: ReturnType<typeof createPreviewServer> };
  beforeAll(async () => {
    preview.server = createPreviewServer({
      db: ctx.database.db,
      previewLinks: createPreviewLinks({ secret: ctx.config.realtime.secret }),
      storage: await createStorage(ctx.config.storage),
      appOrigins: () => ['http://localhost:3000'],
    });
  });
  afterAll(() => preview.server?.close());
  return preview;
}

/** The tests' way to a web builder's conversations. */
export function siteConversations(api: ReturnType<typeof agentApi>, fakes: ReturnType<typeof useFakeModels>) {
  const { data, team, agent } = api;

  async function webBuilder() {
    const { owner } = await team();
    const created = await agent(owner.token, { ...completeConfig(fakes.model.chat), web_build: true });
    await data('POST', '/api/agent/publish-agent', owner.token, { id: created.id });
    return { owner, agentId: created.id as number };
  }

  /** Sends a message, and waits for the reply to end. */
  async function sendAndWait(token: string, payload: object) {
    const sent = await data('POST', '/api/chat/agent-send-message', token, payload);
    await eventually(async () => {
      const page = await data(
        'GET',
        `/api/chat/get-conversation-messages?conversation_id=${sent.conversation_id}`,
        token,
      );
      expect(page.data.at(-1).status).not.toBe('streaming');
    });
    return sent as { conversation_id: string; assistant_message_id: number };
  }

  /** A new web builder's conversation with no version yet (the fake model writes no file). */
  async function siteConversation() {
    const { owner, agentId } = await webBuilder();
    const sent = await sendAndWait(owner.token, { agent_id: agentId, content: 'no files yet' });
    return { owner, conversationId: sent.conversation_id };
  }

  return { webBuilder, sendAndWait, siteConversation };
}
