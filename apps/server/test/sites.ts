import { afterAll, beforeAll } from 'vitest';
import { createPreviewLinks } from '../src/modules/sites/preview-links.ts';
import { createPreviewServer } from '../src/modules/sites/preview-server.ts';
import { createStorage } from '../src/platform/storage/storage.ts';
import type { FakeModels } from './agents.ts';
import { chatApi } from './chat.ts';
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
export function siteConversations(ctx: TestContext, fakes: { model: FakeModels }) {
  const { data, chatSetup, settledReply } = chatApi(ctx, fakes);

  /** A new team whose owner has a published agent on `model` that builds sites (unless told not to). */
  const webBuilder = (model: keyof FakeModels = 'chat', isWebBuilder = true) =>
    chatSetup(model, { web_build: isWebBuilder });

  /** Sends a message, and waits for the reply to end. */
  async function sendAndWait(token: string, payload: object) {
    const sent = await data('POST', '/api/chat/agent-send-message', token, payload);
    await settledReply(token, sent.conversation_id);
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
