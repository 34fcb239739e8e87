import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { eventually } from '../../../test/eventually.ts';
import { bearer, createUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createCentrifugoPublisher } from './centrifugo-publisher.ts';

type Received = { method?: string; url?: string; headers: IncomingMessage['headers']; body: unknown };

/** A stand-in for Centrifugo's server API: records each request and answers as told. */
const requests: Received[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { result: {} } };
const fakeCentrifugo = createServer(async (request, response) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  requests.push({
    method: request.method,
    url: request.url,
    headers: request.headers,
    body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
  });
  response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
});
fakeCentrifugo.listen(0, '127.0.0.1');
await once(fakeCentrifugo, 'listening');
const centrifugoUrl = `http://127.0.0.1:${(fakeCentrifugo.address() as AddressInfo).port}`;
afterAll(() => new Promise((resolve) => fakeCentrifugo.close(resolve)));

beforeEach(() => {
  requests.length = 0;
  answer = { status: 200, body: { result: {} } };
});

const API_KEY = 'centrifugo-api-key-for-tests';

describe('Centrifugo publisher', () => {
  const log = { error: vi.fn() };
  const publisher = createCentrifugoPublisher({ url: centrifugoUrl, apiKey: API_KEY, log });

  it('publishes through POST /api/publish with the API key and {channel, data}', async () => {
    await publisher.publish('personal:#42', { type: 'UB:user_logout', device_ids: ['phone-1'] });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/publish',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: { channel: 'personal:#42', data: { type: 'UB:user_logout', device_ids: ['phone-1'] } },
    });
  });

  it('sends one broadcast for several channels', async () => {
    await publisher.broadcast(['personal:#1', 'personal:#2'], { n: 1 });
    await publisher.broadcast([], { n: 2 });
    expect(requests.map((r) => [r.url, r.body])).toEqual([
      ['/api/broadcast', { channels: ['personal:#1', 'personal:#2'], data: { n: 1 } }],
    ]);
  });

  it('logs a refusal or an unreachable Centrifugo instead of failing the caller', async () => {
    log.error.mockClear();
    answer = { status: 200, body: { error: { code: 102, message: 'unknown channel' } } };
    await expect(publisher.publish('nowhere:x', 1)).resolves.toBeUndefined();
    answer = { status: 401, body: {} };
    await expect(publisher.publish('personal:#1', 1)).resolves.toBeUndefined();
    const offline = createCentrifugoPublisher({ url: 'http://127.0.0.1:9', apiKey: API_KEY, log });
    await expect(offline.publish('personal:#1', 1)).resolves.toBeUndefined();
    expect(log.error.mock.calls.map(([, message]) => message)).toEqual([
      'centrifugo refused',
      'centrifugo refused',
      'centrifugo unreachable',
    ]);
  });
});

describe('a server configured with Centrifugo', () => {
  const ctx = useTestApp({
    CENTRIFUGO_URL: `${centrifugoUrl}/`,
    CENTRIFUGO_API_KEY: API_KEY,
    REALTIME_URL: 'wss://realtime.example.com/connection/websocket',
  });

  it("publishes a remote sign-out to the user's channel, then closes the user's connections in Centrifugo", async () => {
    const { email, password, token } = await createUser(ctx.app);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-device-id': 'tablet-elsewhere-01' },
      payload: { user_name: email, password },
    });
    expect(login.statusCode).toBe(200);
    const account = await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) });
    const userId = account.json().data.id;

    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/logout-device',
      headers: bearer(token),
      payload: { device_id: 'tablet-elsewhere-01' },
    });
    expect(out.statusCode).toBe(200);
    const started = Date.now();
    await eventually(() => expect(requests).toHaveLength(2));
    // Within a second: the notice first, so the signed-out device hears why, then the disconnect.
    expect(Date.now() - started).toBeLessThan(1000);
    expect(requests[0]).toMatchObject({
      url: '/api/publish',
      headers: { 'x-api-key': API_KEY },
      body: {
        channel: `personal:#${userId}`,
        data: { type: 'UB:user_logout', device_ids: ['tablet-elsewhere-01'] },
      },
    });
    // Centrifugo cannot tell one session's connections from another's: all of the user's close, with a
    // code the SDK does not reconnect on, and come back with tokens the server gives live sessions only.
    expect(requests[1]).toMatchObject({
      url: '/api/disconnect',
      headers: { 'x-api-key': API_KEY },
      body: { user: String(userId), disconnect: { code: 4501 } },
    });
  });

  it('gives tokens that live a minute, so a kept token of an ended session lets nobody back in for long', async () => {
    const { token } = await createUser(ctx.app);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/socket/get-client-token',
      headers: bearer(token),
    });
    const jwt = answer.json().data as string;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(60);
  });

  it('tells clients where Centrifugo is and serves no websocket itself', async () => {
    const config = await ctx.app.inject({ method: 'GET', url: '/api/client/sys/config' });
    expect(config.json().data.realtime_url).toBe('wss://realtime.example.com/connection/websocket');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const socket = new WebSocket(`ws://127.0.0.1:${port}/connection/websocket`);
    const [error] = await once(socket, 'error');
    expect(String(error)).toMatch(/Unexpected server response: (404|426)/);
  });
});
