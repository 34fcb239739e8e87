// No test database: it runs once, on PGlite, not again on PostgreSQL (vitest.config.ts).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Centrifuge, type Options, type Subscription } from 'centrifuge';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { until } from '../../../test/eventually.ts';
import { routeUpgrade } from '../http/websocket-upgrades.ts';
import { createRealtimeTokens } from './connection-tokens.ts';
import { HUB_PATH, type HubOptions, RealtimeHub } from './hub.ts';

const tokens = createRealtimeTokens('hub-test-secret-0123456789-abcdefghij');
const forger = createRealtimeTokens('some-other-secret-0123456789-abcdefgh');

/** Short pings and grace periods, so expiry and pong timeouts show within a test. */
const FAST: Omit<HubOptions, 'tokens'> = {
  userLimitedNamespaces: ['personal'],
  pingIntervalMs: 1000,
  pongTimeoutMs: 600,
  expiredCloseDelayMs: 300,
  staleCloseDelayMs: 1000,
};

type RunningHub = { hub: RealtimeHub; server: Server; port: number; url: string; stop(): Promise<void> };
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function startHub(port = 0, options: Partial<HubOptions> = {}): Promise<RunningHub> {
  const hub = new RealtimeHub({ tokens, ...FAST, ...options });
  const server = createServer();
  routeUpgrade(server, HUB_PATH, (request, socket, head) => hub.handleUpgrade(request, socket, head));
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const actualPort = (server.address() as AddressInfo).port;
  let isStopped = false;
  const stop = async () => {
    if (isStopped) return;
    isStopped = true;
    await hub.close();
    await new Promise((resolve) => server.close(resolve));
  };
  cleanups.push(stop);
  return { hub, server, port: actualPort, url: `ws://127.0.0.1:${actualPort}${HUB_PATH}`, stop };
}

/** The real `centrifuge` SDK in Node, on the `ws` package, reconnecting quickly. */
function sdkClient(url: string, options: Partial<Options>) {
  const client = new Centrifuge(url, {
    websocket: WebSocket,
    minReconnectDelay: 50,
    maxReconnectDelay: 300,
    ...options,
  });
  // The SDK emits 'error' for every refused token; the assertions look at states and codes.
  client.on('error', () => {});
  cleanups.push(() => client.disconnect());
  return client;
}

/** Waits for an SDK event; unlike events.once, an 'error' event on the way does not reject. */
const event = (emitter: { once(name: string, listener: (ctx: never) => void): unknown }, name: string) =>
  new Promise<Record<string, unknown>>((resolve) => emitter.once(name, resolve));

const nextPublication = (sub: Subscription) =>
  new Promise<unknown>((resolve) => sub.once('publication', (ctx) => resolve(ctx.data)));

/** A raw protocol client: sends frames, collects decoded replies and the close code. */
async function rawClient(url: string) {
  const socket = new WebSocket(url);
  const received: Record<string, unknown>[] = [];
  const frames: string[] = [];
  let closeCode = 0;
  socket.on('message', (data) => {
    frames.push(data.toString());
    for (const line of data.toString().split('\n')) received.push(JSON.parse(line));
  });
  socket.on('close', (code) => {
    closeCode = code;
  });
  await once(socket, 'open');
  cleanups.push(() => socket.terminate());
  return { socket, received, frames, closeCode: () => closeCode, send: (text: string) => socket.send(text) };
}

describe('realtime hub with the centrifuge SDK', () => {
  it('connects with a token, subscribes with a subscription token and receives publications', async () => {
    const { url, hub } = await startHub();
    const client = sdkClient(url, { token: await tokens.connection(7) });
    const getToken = vi.fn(() => tokens.subscription(7, 'chat:room-1'));
    const sub = client.newSubscription('chat:room-1', { getToken });
    sub.subscribe();
    client.connect();
    await event(sub, 'subscribed');
    expect(client.state).toBe('connected');

    const received = nextPublication(sub);
    await hub.publish('chat:room-1', { text: 'hello', n: 1 });
    expect(await received).toEqual({ text: 'hello', n: 1 });
    expect(hub.stats()).toMatchObject({ connections: 1, channels: 1, subscriptions: 1 });
  });

  it('delivers publications of every frame size in order', async () => {
    const { url, hub } = await startHub();
    const client = sdkClient(url, { token: await tokens.connection(7) });
    const sub = client.newSubscription('personal:#7');
    const received: unknown[] = [];
    sub.on('publication', (ctx) => received.push(ctx.data));
    sub.subscribe();
    client.connect();
    await event(sub, 'subscribed');
    // Frame lengths of 7, 16 and 64 bits, and text beyond ASCII.
    const sent = [{ n: 1 }, { text: 'é'.repeat(200) }, { text: 'x'.repeat(70_000) }, 'last'];
    for (const data of sent) await hub.publish('personal:#7', data);
    await until(() => received.length === sent.length);
    expect(received).toEqual(sent);
  });

  it("joins the user's own personal channel without a subscription token, never another user's", async () => {
    const { url, hub } = await startHub();
    const client = sdkClient(url, { token: await tokens.connection(7) });
    const own = client.newSubscription('personal:#7');
    const other = client.newSubscription('personal:#8');
    own.subscribe();
    other.subscribe();
    client.connect();
    await event(own, 'subscribed');
    const refused = await event(other, 'unsubscribed');
    expect(refused).toMatchObject({ code: 103 });

    const received = nextPublication(own);
    await hub.publish('personal:#7', { type: 'UB:user_logout', device_ids: ['a'] });
    expect(await received).toEqual({ type: 'UB:user_logout', device_ids: ['a'] });
  });

  it('answers an expired connection token with 109; the client connects with a new one', async () => {
    const { url } = await startHub();
    const getToken = vi.fn(() => tokens.connection(7));
    const client = sdkClient(url, { token: await tokens.connection(7, -60), getToken });
    client.connect();
    await event(client, 'connected');
    expect(getToken).toHaveBeenCalledTimes(1);
  });

  it('keeps a connection whose token is refreshed before it runs out', async () => {
    const { url } = await startHub();
    const getToken = vi.fn(() => tokens.connection(7));
    const disconnects: unknown[] = [];
    const client = sdkClient(url, { token: await tokens.connection(7, 2), getToken });
    client.on('disconnected', (ctx) => disconnects.push(ctx));
    client.on('connecting', (ctx) => ctx.code !== 0 && disconnects.push(ctx));
    client.connect();
    await event(client, 'connected');
    // The SDK refreshes within the 2 s ttl; without it the hub would close the connection at 2.3 s.
    await sleep(3500);
    expect(getToken).toHaveBeenCalled();
    expect(client.state).toBe('connected');
    expect(disconnects).toEqual([]);
  });

  it('closes a connection whose token ran out unrefreshed with 3005, so the client reconnects', async () => {
    const { url } = await startHub();
    const raw = await rawClient(url);
    raw.send(JSON.stringify({ connect: { token: await tokens.connection(7, 1) }, id: 1 }));
    await until(() => raw.closeCode() !== 0, 'the connection closed', { timeout: 4000 });
    expect(raw.closeCode()).toBe(3005);
  });

  it('rejects a forged token with 3500 and the client stays disconnected', async () => {
    const { url, hub } = await startHub();
    const client = sdkClient(url, { token: await forger.connection(7) });
    client.connect();
    const ctx = await event(client, 'disconnected');
    expect(ctx).toMatchObject({ code: 3500, reason: 'invalid token' });
    await sleep(400);
    expect(client.state).toBe('disconnected');
    expect(hub.stats().connections).toBe(0);
  });

  it('refuses subscriptions without a valid token (103) and keeps the connection', async () => {
    const { url, hub } = await startHub();
    const client = sdkClient(url, { token: await tokens.connection(7) });
    const refusals = {
      noToken: client.newSubscription('chat:room-1'),
      otherChannel: client.newSubscription('chat:room-2', {
        getToken: () => tokens.subscription(7, 'chat:room-1'),
      }),
      otherUser: client.newSubscription('chat:room-3', {
        getToken: () => tokens.subscription(8, 'chat:room-3'),
      }),
      forged: client.newSubscription('chat:room-4', {
        getToken: () => forger.subscription(7, 'chat:room-4'),
      }),
    };
    const outcomes = Object.values(refusals).map((sub) => {
      sub.subscribe();
      return event(sub, 'unsubscribed').then((ctx) => ctx.code);
    });
    client.connect();
    expect(await Promise.all(outcomes)).toEqual([103, 103, 103, 103]);
    expect(client.state).toBe('connected');
    expect(hub.stats().subscriptions).toBe(0);
  });

  it('refreshes a subscription token before it runs out and keeps receiving', async () => {
    const { url, hub } = await startHub();
    const client = sdkClient(url, { token: await tokens.connection(7) });
    let issued = 0;
    const sub = client.newSubscription('chat:room-1', {
      getToken: () => tokens.subscription(7, 'chat:room-1', issued++ === 0 ? 2 : 600),
    });
    sub.subscribe();
    client.connect();
    await event(sub, 'subscribed');
    await sleep(3500);
    expect(issued).toBeGreaterThanOrEqual(2);
    expect(sub.state).toBe('subscribed');
    const received = nextPublication(sub);
    await hub.publish('chat:room-1', 'still here');
    expect(await received).toBe('still here');
  });

  it('stops sending to a channel once the client unsubscribes', async () => {
    const { url, hub } = await startHub();
    const client = sdkClient(url, { token: await tokens.connection(7) });
    const sub = client.newSubscription('personal:#7');
    sub.subscribe();
    client.connect();
    await event(sub, 'subscribed');
    sub.unsubscribe();
    await until(() => hub.stats().subscriptions === 0);
    expect(hub.stats()).toMatchObject({ connections: 1, channels: 0 });
  });

  it('reconnects and subscribes again after the server restarts', async () => {
    const first = await startHub();
    const client = sdkClient(first.url, { token: await tokens.connection(7) });
    const sub = client.newSubscription('personal:#7');
    sub.subscribe();
    client.connect();
    await event(sub, 'subscribed');

    const connecting = event(client, 'connecting');
    await first.stop();
    expect(await connecting).toMatchObject({ code: 3001, reason: 'shutdown' });
    const second = await startHub(first.port);
    await event(sub, 'subscribed');
    const received = nextPublication(sub);
    await second.hub.publish('personal:#7', { after: 'restart' });
    expect(await received).toEqual({ after: 'restart' });
  });
});

describe('realtime hub protocol', () => {
  it('answers several commands sent in one frame with one frame', async () => {
    const { url } = await startHub();
    const raw = await rawClient(url);
    const connect = JSON.stringify({ connect: { token: await tokens.connection(7), name: 'js' }, id: 1 });
    const subscribe = JSON.stringify({ subscribe: { channel: 'personal:#7', flag: 1 }, id: 2 });
    raw.send(`${connect}\n${subscribe}`);
    await until(() => raw.received.length >= 2);
    expect(raw.frames).toHaveLength(1);
    expect(raw.received[0]).toMatchObject({ id: 1, connect: { expires: true, ping: 1, pong: true } });
    expect(raw.received[1]).toEqual({ id: 2, subscribe: {} });
  });

  it('refreshes only with a token of the same user: another user gets 3500, an expired one 3005', async () => {
    const { url } = await startHub();
    const refresh = async (token: string) => {
      const raw = await rawClient(url);
      raw.send(JSON.stringify({ connect: { token: await tokens.connection(7) }, id: 1 }));
      await until(() => raw.received.length >= 1);
      raw.send(JSON.stringify({ refresh: { token }, id: 2 }));
      await until(() => raw.closeCode() !== 0 || raw.received.length >= 2);
      return raw;
    };
    const renewed = await refresh(await tokens.connection(7, 600));
    expect(renewed.received[1]).toMatchObject({ id: 2, refresh: { expires: true } });
    expect((renewed.received[1] as { refresh: { ttl: number } }).refresh.ttl).toBeGreaterThan(590);
    expect((await refresh(await tokens.connection(8))).closeCode()).toBe(3500);
    expect((await refresh(await tokens.connection(7, -60))).closeCode()).toBe(3005);
    expect((await refresh(await forger.connection(7))).closeCode()).toBe(3500);
  });

  it('drops a subscription whose refresh token is not valid for it (103)', async () => {
    const { url, hub } = await startHub();
    const raw = await rawClient(url);
    raw.send(
      [
        JSON.stringify({ connect: { token: await tokens.connection(7) }, id: 1 }),
        JSON.stringify({
          subscribe: { channel: 'chat:a', token: await tokens.subscription(7, 'chat:a') },
          id: 2,
        }),
        JSON.stringify({
          sub_refresh: { channel: 'chat:a', token: await tokens.subscription(7, 'chat:b') },
          id: 3,
        }),
      ].join('\n'),
    );
    await until(() => raw.received.length >= 3);
    expect(raw.received[2]).toEqual({ id: 3, error: { code: 103, message: 'permission denied' } });
    expect(hub.stats()).toMatchObject({ connections: 1, subscriptions: 0 });
  });

  it('pings a connected client and drops it when no pong comes back (3012)', async () => {
    const { url } = await startHub();
    const raw = await rawClient(url);
    raw.send(JSON.stringify({ connect: { token: await tokens.connection(7) }, id: 1 }));
    await until(() => raw.received.some((reply) => Object.keys(reply).length === 0), 'a ping', {
      timeout: 20_000,
    });
    await until(() => raw.closeCode() !== 0, 'the connection closed', { timeout: 20_000 });
    expect(raw.closeCode()).toBe(3012);
  });

  it('keeps a client that answers pings with pongs', async () => {
    const { url, hub } = await startHub();
    const raw = await rawClient(url);
    raw.socket.on('message', (data) => {
      if (data.toString() === '{}') raw.send('{}');
    });
    raw.send(JSON.stringify({ connect: { token: await tokens.connection(7) }, id: 1 }));
    // Two pings, the second after the first pong, however slowly a busy machine sends them: a fixed
    // 3.5 s wait saw one ping while both cores were busy.
    const pings = () => raw.received.filter((reply) => Object.keys(reply).length === 0).length;
    await until(() => pings() >= 2, 'two pings', { timeout: 20_000 });
    expect(raw.closeCode()).toBe(0);
    expect(hub.stats().connections).toBe(1);
  });

  it('closes a socket that sends garbage (3501), a command before connect (3501) or nothing (3502)', async () => {
    const { url } = await startHub();
    const garbage = await rawClient(url);
    garbage.send('not json');
    const early = await rawClient(url);
    early.send(JSON.stringify({ subscribe: { channel: 'personal:#7' }, id: 1 }));
    const silent = await rawClient(url);
    await until(() => [garbage, early, silent].every((raw) => raw.closeCode() !== 0), 'the three closed', {
      timeout: 4000,
    });
    expect([garbage.closeCode(), early.closeCode(), silent.closeCode()]).toEqual([3501, 3501, 3502]);
  });

  it('cuts off a client that sends frames faster than they are handled (3013)', async () => {
    const { url } = await startHub();
    const raw = await rawClient(url);
    const token = await tokens.connection(7);
    raw.send(JSON.stringify({ connect: { token }, id: 1 }));
    for (let id = 2; id < 300; id++) raw.send(JSON.stringify({ refresh: { token }, id }));
    await until(() => raw.closeCode() !== 0);
    expect(raw.closeCode()).toBe(3013);
  });

  it('refuses client publications (103) and what it does not serve (108)', async () => {
    const { url } = await startHub();
    const raw = await rawClient(url);
    raw.send(
      [
        JSON.stringify({ connect: { token: await tokens.connection(7) }, id: 1 }),
        JSON.stringify({ publish: { channel: 'personal:#7', data: {} }, id: 2 }),
        JSON.stringify({ history: { channel: 'personal:#7' }, id: 3 }),
      ].join('\n'),
    );
    await until(() => raw.received.length >= 3);
    expect(raw.received.slice(1)).toEqual([
      { id: 2, error: { code: 103, message: 'permission denied' } },
      { id: 3, error: { code: 108, message: 'not available' } },
    ]);
  });

  it('answers a websocket upgrade on any other path with 404', async () => {
    const { port } = await startHub();
    const socket = new WebSocket(`ws://127.0.0.1:${port}/elsewhere`);
    const [error] = await once(socket, 'error');
    expect(String(error)).toContain('404');
  });
});
