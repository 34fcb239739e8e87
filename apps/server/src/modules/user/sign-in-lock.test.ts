import { SIGN_IN_LOCK_MS } from '@tandem/contract/limits';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, latestCode, STRONG_PASSWORD, uniqueIp } from '../../../test/factories.ts';
import { useSecondApp, useTestApp } from '../../../test/test-app.ts';
import type { App } from '../../app.ts';
import { signInFailures, users } from '../../db/schema.ts';

const ctx = useTestApp();
const second = useSecondApp(ctx);

type Outbox = { to: string; subject: string; text: string; code: string | null }[];

const post = (app: App, url: string, payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress, headers: { 'accept-language': 'en-US' } });
const signIn = (app: App, email: string, password: string, from: string) =>
  post(app, '/api/user/login', { user_name: email, password, login_type: 0 }, from);
const otherThan = (code: string) => (code === '123456' ? '654321' : '123456');

async function failFiveTimes(email: string, from: string) {
  for (const app of [ctx.app, second.app, ctx.app, second.app, ctx.app]) {
    expect((await signIn(app, email, 'Wrong1234', from)).json().code).toBe(1012);
  }
}

async function mailsTo(email: string) {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?page_size=100' });
  return (response.json().data.data as Outbox).filter((message) => message.to === email);
}

async function failuresSeenBy(token: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/device/get-sign-in-failures',
    headers: { ...bearer(token), 'accept-language': 'en-US' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    data: {
      ip_address: string;
      location: string;
      count: number;
      last_time: string;
      locked_until: string | null;
    }[];
    total: number;
  };
}

describe('the sign-in lock', () => {
  it('locks out only the address that failed five times, across server processes, for 15 minutes', async () => {
    const { email } = await createUser(ctx.app);
    const attacker = uniqueIp();
    await failFiveTimes(email, attacker);

    const locked = await signIn(second.app, email, STRONG_PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 1015, msg: expect.stringContaining('15 minutes') });
    expect((await signIn(ctx.app, email, STRONG_PASSWORD, uniqueIp())).statusCode).toBe(200);

    await ctx.database.db
      .update(signInFailures)
      .set({ createdAt: new Date(Date.now() - SIGN_IN_LOCK_MS - 1000) })
      .where(eq(signInFailures.account, email));
    expect((await signIn(ctx.app, email, STRONG_PASSWORD, attacker)).statusCode).toBe(200);
  });

  it('leaves sign-in by email code open to the owner on the locked address', async () => {
    const { email } = await createUser(ctx.app);
    const shared = uniqueIp();
    await failFiveTimes(email, shared);
    expect((await signIn(ctx.app, email, STRONG_PASSWORD, shared)).json().code).toBe(1015);

    await post(ctx.app, '/api/user/get-sys-email-code', { email, type: 4 }, shared);
    const code = await latestCode(ctx.app, email);
    const byCode = await post(
      ctx.app,
      '/api/user/login',
      { user_name: email, valid_code: code, login_type: 1 },
      shared,
    );
    expect(byCode.statusCode).toBe(200);
    // Getting in clears that address's failures: the password works there again.
    expect((await signIn(ctx.app, email, STRONG_PASSWORD, shared)).statusCode).toBe(200);
  });

  it('counts wrong codes toward the lock of their address', async () => {
    const { email } = await createUser(ctx.app);
    const from = uniqueIp();
    await post(ctx.app, '/api/user/get-sys-email-code', { email, type: 4 }, from);
    const code = await latestCode(ctx.app, email);
    for (let i = 0; i < 5; i++) {
      const wrong = await post(
        ctx.app,
        '/api/user/login',
        { user_name: email, valid_code: otherThan(code), login_type: 1 },
        from,
      );
      expect(wrong.json().code).toBe(1020);
    }
    expect((await signIn(ctx.app, email, STRONG_PASSWORD, from)).json().code).toBe(1015);
    expect((await signIn(ctx.app, email, STRONG_PASSWORD, uniqueIp())).statusCode).toBe(200);
  });
});

describe('the owner hears of an attack', () => {
  it('by one mail in their language when an address is locked out, naming it, and not again within the hour', async () => {
    const { email } = await createUser(ctx.app);
    await ctx.database.db.update(users).set({ languageKey: 'ja-JP' }).where(eq(users.email, email));
    const attacker = uniqueIp();
    await failFiveTimes(email, attacker);
    const [warning, ...more] = (await mailsTo(email)).filter((message) => !message.code);
    expect(more).toHaveLength(0);
    expect(warning?.subject).toBe('Tandem アカウントへのログイン失敗');
    expect(warning?.text).toContain(attacker);

    await failFiveTimes(email, uniqueIp());
    expect((await mailsTo(email)).filter((message) => !message.code)).toHaveLength(1);
  });

  it('on the devices page: failures per address with their count, place and lock', async () => {
    const { email, token } = await createUser(ctx.app);
    const attacker = '81.2.69.142';
    await failFiveTimes(email, attacker);
    const mistyped = uniqueIp();
    expect((await signIn(ctx.app, email, 'Typo12345', mistyped)).json().code).toBe(1012);

    const seen = await failuresSeenBy(token);
    expect(seen.total).toBe(2);
    const [latest, locked] = seen.data;
    expect(latest).toMatchObject({
      ip_address: mistyped,
      count: 1,
      location: 'Local network',
      locked_until: null,
    });
    expect(locked).toMatchObject({
      ip_address: attacker,
      count: 5,
      location: expect.stringContaining('United Kingdom'),
    });
    expect(Date.parse(locked?.locked_until ?? '')).toBeGreaterThan(Date.now());

    // The owner then gets in from the mistyped address: their own typo is no longer listed.
    expect((await signIn(ctx.app, email, STRONG_PASSWORD, mistyped)).statusCode).toBe(200);
    expect((await failuresSeenBy(token)).data.map((row) => row.ip_address)).toEqual([attacker]);
  });

  it('shows nobody else the failures', async () => {
    const { email } = await createUser(ctx.app);
    await failFiveTimes(email, uniqueIp());
    const other = await createUser(ctx.app);
    expect((await failuresSeenBy(other.token)).total).toBe(0);
  });

  it('needs a session to list failures', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/device/get-sign-in-failures' });
    expect(response.statusCode).toBe(401);
  });
});
