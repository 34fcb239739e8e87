// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Centrifuge, type SubscribedContext } from 'centrifuge';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { until } from '../../../test/eventually.ts';
import { routeUpgrade } from '../http/websocket-upgrades.ts';
import { createRealtimeTokens } from './connection-tokens.ts';
import { ChannelHistory } from './history.ts';
import { HUB_PATH, RealtimeHub } from './hub.ts';

const tokens = createRealtimeTokens('hub-history-secret-0123456789-abcdefgh');
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startHub(history = {}) {
  const hub = new RealtimeHub({
    tokens,
    userLimitedNamespaces: ['personal'],
    historyNamespaces: ['chat'],
    history,
  });
  const server = createServer();
  routeUpgrade(server, HUB_PATH, (request, socket, head) => hub.handleUpgrade(request, socket, head));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  cleanups.push(async () => {
    await hub.close();
    await new Promise((resolve) => server.close(resolve));
  });
  return { hub, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}${HUB_PATH}` };
}

type SubscribeResult = Record<string, unknown> & {
  epoch: string;
  publications?: { data: unknown; offset: number }[];
};
type Received = { id?: number; subscribe?: SubscribeResult; push?: { channel: string; pub?: unknown } };

/** A raw protocol client, connected as user 7; answers the decoded replies and pushes. */
async function rawClient(url: string) {
  const socket = new WebSocket(url);
  const received: Received[] = [];
  socket.on('message', (data) => {
    for (const line of data.toString().split('\n')) received.push(JSON.parse(line));
  });
  await once(socket, 'open');
  cleanups.push(() => socket.terminate());
  socket.send(JSON.stringify({ connect: { token: await tokens.connection(7) }, id: 1 }));
  await until(() => received.length >= 1);
  let id = 1;
  const subscribe = async (channel: string, extra: object = {}) => {
    const reply = ++id;
    const token = channel.startsWith('chat:') ? await tokens.subscription(7, channel) : undefined;
    socket.send(JSON.stringify({ subscribe: { channel, token, ...extra }, id: reply }));
    await until(() => received.some((r) => r.id === reply));
    return { subscribe: received.find((r) => r.id === reply)!.subscribe! };
  };
  const pushes = (channel: string) =>
    received.filter((r) => r.push?.channel === channel && r.push.pub).map((r) => r.push?.pub);
  return { socket, received, subscribe, pushes };
}

describe('hub history and recovery on chat channels', () => {
  it('gives each publication the next offset of its channel and the subscriber the stream position', async () => {
    const { url, hub } = await startHub();
    await hub.publish('chat:a', { n: 1 });
    const client = await rawClient(url);
    const reply = await client.subscribe('chat:a');
    expect(reply.subscribe).toMatchObject({ recoverable: true, positioned: true, offset: 1 });
    expect(reply.subscribe.epoch).toEqual(expect.any(String));
    await hub.publish('chat:a', { n: 2 });
    await hub.publish('chat:b', { other: true });
    await hub.publish('chat:a', { n: 3 });
    await until(() => client.pushes('chat:a').length === 2);
    expect(client.pushes('chat:a')).toEqual([
      { data: { n: 2 }, offset: 2 },
      { data: { n: 3 }, offset: 3 },
    ]);
  });

  it('answers a subscriber coming back with its position what it missed, in order', async () => {
    const { url, hub } = await startHub();
    const first = await rawClient(url);
    const { subscribe } = await first.subscribe('chat:a');
    await hub.publish('chat:a', 'seen');
    for (const n of [1, 2, 3]) await hub.publish('chat:a', `missed ${n}`);
    const again = await rawClient(url);
    const reply = await again.subscribe('chat:a', { recover: true, offset: 1, epoch: subscribe.epoch });
    expect(reply.subscribe).toMatchObject({ was_recovering: true, recovered: true, offset: 4 });
    expect(reply.subscribe.publications).toEqual([
      { data: 'missed 1', offset: 2 },
      { data: 'missed 2', offset: 3 },
      { data: 'missed 3', offset: 4 },
    ]);
  });

  it('gives a late subscriber without a position (empty epoch, offset 0) the whole kept stream', async () => {
    const { url, hub } = await startHub();
    await hub.publish('chat:a', { type: 'start' });
    await hub.publish('chat:a', { type: 'delta', content: 'Echo: ' });
    const client = await rawClient(url);
    const reply = await client.subscribe('chat:a', { recover: true });
    expect(reply.subscribe.recovered).toBe(true);
    expect(reply.subscribe.publications?.map((p: { data: unknown }) => p.data)).toEqual([
      { type: 'start' },
      { type: 'delta', content: 'Echo: ' },
    ]);
  });

  it('says it cannot recover from another epoch, or from further back than it keeps', async () => {
    const { url, hub } = await startHub({ size: 3 });
    for (const n of [1, 2, 3, 4, 5]) await hub.publish('chat:a', n);
    const client = await rawClient(url);
    const otherEpoch = await client.subscribe('chat:a', { recover: true, offset: 4, epoch: 'elsewhere' });
    expect(otherEpoch.subscribe).toMatchObject({ was_recovering: true, recovered: false, offset: 5 });
    expect(otherEpoch.subscribe.publications).toBeUndefined();
    const { epoch } = otherEpoch.subscribe;
    const second = await rawClient(url);
    const tooOld = await second.subscribe('chat:a', { recover: true, offset: 1, epoch });
    expect(tooOld.subscribe.recovered).toBe(false);
    const third = await rawClient(url);
    const kept = await third.subscribe('chat:a', { recover: true, offset: 2, epoch });
    expect(kept.subscribe.recovered).toBe(true);
    expect(kept.subscribe.publications?.map((p: { data: unknown }) => p.data)).toEqual([3, 4, 5]);
  });

  it('keeps no history and no offsets on other channels', async () => {
    const { url, hub } = await startHub();
    const client = await rawClient(url);
    const reply = await client.subscribe('personal:#7', { recover: true, offset: 0, epoch: '' });
    expect(reply.subscribe).toEqual({});
    await hub.publish('personal:#7', 'hi');
    await until(() => client.pushes('personal:#7').length === 1);
    expect(client.pushes('personal:#7')).toEqual([{ data: 'hi' }]);
    expect(hub.stats().histories).toBe(0);
  });

  it('sends the subscribe reply before the channel’s first publication, whatever else the frame holds', async () => {
    const { url, hub } = await startHub();
    const client = await rawClient(url);
    const token = await tokens.subscription(7, 'chat:a');
    // The second subscribe waits for its token check: a publication may come meanwhile.
    client.socket.send(
      [
        JSON.stringify({ subscribe: { channel: 'chat:a', token }, id: 10 }),
        JSON.stringify({
          subscribe: { channel: 'chat:b', token: await tokens.subscription(7, 'chat:b') },
          id: 11,
        }),
      ].join('\n'),
    );
    await until(() => client.received.some((r) => r.id === 10));
    await hub.publish('chat:a', 'live');
    await until(() => client.pushes('chat:a').length === 1 && client.received.some((r) => r.id === 11));
    const order = client.received.map((r) => r.id ?? r.push?.channel);
    expect(order.indexOf(10)).toBeLessThan(order.indexOf('chat:a'));
  });
});

describe('hub recovery with the centrifuge SDK', () => {
  it('recovers what was published while the connection was down, and says so', async () => {
    const { url, hub } = await startHub();
    const client = new Centrifuge(url, {
      websocket: WebSocket,
      token: await tokens.connection(7),
      minReconnectDelay: 50,
      maxReconnectDelay: 200,
    });
    client.on('error', () => {});
    cleanups.push(() => client.disconnect());
    const received: unknown[] = [];
    const subscribed: SubscribedContext[] = [];
    const sub = client.newSubscription('chat:a', {
      getToken: () => tokens.subscription(7, 'chat:a'),
      recoverable: true,
      positioned: true,
    });
    sub.on('publication', (ctx) => received.push(ctx.data));
    sub.on('subscribed', (ctx) => subscribed.push(ctx));
    sub.subscribe();
    client.connect();
    await until(() => subscribed.length === 1);
    await hub.publish('chat:a', 'before');
    await until(() => received.length === 1);

    client.disconnect();
    await hub.publish('chat:a', 'while away 1');
    await hub.publish('chat:a', 'while away 2');
    client.connect();
    await until(() => subscribed.length === 2 && received.length === 3);
    await hub.publish('chat:a', 'after');
    await until(() => received.length === 4);
    expect(received).toEqual(['before', 'while away 1', 'while away 2', 'after']);
    expect(subscribed[1]).toMatchObject({ wasRecovering: true, recovered: true });
  });

  it('makes subscribers subscribe again, unrecovered, when the history may have a hole', async () => {
    const { url, hub } = await startHub();
    const client = new Centrifuge(url, { websocket: WebSocket, token: await tokens.connection(7) });
    client.on('error', () => {});
    cleanups.push(() => client.disconnect());
    const subscribed: SubscribedContext[] = [];
    const sub = client.newSubscription('chat:a', { getToken: () => tokens.subscription(7, 'chat:a') });
    sub.on('subscribed', (ctx) => subscribed.push(ctx));
    sub.subscribe();
    client.connect();
    await until(() => subscribed.length === 1);
    await hub.publish('chat:a', 'one');
    hub.invalidateHistory();
    await until(() => subscribed.length === 2);
    expect(subscribed[1]).toMatchObject({ wasRecovering: true, recovered: false });
  });
});

describe('channel history bounds', () => {
  it('keeps at most its size, its bytes and its age of publications per channel', () => {
    const history = new ChannelHistory({ size: 3, ttlMs: 1000, maxBytes: 10 });
    for (const n of [1, 2, 3, 4]) history.append('chat:a', String(n), 0);
    expect(history.recover('chat:a', { offset: 1, epoch: '' }, 0)).toMatchObject({ isRecovered: true });
    expect(history.recover('chat:a', { offset: 0, epoch: '' }, 0).isRecovered).toBe(false);
    history.append('chat:b', '"123456789"', 0);
    history.append('chat:b', '"x"', 0);
    expect(history.recover('chat:b', { offset: 1, epoch: '' }, 0).publications).toHaveLength(1);
    // Past the age every publication of chat:a goes: only a subscriber that missed none recovers.
    expect(history.recover('chat:a', { offset: 4, epoch: '' }, 1001)).toEqual({
      isRecovered: true,
      publications: [],
    });
    expect(history.recover('chat:a', { offset: 3, epoch: '' }, 1001).isRecovered).toBe(false);
  });

  it('drops the stream of a channel nobody listens to once it keeps nothing', () => {
    const history = new ChannelHistory({ ttlMs: 1000 });
    history.append('chat:a', '1', 0);
    history.append('chat:b', '1', 0);
    history.sweep((channel) => channel === 'chat:b', 2000);
    expect(history.channelCount).toBe(1);
    const { epoch } = history.position('chat:b');
    expect(history.recover('chat:b', { offset: 1, epoch }, 2000).isRecovered).toBe(true);
  });
});
