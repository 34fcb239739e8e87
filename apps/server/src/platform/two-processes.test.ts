import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REALTIME_API } from '@tandem/contract/api';
import type { ChatPublication } from '@tandem/contract/chat';
import { Centrifuge, type PublicationContext } from 'centrifuge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { completeConfig } from '../../test/agents.ts';
import { chatApi } from '../../test/chat.ts';
import { type ChildServer, startChildServer } from '../../test/child-server.ts';
import { until as waitUntil } from '../../test/eventually.ts';
import { bearer, createUser, tinyPng } from '../../test/factories.ts';
import { type FakeLlmServer, startFakeLlmServer } from '../../test/fake-llm/fake-llm-server.ts';
import { type S3TestServer, startS3Server } from '../../test/s3-server.ts';
import type { TestContext } from '../../test/test-app.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';

/**
 * Two real server processes (`npm start`'s entry point, each in its own child process) on one
 * PostgreSQL database and one S3 bucket, as two nodes behind a load balancer: what one node starts,
 * the other serves, follows and stops. `test/nodes.ts` covers the same in one process, quicker; this
 * proves nothing of it leans on memory the two would share there.
 */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('two server processes on one database', () => {
  let fake: FakeLlmServer;
  let s3: S3TestServer;
  let database: Database;
  let dataDirs: string[] = [];
  let nodes: ChildServer[] = [];
  let token: string;
  let agentId: number;

  const on = (node: ChildServer) => chatApi({ app: node.app } as TestContext);
  const words = (count: number) => Array.from({ length: count }, (_, index) => `w${index}`).join(' ');

  /** Child servers take their time: a minute, and their stderr told when it runs out. */
  const until = <T>(read: () => Promise<T | undefined>, what: string) =>
    waitUntil(read, what, { timeout: 60_000, detail: () => nodes.map((node) => node.errors()).join('\n') });

  beforeAll(async () => {
    fake = await startFakeLlmServer();
    s3 = await startS3Server();
    database = await createTestDatabase();
    const shared = {
      DATABASE_URL: database.url!,
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODELS: 'fake-slow=2',
      REALTIME_SECRET: 'processes-realtime-secret-0123456789-abcdef',
      SECRETS_KEY: 'processes-secrets-key-0123456789-abcdefghijk',
      ...s3.env,
    };
    // Each its own data directory, as two machines have: only the database and the bucket are shared.
    dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'tandem-process-')));
    // One after the other: the first migrates and seeds the database, the second finds it ready.
    for (const dataDir of dataDirs) nodes.push(await startChildServer({ ...shared, DATA_DIR: dataDir }));

    const user = await createUser(nodes[0]!.app);
    token = user.token;
    const [model] = await on(nodes[0]!).data('GET', '/api/agent/get-model-list', token);
    const created = await on(nodes[0]!).agent(token, completeConfig(model.id));
    await on(nodes[0]!).data('POST', '/api/agent/publish-agent', token, { id: created.id });
    agentId = created.id;
  }, 240_000);

  afterAll(async () => {
    for (const node of nodes) {
      if (node.child.exitCode === null) node.child.kill('SIGKILL');
      await node.exited;
    }
    nodes = [];
    await database?.close();
    await s3?.stop();
    await fake?.close();
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a client connected to the second follows a reply the first generates, in order and complete', async () => {
    const [one, two] = nodes as [ChildServer, ChildServer];
    const sent = await on(one).data('POST', '/api/chat/agent-send-message', token, {
      agent_id: agentId,
      content: words(12),
    });
    const tokenFrom = async (url: string, payload?: object) =>
      (await two.app.inject({ method: 'POST', url, headers: bearer(token), payload })).json().data as string;
    const client = new Centrifuge(`${two.url.replace('http', 'ws')}/connection/websocket`, {
      websocket: WebSocket,
      getToken: () => tokenFrom(REALTIME_API.clientToken),
    });
    client.on('error', () => {});
    const received: PublicationContext[] = [];
    const subscription = client.newSubscription(`chat:${sent.conversation_id}`, {
      getToken: () => tokenFrom(REALTIME_API.chatToken, { conversation_id: sent.conversation_id }),
      // From the start of what the second node keeps of the channel: pieces published before it subscribed.
      since: { offset: 0, epoch: '' },
    });
    subscription.on('publication', (ctx) => received.push(ctx));
    subscription.subscribe();
    client.connect();
    try {
      await until(
        async () =>
          received.some((ctx) => (ctx.data as ChatPublication).type === 'done') ? true : undefined,
        'the reply done on the second node',
      );
    } finally {
      client.disconnect();
    }

    const publications = received.map((ctx) => ctx.data as ChatPublication);
    const text = `Echo: ${words(12)}`;
    expect(publications[0]).toMatchObject({ type: 'start', message_id: sent.assistant_message_id });
    expect(
      publications
        .filter((publication) => publication.type === 'delta')
        .map((publication) => publication.content)
        .join(''),
    ).toBe(text);
    expect(publications.at(-1)).toMatchObject({ type: 'done', content: text });
    const offsets = received.map((ctx) => ctx.offset);
    expect(offsets).toEqual(offsets.map((_, index) => offsets[0]! + index));
  }, 120_000);

  it('Stop sent to the second ends the reply the first generates, keeping its text as stopped', async () => {
    const [one, two] = nodes as [ChildServer, ChildServer];
    const content = words(80);
    const sent = await on(one).data('POST', '/api/chat/agent-send-message', token, {
      agent_id: agentId,
      content,
    });
    await until(async () => {
      const reply = (await on(one).messagesOf(token, sent.conversation_id)).at(-1);
      return reply?.status === 'streaming' && reply.content !== '' ? reply : undefined;
    }, 'the reply under way');

    expect(
      await on(two).data('POST', '/api/chat/stop-message', token, { conversation_id: sent.conversation_id }),
    ).toEqual({ stopped: true });
    const reply = (await on(one).messagesOf(token, sent.conversation_id)).at(-1)!;
    expect(reply.status).toBe('stopped');
    expect(reply.content).toMatch(/^Echo: w0/);
    expect(reply.content.length).toBeLessThan(`Echo: ${content}`.length);
    // The first process really stopped generating: its saved text no longer grows.
    const settled = reply.content;
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await on(one).messagesOf(token, sent.conversation_id)).at(-1)!.content).toBe(settled);
  }, 120_000);

  it('an image uploaded through one is served by the other from the bucket, neither keeping it on disk', async () => {
    const [one, two] = nodes as [ChildServer, ChildServer];
    const image = await on(one).data('POST', '/api/upload/upload_base64_img', token, {
      data: tinyPng().toString('base64'),
      fileExt: 'png',
      fileName: 'dot.png',
    });
    const served = await fetch(`${two.url}${image.file}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(tinyPng())).toBe(true);
    for (const dataDir of dataDirs) expect(readdirSync(dataDir)).not.toContain('uploads');
  }, 60_000);
});
