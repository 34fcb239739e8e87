import type { ChatPublication } from '@tandem/contract/chat';
import { ERRORS } from '@tandem/contract/errors';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useFakeModels, watchedLlm } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { tinyPng } from '../../../../test/factories.ts';
import { SUGGESTED } from '../../../../test/fake-llm/script.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { models } from '../../../db/schema.ts';
import { createRealtime } from '../../../platform/realtime/realtime.ts';

const published: { channel: string; data: ChatPublication }[] = [];
let llm: ReturnType<typeof watchedLlm>;
const ctx = useTestApp({}, (config) => {
  llm = watchedLlm(ctx, config, []);
  const realtime = createRealtime({ config: config.realtime, log: pino({ level: 'silent' }) });
  return {
    realtime: {
      ...realtime,
      publisher: {
        publish(channel, data) {
          published.push({ channel, data: data as ChatPublication });
          return realtime.publisher.publish(channel, data);
        },
        broadcast: (channels, data) => realtime.publisher.broadcast(channels, data),
      },
    },
    llm,
  };
});
const fakes = useFakeModels(ctx);
const { call, data, team, chatSetup, messagesOf, replyWhen, settledReply } = chatApi(ctx, fakes);

const send = (token: string, payload: object) => call('POST', '/api/chat/agent-send-message', token, payload);

const upload = async (token: string, bytes: Buffer, name: string) =>
  (
    await data('POST', '/api/upload/upload_base64_img', token, {
      data: bytes.toString('base64'),
      // The type is told by the bytes, whatever the name says.
      fileExt: 'png',
      fileName: name,
    })
  ).id as string;

describe('suggested next questions', () => {
  it('follow a reply when the agent has them on, saved and published', async () => {
    const mine = await chatSetup('chat', { suggest_questions: true });
    const sent = (await send(mine.owner.token, { agent_id: mine.agentId, content: 'Plan a trip' })).body.data;
    const reply = await replyWhen(
      mine.owner.token,
      sent.conversation_id,
      (ended) => ended.status !== 'streaming' && (ended.suggestions ?? []).length > 0,
      'the reply and its suggestions',
    );
    expect(reply).toMatchObject({ content: 'Echo: Plan a trip', suggestions: SUGGESTED });
    const events = published
      .filter((p) => p.channel === `chat:${sent.conversation_id}`)
      .map((p) => p.data.type);
    expect(events.slice(-2)).toEqual(['done', 'suggestions']);
  });

  it('do not hold the conversation up: the next message goes while they are being written', async () => {
    const mine = await chatSetup('slow', { suggest_questions: true });
    const sent = (await send(mine.owner.token, { agent_id: mine.agentId, content: 'Plan' })).body.data;
    const reply = await settledReply(mine.owner.token, sent.conversation_id);
    expect(reply.suggestions).toEqual([]);
    const next = await send(mine.owner.token, {
      conversation_id: sent.conversation_id,
      content: 'And then?',
    });
    expect(next.body.code).toBe(0);
  });

  it('are not asked for when the agent has them off', async () => {
    const { owner, agentId } = await chatSetup('chat', { suggest_questions: false });
    const sent = (await send(owner.token, { agent_id: agentId, content: 'Plan a trip' })).body.data;
    const reply = await settledReply(owner.token, sent.conversation_id);
    expect(reply.suggestions).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const events = published
      .filter((p) => p.channel === `chat:${sent.conversation_id}`)
      .map((p) => p.data.type);
    expect(events).not.toContain('suggestions');
  });
});

describe('images in a message', () => {
  it('are refused when the agent’s model does not read images', async () => {
    const { owner, agentId } = await chatSetup();
    const image = await upload(owner.token, tinyPng(), 'dot.png');
    const answer = await send(owner.token, { agent_id: agentId, content: 'What is this?', images: [image] });
    expect(answer.body.code).toBe(ERRORS.IMAGES_NOT_SUPPORTED.code);
  });

  it('reach a model that reads them, and are shown with the message', async () => {
    await ctx.database.db.update(models).set({ supportsImages: true }).where(eq(models.id, fakes.model.slow));
    llm.invalidate();
    const { owner, agentId } = await chatSetup('slow');
    const first = await upload(owner.token, tinyPng(), 'one.png');
    const second = await upload(owner.token, tinyPng(), 'two.png');
    const sent = await send(owner.token, { agent_id: agentId, content: 'Compare', images: [first, second] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    await settledReply(owner.token, sent.body.data.conversation_id);
    const messages = await messagesOf(owner.token, sent.body.data.conversation_id);
    expect(messages[0]?.attachments).toEqual([`/api/upload/files/${first}`, `/api/upload/files/${second}`]);
    expect(messages[1]?.content).toBe('Echo: Compare (2 images)');

    // Images alone make a message too, titled as one.
    const alone = await send(owner.token, { agent_id: agentId, images: [first] });
    expect(alone.body.data.title).toBe('Image');

    // Someone else's upload, an unknown one, a BMP, or more than ten are refused.
    const stranger = await team();
    const theirs = await upload(stranger.owner.token, tinyPng(), 'theirs.png');
    const refused = await send(owner.token, { agent_id: agentId, content: 'Hi', images: [theirs] });
    expect(refused.body.code).toBe(ERRORS.ATTACHMENT_NOT_FOUND.code);
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]);
    bmp.writeUInt32LE(62, 2);
    bmp.writeUInt32LE(26, 10);
    bmp.writeUInt32LE(12, 14);
    const bitmap = await upload(owner.token, bmp, 'old.bmp');
    expect((await send(owner.token, { agent_id: agentId, content: 'Hi', images: [bitmap] })).body.code).toBe(
      ERRORS.IMAGE_TYPE_ERROR.code,
    );
    const eleven = Array.from({ length: 11 }, () => first);
    expect((await send(owner.token, { agent_id: agentId, content: 'Hi', images: eleven })).status).toBe(400);
  });
});
