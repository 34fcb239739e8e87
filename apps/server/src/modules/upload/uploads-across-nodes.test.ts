import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { addFakeModels } from '../../../test/agents.ts';
import { chatApi } from '../../../test/chat.ts';
import { tinyPng } from '../../../test/factories.ts';
import { startFakeLlmServer } from '../../../test/fake-llm/fake-llm-server.ts';
import { useNodes } from '../../../test/nodes.ts';
import { startS3Server } from '../../../test/s3-server.ts';
import { models } from '../../db/schema.ts';

// Registered first, so it stops after the nodes that use it have closed.
const s3 = await startS3Server();
afterAll(() => s3.stop());

describe.runIf(process.env.TEST_DATABASE === 'postgres')('uploads across nodes on one S3 bucket', () => {
  const [one, two] = useNodes(2, s3.env);

  it('an image uploaded through one node is served by the other and reaches the model of a reply it generates', async () => {
    const fake = await startFakeLlmServer();
    try {
      const fakes = await addFakeModels(one!, fake);
      await one!.database.db.update(models).set({ supportsImages: true }).where(eq(models.id, fakes.chat));
      const { data, chatSetup } = chatApi(one!, { model: fakes });
      const { owner, agentId } = await chatSetup();
      const image = await data('POST', '/api/upload/upload_base64_img', owner.token, {
        data: tinyPng().toString('base64'),
        fileExt: 'png',
        fileName: 'dot.png',
      });

      const served = await two!.app.inject({ method: 'GET', url: image.file });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(tinyPng())).toBe(true);

      const onTwo = chatApi(two!);
      const sent = await onTwo.data('POST', '/api/chat/agent-send-message', owner.token, {
        agent_id: agentId,
        content: 'What is this?',
        images: [image.id],
      });
      const reply = await onTwo.settledReply(owner.token, sent.conversation_id);
      expect(reply.content).toBe('Echo: What is this? (1 image)');
      // The nodes share a data directory too: the bytes went to the bucket, not there.
      expect(existsSync(join(one!.config.dataDir, 'uploads'))).toBe(false);
    } finally {
      await fake.close();
    }
  });
});
