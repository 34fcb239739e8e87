import { decodeJwt } from 'jose';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { bearer, createUser, STRONG_PASSWORD } from '../../../test/factories.ts';
import { signedInRealtimeClient } from '../../../test/realtime-clients.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { createRealtimeTokens } from '../../platform/realtime/connection-tokens.ts';
import { createRealtime, type Realtime } from '../../platform/realtime/realtime.ts';

let realtime: Realtime;
const ctx = useTestApp({}, (config) => {
  realtime = createRealtime({ config: config.realtime, log: pino({ level: 'silent' }) });
  return { realtime };
});
// A stand-in for the chat module's policy (tested in chat.test.ts), set after the app registered it.
beforeAll(() => {
  realtime.setChannelPolicy('chat', async (_reader, conversationId) => conversationId.startsWith('open-'));
});

const post = (url: string, token: string | undefined, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

async function signedIn() {
  const user = await createUser(ctx.app);
  const account = await ctx.app.inject({
    method: 'GET',
    url: '/api/user/account',
    headers: bearer(user.token),
  });
  return { ...user, userId: account.json().data.id as number };
}

describe('realtime token calls', () => {
  it('need a session', async () => {
    for (const [url, payload] of [
      ['/api/socket/get-client-token', undefined],
      ['/api/socket/subscribe-chat-token', { conversation_id: 'open-1' }],
      ['/api/socket/subscribe-com-chat-token', { channel: 'com:prompt_optimize.abcdefgh#1' }],
      ['/api/socket/get-com-chat-channel', { com_agent_key: 'prompt_optimize' }],
    ] as const) {
      expect((await post(url, undefined, payload)).statusCode, url).toBe(401);
    }
  });

  it('gives a connection token for the signed-in user, signed with the configured secret', async () => {
    const { token, userId } = await signedIn();
    const answer = await post('/api/socket/get-client-token', token);
    expect(answer.statusCode).toBe(200);
    const jwt = answer.json().data as string;
    const check = await createRealtimeTokens(ctx.config.realtime.secret).verifyConnection(jwt);
    expect(check).toMatchObject({ ok: true, userId: String(userId) });
    const { exp, iat } = decodeJwt(jwt);
    expect(exp! - iat!).toBe(15 * 60);
  });

  it('gives a chat token only for a conversation the user may read (403 otherwise)', async () => {
    const { token, userId } = await signedIn();
    const allowed = await post('/api/socket/subscribe-chat-token', token, { conversation_id: 'open-42' });
    expect(allowed.statusCode).toBe(200);
    expect(decodeJwt(allowed.json().data)).toMatchObject({ sub: String(userId), channel: 'chat:open-42' });
    const numeric = await post('/api/socket/subscribe-chat-token', token, { conversation_id: 42 });
    expect(numeric.statusCode).toBe(403);
    expect(numeric.json().code).toBe(1003);
  });

  it('answers 400 naming the field for bad input', async () => {
    const { token } = await signedIn();
    const cases = [
      ['/api/socket/subscribe-chat-token', {}, 'conversation_id'],
      ['/api/socket/subscribe-chat-token', { conversation_id: 'a b' }, 'conversation_id'],
      ['/api/socket/subscribe-chat-token', { conversation_id: 'x'.repeat(65) }, 'conversation_id'],
      ['/api/socket/subscribe-com-chat-token', { channel: 'personal:#1' }, 'channel'],
      ['/api/socket/subscribe-com-chat-token', { channel: 7 }, 'channel'],
      ['/api/socket/get-com-chat-channel', { com_agent_key: 'nope' }, 'com_agent_key'],
    ] as const;
    for (const [url, payload, field] of cases) {
      const answer = await post(url, token, payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().data.fields.map((f: { field: string }) => f.field)).toEqual([field]);
    }
  });

  it("hands out a fresh common agent channel per call, and tokens only for the caller's own", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const first = (
      await post('/api/socket/get-com-chat-channel', me.token, { com_agent_key: 'prompt_optimize' })
    ).json().data as string;
    const second = (
      await post('/api/socket/get-com-chat-channel', me.token, { com_agent_key: 'prompt_optimize' })
    ).json().data as string;
    expect(first).toMatch(new RegExp(`^com:prompt_optimize\\.[\\w-]{16}#${me.userId}$`));
    expect(second).not.toBe(first);

    const mine = await post('/api/socket/subscribe-com-chat-token', me.token, { channel: first });
    expect(decodeJwt(mine.json().data)).toMatchObject({ sub: String(me.userId), channel: first });
    expect(
      (await post('/api/socket/subscribe-com-chat-token', other.token, { channel: first })).statusCode,
    ).toBe(403);
  });
});

describe('remote sign-out over realtime', () => {
  async function twoDevices() {
    const user = await signedIn();
    const laptop = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'x-device-id': 'laptop-device-0001' },
      payload: { user_name: user.email, password: STRONG_PASSWORD },
    });
    return { ...user, laptopToken: laptop.json().data.token as string };
  }

  it('reaches the signed-out device at once, naming it, so it shows the refresh modal', async () => {
    const user = await twoDevices();
    const laptop = await signedInRealtimeClient(ctx.app, user.laptopToken, user.userId);
    const out = await post('/api/device/logout-device', user.token, { device_id: 'laptop-device-0001' });
    expect(out.statusCode).toBe(200);
    await eventually(() => expect(laptop.notifications).toHaveLength(1));
    expect(laptop.notifications[0]).toEqual({ type: 'UB:user_logout', device_ids: ['laptop-device-0001'] });
  });

  it('closes the signed-out device’s connection for good once it has been told, and no other', async () => {
    const user = await twoDevices();
    const laptop = await signedInRealtimeClient(ctx.app, user.laptopToken, user.userId);
    const phone = await signedInRealtimeClient(ctx.app, user.token, user.userId);
    const closed = new Promise<number>((resolve) =>
      laptop.client.on('disconnected', (context) => resolve(context.code)),
    );
    await post('/api/device/logout-device', user.token, { device_id: 'laptop-device-0001' });
    expect(await closed).toBe(3503);
    // It heard why before it went.
    expect(laptop.notifications).toEqual([{ type: 'UB:user_logout', device_ids: ['laptop-device-0001'] }]);
    expect(phone.client.state).toBe('connected');
  });

  it('names every device signed out by logout-all-device, and none when nothing ended', async () => {
    const user = await twoDevices();
    const laptop = await signedInRealtimeClient(ctx.app, user.laptopToken, user.userId);
    const out = await post('/api/device/logout-all-device', user.token, { except_current: 1 });
    expect(out.json().data).toEqual({ count: 1 });
    await eventually(() => expect(laptop.notifications).toHaveLength(1));
    expect(laptop.notifications[0]).toEqual({ type: 'UB:user_logout', device_ids: ['laptop-device-0001'] });

    expect(
      (await post('/api/device/logout-all-device', user.token, { except_current: 1 })).json().data,
    ).toEqual({
      count: 0,
    });
    expect(realtime.hub?.stats().connections).toBeGreaterThanOrEqual(1);
  });
});
