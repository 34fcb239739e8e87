import type { ChatMessage, ChatPublication } from '@tandem/contract/chat';
import { ERRORS } from '@tandem/contract/errors';
import { Centrifuge } from 'centrifuge';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useFakeModels, watchedLlm } from '../../../test/agents.ts';
import { chatApi } from '../../../test/chat.ts';
import { until } from '../../../test/eventually.ts';
import { bearer } from '../../../test/factories.ts';
import { realtimeUrl } from '../../../test/realtime-clients.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { chatMessages, models, pointsLedger, teamPoints } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import type { LlmRequest } from '../../platform/llm/llm.ts';
import { createRealtime } from '../../platform/realtime/realtime.ts';
import { setPointsBalance } from '../quotas/index.ts';

/** Every publication on a chat channel, and every request the model was asked. */
const published: { channel: string; data: ChatPublication }[] = [];
const requests: LlmRequest[] = [];
const silent = pino({ level: 'silent' });
let watched: ReturnType<typeof watchedLlm>;
const ctx = useTestApp({}, (config) => {
  watched = watchedLlm(ctx, config, requests);
  const realtime = createRealtime({ config: config.realtime, log: silent });
  return {
    realtime: {
      ...realtime,
      publisher: {
        publish(channel, data) {
          if (channel.startsWith('chat:')) published.push({ channel, data: data as ChatPublication });
          return realtime.publisher.publish(channel, data);
        },
        broadcast: (channels, data) => realtime.publisher.broadcast(channels, data),
      },
    },
    llm: watched,
  };
});
const fakes = useFakeModels(ctx);
const { call, data, team, balanceOf, chatSetup, publishedAgent, messagesPage, messagesOf, replyWhen } =
  chatApi(ctx, fakes);

const FREE_POINTS = 1000;
const POINTS = 3; // the fake models' points per request

const send = (token: string, payload: object) => call('POST', '/api/chat/agent-send-message', token, payload);

/**
 * Waits until the conversation's last reply is no longer streaming and its last publication has gone
 * out (the reply is saved before `done` or `error` is published); answers the reply.
 */
const settledReply = (token: string, conversationId: string) =>
  replyWhen(
    token,
    conversationId,
    (reply) => {
      const lastEvent = publicationsOf(conversationId).at(-1)?.type;
      const isPublished = lastEvent === 'done' || lastEvent === 'error' || lastEvent === undefined;
      return reply.status !== 'streaming' && isPublished;
    },
    'the reply ended and published',
  );

const publicationsOf = (conversationId: string) =>
  published.filter((p) => p.channel === `chat:${conversationId}`).map((p) => p.data);

describe('sending a message', () => {
  it('answers at once, streams the reply on the conversation channel and saves it', async () => {
    const { owner, agentId } = await chatSetup('slow');
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS);
    const answer = await send(owner.token, { agent_id: agentId, content: 'hello there  world' });
    expect(answer.status).toBe(200);
    const sent = answer.body.data;
    expect(sent).toMatchObject({ title: 'hello there world', points: POINTS });
    expect(sent.channel).toBe(`chat:${sent.conversation_id}`);
    // The request has ended; the reply is still being generated on the server.
    const during = await messagesOf(owner.token, sent.conversation_id);
    expect(during.map((m) => [m.role, m.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'streaming'],
    ]);
    const reply = await settledReply(owner.token, sent.conversation_id);
    expect(reply).toMatchObject({
      id: sent.assistant_message_id,
      content: 'Echo: hello there  world',
      status: 'done',
      finish_reason: 'stop',
      points: POINTS,
      model_id: fakes.model.slow,
    });
    const events = publicationsOf(sent.conversation_id);
    expect(events[0]).toEqual({
      type: 'start',
      message_id: sent.assistant_message_id,
      user_message_id: sent.user_message_id,
    });
    const deltas = events.filter((e) => e.type === 'delta').map((e) => (e as { content: string }).content);
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe('Echo: hello there  world');
    // Each piece says where it starts: a client holding less text knows it missed some.
    const starts = events.flatMap((e) => (e.type === 'delta' ? [e.at] : []));
    expect(starts).toEqual(deltas.map((_, index) => deltas.slice(0, index).join('').length));
    expect(events.at(-1)).toMatchObject({
      type: 'done',
      status: 'done',
      content: 'Echo: hello there  world',
    });
  });

  it('debits the model’s points per request, shown in the account, with a ledger row', async () => {
    const { owner, teamId, agentKey, agentId } = await chatSetup();
    const sent = (await send(owner.token, { agent_key: agentKey, content: 'hi' })).body.data;
    await settledReply(owner.token, sent.conversation_id);
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - POINTS);
    const version = await data('GET', '/api/team/curr-ver-packet-data', owner.token);
    expect(version.points_quota_surplus_numerical).toBe(FREE_POINTS - POINTS);
    const rows = await ctx.database.db.select().from(pointsLedger).where(eq(pointsLedger.teamId, teamId));
    expect(rows).toEqual([
      expect.objectContaining({
        userId: owner.id,
        agentId,
        conversationId: sent.conversation_id,
        messageId: sent.assistant_message_id,
        modelId: fakes.model.chat,
        points: -POINTS,
        reason: 'chat_reply',
      }),
    ]);
  });

  it('refunds the points and publishes a localised error when the model fails', async () => {
    const { owner, teamId } = await chatSetup('fail');
    const answer = await call(
      'POST',
      '/api/chat/agent-send-message',
      owner.token,
      { agent_id: (await chatSetup('fail')).agentId, content: 'x' },
      {},
    );
    // Someone else's agent (another team's, private) is not found.
    expect(answer.body.code).toBe(ERRORS.AGENT_NOT_FOUND.code);
    const { agentId } = await publishedAgent(owner.token, 'fail');
    const sent = (await send(owner.token, { agent_id: agentId, content: 'hi' })).body.data;
    const reply = await settledReply(owner.token, sent.conversation_id);
    expect(reply).toMatchObject({ status: 'failed', error_code: ERRORS.SYSTEM_BUSY.code, points: 0 });
    expect(publicationsOf(sent.conversation_id).at(-1)).toMatchObject({
      type: 'error',
      code: ERRORS.SYSTEM_BUSY.code,
      msg: expect.any(String),
    });
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS);
    const rows = await ctx.database.db.select().from(pointsLedger).where(eq(pointsLedger.teamId, teamId));
    expect(rows.map((row) => [row.reason, row.points])).toEqual([
      ['chat_reply', -POINTS],
      ['chat_refund', POINTS],
    ]);
  });

  it('lets exactly as many of 20 concurrent sends through as the points pay for, never below zero', async () => {
    const { owner, teamId, agentId } = await chatSetup();
    await setPointsBalance(ctx.database.db, teamId, 5 * POINTS);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(owner.token, { agent_id: agentId, content: `race ${i}` })),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(5);
    // The rest find the month's quota spent.
    expect(codes.filter((code) => code === ERRORS.QUOTA_EXCEEDED.code)).toHaveLength(15);
    expect(answers.find((a) => a.body.code !== 0)?.status).toBe(402);
    expect(await balanceOf(owner.token)).toBe(0);
    const debits = await ctx.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.teamId, teamId), eq(pointsLedger.reason, 'chat_reply')));
    expect(debits).toHaveLength(5);
    for (const a of answers.filter((a) => a.body.code === 0)) {
      await settledReply(owner.token, a.body.data.conversation_id);
    }
    // A failed send leaves no conversation behind.
    const list = await data(
      'GET',
      `/api/chat/get-conversation-list?agent_id=${agentId}&page_size=100`,
      owner.token,
    );
    expect(list.total).toBe(5);
  });

  it('tells a quota used up (2001) from too few points for this model (2004), writing nothing', async () => {
    const { owner, teamId, agentId } = await chatSetup();
    await setPointsBalance(ctx.database.db, teamId, POINTS - 1);
    const short = await send(owner.token, { agent_id: agentId, content: 'costs more than is left' });
    expect(short.status).toBe(402);
    expect(short.body).toMatchObject({
      code: ERRORS.POINTS_NOT_ENOUGH.code,
      msg: 'Not enough points. Recharge to continue.',
    });
    await setPointsBalance(ctx.database.db, teamId, 0);
    const spent = await send(owner.token, { agent_id: agentId, content: 'nothing left' });
    expect(spent.status).toBe(402);
    expect(spent.body.code).toBe(ERRORS.QUOTA_EXCEEDED.code);
    const list = await data('GET', `/api/chat/get-conversation-list?agent_id=${agentId}`, owner.token);
    expect(list.total).toBe(0);
    expect(await ctx.database.db.select().from(pointsLedger).where(eq(pointsLedger.teamId, teamId))).toEqual(
      [],
    );
  });

  it('debits a team that has no points row yet, or last month’s, after seeding or renewing it', async () => {
    const { owner, teamId, agentId } = await chatSetup();
    const { db } = ctx.database;
    await db.delete(teamPoints).where(eq(teamPoints.teamId, teamId));
    const first = (await send(owner.token, { agent_id: agentId, content: 'first' })).body.data;
    await settledReply(owner.token, first.conversation_id);
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - POINTS);

    // Last month's leftover (and a spent balance) gives way to this month's quota.
    await db
      .update(teamPoints)
      .set({ balance: 0, periodStart: sql`date_trunc('month', now()) - interval '1 month'` })
      .where(eq(teamPoints.teamId, teamId));
    const next = await send(owner.token, { conversation_id: first.conversation_id, content: 'next month' });
    expect(next.body.code).toBe(0);
    await settledReply(owner.token, first.conversation_id);
    identityCacheOf(db).forgetAllAccounts();
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - POINTS);
    const ledger = await db.select().from(pointsLedger).where(eq(pointsLedger.teamId, teamId));
    expect(ledger.map((row) => [row.reason, row.points])).toEqual([
      ['chat_reply', -POINTS],
      ['plan_grant', FREE_POINTS],
      ['chat_reply', -POINTS],
    ]);
  });

  it('gives the model the published prompt, the last context_window messages and the parameters', async () => {
    const { owner, agentId } = await chatSetup('chat', {
      prompt: 'Be brief.',
      params: { preset: 'accurate', temperature: 0.1, top_p: 0.7, max_tokens: 64, context_window: 2 },
    });
    let conversationId: string | undefined;
    for (const content of ['one', 'two', 'three']) {
      const sent = (await send(owner.token, { agent_id: agentId, conversation_id: conversationId, content }))
        .body.data;
      conversationId = sent.conversation_id;
      await settledReply(owner.token, sent.conversation_id);
    }
    const last = requests.at(-1)!;
    expect(last.modelId).toBe(fakes.model.chat);
    expect(last.params).toMatchObject({ temperature: 0.1, top_p: 0.7, max_tokens: 64 });
    expect(last.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'two' },
      { role: 'assistant', content: 'Echo: two' },
      { role: 'user', content: 'three' },
    ]);
  });

  it('stops cleanly at max tokens', async () => {
    const { owner, agentId } = await chatSetup('chat', {
      params: { preset: 'accurate', temperature: 0.1, top_p: 0.7, max_tokens: 2, context_window: 2 },
    });
    const sent = (await send(owner.token, { agent_id: agentId, content: 'a b c d e' })).body.data;
    expect(await settledReply(owner.token, sent.conversation_id)).toMatchObject({
      status: 'done',
      content: 'Echo: a',
      finish_reason: 'length',
    });
  });

  it('regenerates the last reply in place of the old one', async () => {
    const { owner, agentId } = await chatSetup();
    const first = (await send(owner.token, { agent_id: agentId, content: 'again' })).body.data;
    await settledReply(owner.token, first.conversation_id);
    const again = await send(owner.token, { conversation_id: first.conversation_id, regenerate: true });
    expect(again.body.data).toMatchObject({ user_message_id: first.user_message_id });
    await settledReply(owner.token, first.conversation_id);
    const messages = await messagesOf(owner.token, first.conversation_id);
    expect(messages.map((m) => [m.id, m.content])).toEqual([
      [first.user_message_id, 'again'],
      [again.body.data.assistant_message_id, 'Echo: again'],
    ]);
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - 2 * POINTS);
  });
});

describe('one reply at a time', () => {
  it('lets one of several concurrent sends to a conversation through, the others answer 2011', async () => {
    const { owner, agentId } = await chatSetup('slow');
    const first = (await send(owner.token, { agent_id: agentId, content: 'first' })).body.data;
    await settledReply(owner.token, first.conversation_id);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        send(owner.token, { conversation_id: first.conversation_id, content: `next ${i}` }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ERRORS.REPLY_IN_PROGRESS.code)).toHaveLength(4);
    await settledReply(owner.token, first.conversation_id);
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - 2 * POINTS);
  });

  it('fails and refunds a reply left streaming by a process that died, at the next send', async () => {
    const { owner, agentId } = await chatSetup();
    const first = (await send(owner.token, { agent_id: agentId, content: 'first' })).body.data;
    await settledReply(owner.token, first.conversation_id);
    const [orphan] = await ctx.database.db
      .insert(chatMessages)
      .values({
        conversationId: first.conversation_id,
        role: 'assistant',
        status: 'streaming',
        points: POINTS,
        modelId: fakes.model.chat,
        createdAt: new Date(Date.now() - 60 * 60_000),
      })
      .returning({ id: chatMessages.id });
    const next = await send(owner.token, { conversation_id: first.conversation_id, content: 'again' });
    expect(next.body.code).toBe(0);
    await settledReply(owner.token, first.conversation_id);
    const messages = await messagesOf(owner.token, first.conversation_id);
    expect(messages.find((m) => m.id === orphan!.id)).toMatchObject({
      status: 'failed',
      error_code: ERRORS.SYSTEM_BUSY.code,
    });
    // Two debits, and the orphan's points (never debited here) came back.
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - 2 * POINTS + POINTS);
  });
});

describe('a long reply', () => {
  it('is saved as it grows, before it ends', async () => {
    const { owner, agentId } = await chatSetup('slow');
    const content = 'a reply long enough to be saved more than once while it streams';
    const sent = (await send(owner.token, { agent_id: agentId, content })).body.data;
    const partial = await replyWhen(
      owner.token,
      sent.conversation_id,
      (reply) => reply.status === 'streaming' && reply.content !== '',
      'the reply under way',
    );
    expect(partial.content).toMatch(/^Echo:/);
    expect(partial.content.length).toBeLessThan(`Echo: ${content}`.length);
    expect((await settledReply(owner.token, sent.conversation_id)).content).toBe(`Echo: ${content}`);
  });
});

/** Another model on the fake provider, known to the gateway at once. */
async function extraModel(modelKey: string, contextLength = 8192) {
  const [chat] = await ctx.database.db.select().from(models).where(eq(models.id, fakes.model.chat));
  const [row] = await ctx.database.db
    .insert(models)
    .values({
      providerId: chat!.providerId,
      name: modelKey,
      modelKey,
      pointsPerRequest: POINTS,
      contextLength,
    })
    .returning({ id: models.id });
  watched.invalidate();
  return row!.id;
}

describe('a reasoning model', () => {
  it('streams and saves its thinking apart from the answer', async () => {
    const { owner, agentId } = await chatSetup('chat', { model_id: await extraModel('fake-reason') });
    const sent = (await send(owner.token, { agent_id: agentId, content: 'why' })).body.data;
    const reply = await settledReply(owner.token, sent.conversation_id);
    expect(reply).toMatchObject({ status: 'done', content: 'Echo: why', reasoning: 'Thinking about: why' });
    const events = publicationsOf(sent.conversation_id);
    expect(events.some((e) => e.type === 'reasoning')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'done', reasoning: 'Thinking about: why' });
  });

  it('that fails while thinking answers the thinking error, and gives the points back', async () => {
    const { owner, agentId } = await chatSetup('chat', { model_id: await extraModel('fake-reason-break') });
    const sent = (await send(owner.token, { agent_id: agentId, content: 'why' })).body.data;
    const reply = await settledReply(owner.token, sent.conversation_id);
    expect(reply).toMatchObject({ status: 'failed', error_code: ERRORS.THINKING_ERROR.code, points: 0 });
    expect(publicationsOf(sent.conversation_id).at(-1)).toMatchObject({
      type: 'error',
      code: ERRORS.THINKING_ERROR.code,
    });
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS);
  });
});

describe('a model no longer available', () => {
  it('refuses the send with 2007 and debits nothing', async () => {
    const gone = await extraModel('fake-gone');
    const { owner, agentId } = await chatSetup('chat', { model_id: gone });
    await ctx.database.db.update(models).set({ enabled: false }).where(eq(models.id, gone));
    watched.invalidate();
    const answer = await send(owner.token, { agent_id: agentId, content: 'hello?' });
    expect(answer.body.code).toBe(ERRORS.MODEL_UNAVAILABLE.code);
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS);
  });
});

describe('a message longer than the model can read', () => {
  it('leaves out the oldest turns that would not fit the model’s context with the new one', async () => {
    const small = await extraModel('fake-fitting', 200);
    const { owner, agentId } = await chatSetup('chat', {
      model_id: small,
      params: { preset: 'accurate', max_tokens: 50, context_window: 10 },
    });
    // About 25 tokens each, and their echoes as much: 150 of the 200 remain for the prompt and turns.
    let conversationId: string | undefined;
    for (const word of ['alpha', 'bravo', 'charlie', 'delta']) {
      const sent = (
        await send(owner.token, {
          agent_id: agentId,
          conversation_id: conversationId,
          content: `${word} `.repeat(17),
        })
      ).body.data;
      conversationId = sent.conversation_id;
      await settledReply(owner.token, sent.conversation_id);
    }
    const last = requests.at(-1)!;
    const said = last.messages.map((message) => String(message.content).split(' ')[0]);
    // The newest turns that fit, the question last; the first exchange gave way.
    expect(said.at(-1)).toBe('delta');
    expect(said).not.toContain('alpha');
    expect(last.messages.length).toBeLessThan(1 + 7);
  });

  it('is refused with 2003 before any points are spent', async () => {
    const small = await extraModel('fake-small', 200);
    const { owner, agentId } = await chatSetup('chat', { model_id: small });
    const long = await send(owner.token, { agent_id: agentId, content: 'word '.repeat(200) });
    expect(long.status).toBe(400);
    expect(long.body.code).toBe(ERRORS.INPUT_TOO_LONG.code);
    const fits = await send(owner.token, { agent_id: agentId, content: 'word '.repeat(20) });
    expect(fits.body.code).toBe(0);
    await settledReply(owner.token, fits.body.data.conversation_id);
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - POINTS);
  });
});

describe('stopping', () => {
  it('stops a reply mid-stream, keeping its text as stopped', async () => {
    const { owner, agentId } = await chatSetup('slow');
    const content = 'many words for the slow model to say one by one';
    const sent = (await send(owner.token, { agent_id: agentId, content })).body.data;
    await until(() => publicationsOf(sent.conversation_id).some((e) => e.type === 'delta'), 'a delta');
    const stop = await data('POST', '/api/chat/stop-message', owner.token, {
      conversation_id: sent.conversation_id,
    });
    expect(stop).toEqual({ stopped: true });
    const reply = (await messagesOf(owner.token, sent.conversation_id)).at(-1)!;
    expect(reply.status).toBe('stopped');
    expect(reply.content.length).toBeGreaterThan(0);
    expect(reply.content.length).toBeLessThan(`Echo: ${content}`.length);
    expect(publicationsOf(sent.conversation_id).at(-1)).toMatchObject({ type: 'done', status: 'stopped' });
    expect(
      await data('POST', '/api/chat/stop-message', owner.token, { conversation_id: sent.conversation_id }),
    ).toEqual({ stopped: false });
  });
});

describe('conversations', () => {
  it('lists by agent, pages messages newest first, renames and deletes', async () => {
    const { owner, agentId } = await chatSetup();
    const sent = (await send(owner.token, { agent_id: agentId, content: 'first' })).body.data;
    await settledReply(owner.token, sent.conversation_id);
    await send(owner.token, { conversation_id: sent.conversation_id, content: 'second' });
    await settledReply(owner.token, sent.conversation_id);
    const page1 = await messagesPage(owner.token, sent.conversation_id, 1, 3);
    expect(page1.total).toBe(4);
    expect(page1.data.map((m) => m.content)).toEqual(['Echo: first', 'second', 'Echo: second']);
    const page2 = await messagesPage(owner.token, sent.conversation_id, 2, 3);
    expect(page2.data.map((m) => m.content)).toEqual(['first']);
    // By the earliest message read: what was sent since shifts nothing.
    await send(owner.token, { conversation_id: sent.conversation_id, content: 'third' });
    await settledReply(owner.token, sent.conversation_id);
    const before = await data(
      'GET',
      `/api/chat/get-conversation-messages?conversation_id=${sent.conversation_id}&before_id=${page1.data[0]!.id}&page_size=3`,
      owner.token,
    );
    expect(before.data.map((m: ChatMessage) => m.content)).toEqual(['first']);

    const blank = await call('POST', '/api/chat/rename-conversation', owner.token, {
      conversation_id: sent.conversation_id,
      title: '  ',
    });
    expect(blank.status).toBe(400);
    await data('POST', '/api/chat/rename-conversation', owner.token, {
      conversation_id: sent.conversation_id,
      title: 'Renamed',
    });
    const list = await data('GET', `/api/chat/get-conversation-list?agent_id=${agentId}`, owner.token);
    expect(list).toMatchObject({
      total: 1,
      data: [{ conversation_id: sent.conversation_id, title: 'Renamed' }],
    });

    await data('POST', '/api/chat/delete-conversation', owner.token, {
      conversation_id: sent.conversation_id,
    });
    expect(
      (await data('GET', `/api/chat/get-conversation-list?agent_id=${agentId}`, owner.token)).total,
    ).toBe(0);
    const gone = await call(
      'GET',
      `/api/chat/get-conversation-messages?conversation_id=${sent.conversation_id}`,
      owner.token,
    );
    expect(gone.body.code).toBe(ERRORS.CONVERSATION_NOT_FOUND.code);
  });

  it('keeps a conversation to its owner: no sending, reading or stream token for anyone else', async () => {
    const { owner, agentId } = await chatSetup();
    const sent = (await send(owner.token, { agent_id: agentId, content: 'mine' })).body.data;
    await settledReply(owner.token, sent.conversation_id);
    const other = (await team('Other Works')).owner;
    const sendAnswer = await send(other.token, { conversation_id: sent.conversation_id, content: 'hijack' });
    expect(sendAnswer.body.code).toBe(ERRORS.CONVERSATION_NOT_FOUND.code);
    const read = await call(
      'GET',
      `/api/chat/get-conversation-messages?conversation_id=${sent.conversation_id}`,
      other.token,
    );
    expect(read.body.code).toBe(ERRORS.CONVERSATION_NOT_FOUND.code);
    const token = await call('POST', '/api/socket/subscribe-chat-token', other.token, {
      conversation_id: sent.conversation_id,
    });
    expect(token.status).toBe(403);
    const own = await call('POST', '/api/socket/subscribe-chat-token', owner.token, {
      conversation_id: sent.conversation_id,
    });
    expect(own.status).toBe(200);
  });

  it('refuses agents taken off the shelf or deleted, and keeps the deleted agent’s conversation readable', async () => {
    const { owner, agentId } = await chatSetup();
    const sent = (await send(owner.token, { agent_id: agentId, content: 'before' })).body.data;
    await settledReply(owner.token, sent.conversation_id);
    await data('POST', '/api/agent/off-shelf-agent', owner.token, { id: agentId });
    const offShelf = await send(owner.token, { conversation_id: sent.conversation_id, content: 'now?' });
    expect(offShelf.body.code).toBe(ERRORS.AGENT_OFF_SHELF.code);
    await data('DELETE', '/api/agent/delete-agent', owner.token, { id: agentId });
    const deleted = await send(owner.token, { conversation_id: sent.conversation_id, content: 'now?' });
    expect(deleted.body.code).toBe(ERRORS.AGENT_DELETED.code);
    expect((await messagesPage(owner.token, sent.conversation_id)).total).toBe(2);
    expect(await balanceOf(owner.token)).toBe(FREE_POINTS - POINTS);
  });
});

describe('the conversation channel', () => {
  it('streams to a subscriber of the real realtime client, admitted by subscribe-chat-token', async () => {
    const { owner, agentId } = await chatSetup('slow');
    const sent = (await send(owner.token, { agent_id: agentId, content: 'live words here please' })).body
      .data;
    const post = async (url: string, payload?: object) => {
      const answer = await ctx.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload });
      return answer.json().data as string;
    };
    const client = new Centrifuge(await realtimeUrl(ctx.app), {
      websocket: WebSocket,
      getToken: () => post('/api/socket/get-client-token'),
    });
    client.on('error', () => {});
    const received: ChatPublication[] = [];
    const subscription = client.newSubscription(sent.channel, {
      getToken: () => post('/api/socket/subscribe-chat-token', { conversation_id: sent.conversation_id }),
    });
    const finished = new Promise<void>((resolve) =>
      subscription.on('publication', (event) => {
        received.push(event.data as ChatPublication);
        if (event.data.type === 'done') resolve();
      }),
    );
    subscription.subscribe();
    client.connect();
    try {
      await finished;
      expect(received.some((e) => e.type === 'delta')).toBe(true);
      expect(received.at(-1)).toMatchObject({ type: 'done', content: 'Echo: live words here please' });
    } finally {
      client.disconnect();
    }
  });
});
