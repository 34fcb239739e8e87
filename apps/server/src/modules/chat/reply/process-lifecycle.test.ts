import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChatPublication } from '@tandem/contract/chat';
import { ERRORS } from '@tandem/contract/errors';
import { Centrifuge } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { completeConfig } from '../../../../test/agents.ts';
import { chatApi } from '../../../../test/chat.ts';
import { type ChildServer, startChildServer } from '../../../../test/child-server.ts';
import { until as waitUntil } from '../../../../test/eventually.ts';
import { bearer, createUser } from '../../../../test/factories.ts';
import { type FakeLlmServer, startFakeLlmServer } from '../../../../test/fake-llm/fake-llm-server.ts';
import type { TestContext } from '../../../../test/test-app.ts';
import { createTestDatabase } from '../../../../test/test-database.ts';
import type { Database } from '../../../db/client.ts';

/**
 * The real server in a child process, killed (`kill -9`) or stopped (SIGTERM) while it streams a
 * reply on the slow fake model (150 ms a word), then started again on the same database: the
 * embedded one (a data directory), or PostgreSQL in the server-postgres project.
 */
const FREE_POINTS = 1000;
const POINTS = 3;
const isPostgres = process.env.TEST_DATABASE === 'postgres';

let fake: FakeLlmServer;
let database: Database | undefined;
let env: Record<string, string>;
let server: ChildServer | undefined;
let token: string;
let agentId: number;

const start = async (extra: Record<string, string> = {}) => {
  server = await startChildServer({ ...env, ...extra });
  return server;
};
const api = () => chatApi({ app: server!.app } as TestContext);
const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');
const send = (payload: object) => api().call('POST', '/api/chat/agent-send-message', token, payload);
const balance = () => api().balanceOf(token);

/** Child servers take their time: a minute, and their stderr told when it runs out. */
const until = <T>(read: () => Promise<T | undefined>, what: string) =>
  waitUntil(read, what, { timeout: 60_000, detail: () => server?.errors() ?? '' });

/** Sends `content` in the conversation and answers once its reply has streamed some words. */
async function replyUnderWay(payload: object) {
  const sent = await send(payload);
  expect(sent.body.code, JSON.stringify(sent.body)).toBe(0);
  const { conversation_id, assistant_message_id } = sent.body.data;
  await until(async () => {
    const reply = (await api().messagesOf(token, conversation_id)).at(-1);
    return reply?.status === 'streaming' && reply.content.length > 12 ? reply : undefined;
  }, 'the reply under way');
  return { conversationId: conversation_id as string, messageId: assistant_message_id as number };
}

const replyOf = async (conversationId: string, messageId: number) =>
  (await api().messagesOf(token, conversationId)).find((message) => message.id === messageId)!;

describe('a server process', () => {
  beforeAll(async () => {
    fake = await startFakeLlmServer();
    env = {
      LLM_BASE_URL: `${fake.baseUrl}`,
      LLM_MODELS: `fake-slow=${POINTS}`,
      // Beats a fifth of the default: a PostgreSQL node's lease runs out in 1.5 s.
      PROCESS_HEARTBEAT_MS: '500',
      REALTIME_SECRET: 'lifecycle-realtime-secret-0123456789-abcdefgh',
      SECRETS_KEY: 'lifecycle-secrets-key-0123456789-abcdefghijkl',
    };
    if (isPostgres) {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url!;
    } else {
      env.DATA_DIR = mkdtempSync(join(tmpdir(), 'tandem-lifecycle-'));
    }
    await start();
    const user = await createUser(server!.app);
    token = user.token;
    const [model] = await api().data('GET', '/api/agent/get-model-list', token);
    const created = await api().agent(token, completeConfig(model.id));
    await api().data('POST', '/api/agent/publish-agent', token, { id: created.id });
    agentId = created.id;
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    await database?.close();
    await fake?.close();
    if (env?.DATA_DIR) rmSync(env.DATA_DIR, { recursive: true, force: true });
  });

  it('killed mid-reply: started again, the cut reply is failed and refunded and the conversation goes on', async () => {
    const { conversationId, messageId } = await replyUnderWay({ agent_id: agentId, content: words(80) });
    expect(await balance()).toBe(FREE_POINTS - POINTS);
    server!.child.kill('SIGKILL');
    await server!.exited;

    const restartedAt = Date.now();
    await start();
    const upAt = Date.now();
    const cut = await until(async () => {
      const reply = await replyOf(conversationId, messageId);
      return reply.status === 'streaming' ? undefined : reply;
    }, 'the cut reply ended');
    const seconds = (Date.now() - upAt) / 1000;
    expect(cut).toMatchObject({ status: 'failed', error_code: ERRORS.SYSTEM_BUSY.code, points: 0 });
    expect(await balance()).toBe(FREE_POINTS);
    const next = await send({ conversation_id: conversationId, content: 'again' });
    expect(next.body.code).toBe(0);
    const again = await until(async () => {
      const reply = await replyOf(conversationId, next.body.data.assistant_message_id);
      return reply.status === 'streaming' ? undefined : reply;
    }, 'the next reply');
    expect(again).toMatchObject({ status: 'done', content: 'Echo: again' });
    expect(await balance()).toBe(FREE_POINTS - POINTS);
    console.log(
      `kill -9: restart took ${((upAt - restartedAt) / 1000).toFixed(1)} s; the cut reply was failed ` +
        `${seconds.toFixed(1)} s after the server answered`,
    );
  }, 180_000);

  it('given SIGTERM: answers 503 while its reply finishes, publishes the end, closes websockets with 3001, exits', async () => {
    const before = await balance();
    const { conversationId, messageId } = await replyUnderWay({ agent_id: agentId, content: words(25) });
    const post = async (url: string, payload?: object) =>
      (await server!.app.inject({ method: 'POST', url, headers: bearer(token), payload })).json()
        .data as string;
    const client = new Centrifuge(`${server!.url.replace('http', 'ws')}/connection/websocket`, {
      websocket: WebSocket,
      getToken: () => post('/api/socket/get-client-token'),
    });
    client.on('error', () => {});
    const received: ChatPublication[] = [];
    const closeCodes: number[] = [];
    client.on('connecting', (event) => closeCodes.push(event.code));
    client.on('disconnected', (event) => closeCodes.push(event.code));
    const subscription = client.newSubscription(`chat:${conversationId}`, {
      getToken: () => post('/api/socket/subscribe-chat-token', { conversation_id: conversationId }),
    });
    subscription.on('publication', (event) => received.push(event.data as ChatPublication));
    const subscribed = new Promise((resolve) => subscription.once('subscribed', resolve));
    subscription.subscribe();
    client.connect();
    await subscribed;

    server!.child.kill('SIGTERM');
    const health = await until(async () => {
      const answer = await fetch(`${server!.url}/api/health`).catch(() => undefined);
      return answer?.status === 503 ? answer.status : undefined;
    }, 'health answering 503');
    expect(health).toBe(503);
    expect(await server!.exited).toBe(0);
    client.disconnect();
    expect(received.at(-1)).toMatchObject({ type: 'done', message_id: messageId, status: 'done' });
    expect(closeCodes).toContain(3001);

    await start({ SHUTDOWN_GRACE_MS: '300' });
    expect(await replyOf(conversationId, messageId)).toMatchObject({
      status: 'done',
      content: `Echo: ${words(25)}`,
    });
    expect(await balance()).toBe(before - POINTS);
  }, 180_000);

  it('given SIGTERM with a reply longer than the grace period: the reply is failed and refunded', async () => {
    const before = await balance();
    const { conversationId, messageId } = await replyUnderWay({ agent_id: agentId, content: words(80) });
    server!.child.kill('SIGTERM');
    expect(await server!.exited).toBe(0);
    await start();
    expect(await replyOf(conversationId, messageId)).toMatchObject({
      status: 'failed',
      error_code: ERRORS.SYSTEM_BUSY.code,
      points: 0,
    });
    expect(await balance()).toBe(before);
  }, 180_000);

  it.runIf(isPostgres)(
    'killed beside another node: that node fails and refunds the cut reply once its lease runs out',
    async () => {
      const before = await balance();
      const killed = server!;
      const other = await startChildServer(env);
      const { conversationId, messageId } = await replyUnderWay({ agent_id: agentId, content: words(80) });
      killed.child.kill('SIGKILL');
      await killed.exited;
      const killedAt = Date.now();
      server = other;
      const cut = await until(async () => {
        const reply = await replyOf(conversationId, messageId);
        return reply.status === 'streaming' ? undefined : reply;
      }, 'the cut reply ended');
      const seconds = (Date.now() - killedAt) / 1000;
      expect(cut).toMatchObject({ status: 'failed', error_code: ERRORS.SYSTEM_BUSY.code, points: 0 });
      // Three beats of 500 ms, and the next sweep: well inside 30 s at the default 10 s beat.
      expect(seconds).toBeLessThan(10);
      expect(await balance()).toBe(before);
      expect((await send({ conversation_id: conversationId, content: 'again' })).body.code).toBe(0);
      console.log(`kill -9 beside another node: the cut reply failed ${seconds.toFixed(1)} s after the kill`);
    },
    180_000,
  );
});
