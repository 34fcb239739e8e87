import { describe, expect, it } from 'vitest';
import {
  bearer,
  createUser,
  latestCode,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueIp,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const post = (url: string, payload: unknown, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: uniqueIp(), ...extra });

describe('registration by email', () => {
  it('signs the new user in and gives them a personal team they manage', async () => {
    const { email, token } = await createUser(ctx.app);
    const account = await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) });
    expect(account.statusCode).toBe(200);
    const user = account.json().data;
    expect(user.email).toBe(email);
    expect(user.current_team.team_type).toBeGreaterThan(0);
    expect(user.current_team.team_roles).toContain('team_manage');
    expect(user.has_roles.length).toBeGreaterThan(0);
    expect(user.app_role.length).toBeGreaterThan(0);
    expect(user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(user)).not.toContain('argon2');
  });

  it('refuses a wrong code, a weak password and a missing agreement, naming the field', async () => {
    const email = uniqueEmail();
    await post('/api/user/get-sys-email-code', { email, type: 1 });
    const code = await latestCode(ctx.app, email);
    const weak = await post('/api/user/register', {
      email,
      valid_code: code,
      password: 'alllower1',
      agree: true,
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fields[0].field).toBe('password');
    const noAgree = await post('/api/user/register', {
      email,
      valid_code: code,
      password: STRONG_PASSWORD,
      agree: false,
    });
    expect(noAgree.json().data.fields[0].field).toBe('agree');
    const wrong = await post('/api/user/register', {
      email,
      valid_code: code === '000000' ? '111111' : '000000',
      password: STRONG_PASSWORD,
      agree: true,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(1020);
  });

  it('starts the account in the language and theme the visitor was using', async () => {
    const email = uniqueEmail();
    const headers = { cookie: 'locale=ja-JP; theme=dark' };
    await post('/api/user/get-sys-email-code', { email, type: 1 }, { headers });
    const registered = await post(
      '/api/user/register',
      { email, valid_code: await latestCode(ctx.app, email), password: STRONG_PASSWORD, agree: true },
      { headers },
    );
    const account = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(registered.json().data.token),
    });
    expect(account.json().data.preference).toMatchObject({ language_key: 'ja-JP', theme_key: 'dark' });
  });

  it('refuses a second account on the same email', async () => {
    const { email } = await createUser(ctx.app);
    const again = await post('/api/user/get-sys-email-code', { email, type: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(1050);
  });
});

describe('verification codes', () => {
  it('are 6 digits, written to the outbox, and resent no sooner than 60 s', async () => {
    const email = uniqueEmail();
    const first = await post('/api/user/get-sys-email-code', { email, type: 1 });
    expect(first.statusCode).toBe(200);
    expect(await latestCode(ctx.app, email)).toMatch(/^\d{6}$/);
    const second = await post('/api/user/get-sys-email-code', { email, type: 1 });
    expect(second.statusCode).toBe(429);
    expect(second.json().code).toBe(1021);
    expect(second.json().data.retry_after).toBeGreaterThan(55);
  });

  it('burn after five wrong tries, even when the sixth is right', async () => {
    const email = uniqueEmail();
    await post('/api/user/get-sys-email-code', { email, type: 1 });
    const code = await latestCode(ctx.app, email);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) {
      const attempt = await post('/api/user/register', {
        email,
        valid_code: wrong,
        password: STRONG_PASSWORD,
        agree: true,
      });
      expect(attempt.json().code).toBe(1020);
    }
    const right = await post('/api/user/register', {
      email,
      valid_code: code,
      password: STRONG_PASSWORD,
      agree: true,
    });
    expect(right.json().code).toBe(1020);
  });

  it('are capped per IP address per hour', async () => {
    const remoteAddress = '192.0.2.77';
    const answers = [];
    for (let i = 0; i < 21; i++) {
      answers.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/user/get-sys-email-code',
          payload: { email: uniqueEmail(), type: 1 },
          remoteAddress,
        }),
      );
    }
    expect(answers.slice(0, 20).every((a) => a.statusCode === 200)).toBe(true);
    expect(answers[20]?.json().code).toBe(1022);
  });

  it('are not sent to sign in to an account that does not exist', async () => {
    const answer = await post('/api/user/get-sys-email-code', { email: uniqueEmail(), type: 4 });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe(1051);
  });
});

describe('sign-in', () => {
  it('by password, with trimmed fields, answers a token that reads the account', async () => {
    const { email } = await createUser(ctx.app);
    const answer = await post('/api/user/login', {
      user_name: `  ${email.toUpperCase()} `,
      password: ` ${STRONG_PASSWORD} `,
      login_type: 0,
    });
    expect(answer.statusCode).toBe(200);
    const account = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(answer.json().data.token),
    });
    expect(account.json().data.email).toBe(email);
  });

  it('by verification code, right after registering (the resend wait is per purpose)', async () => {
    const { email } = await createUser(ctx.app);
    await post('/api/user/get-sys-email-code', { email, type: 4 });
    const answer = await post('/api/user/login', {
      user_name: email,
      valid_code: await latestCode(ctx.app, email),
      login_type: 1,
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.token).toEqual(expect.any(String));
  });

  it('answers bad input with a 400 naming the field, never a 500', async () => {
    const cases = [
      {},
      { user_name: 42, password: 'x' },
      { user_name: 'a'.repeat(100_000), password: 'x' },
      { user_name: 'someone@example.com', login_type: 1, valid_code: '12' },
      { user_name: 'someone@example.com', login_type: 7, password: 'x' },
      { user_name: '\u202eevil@example.com', password: null },
    ];
    for (const payload of cases) {
      const answer = await post('/api/user/login', payload);
      expect(answer.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(answer.json().data.fields.length).toBeGreaterThan(0);
    }
  });
});

describe('sessions', () => {
  it('without a token, or with an unknown one, answer 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/account' })).statusCode).toBe(401);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer('nope'),
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe(1010);
  });

  it('end at logout', async () => {
    const { token } = await createUser(ctx.app);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('are one per device: signing in again on the same device ends the previous token', async () => {
    const { email, token } = await createUser(ctx.app, { deviceId: 'device-one-per-test' });
    const again = await post(
      '/api/user/login',
      { user_name: email, password: STRONG_PASSWORD },
      { headers: { 'x-device-id': 'device-one-per-test' } },
    );
    expect(again.statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('answer the identity check with the user id and token', async () => {
    const { token } = await createUser(ctx.app);
    const check = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/check-identity',
      headers: bearer(token),
    });
    expect(check.json().data).toEqual({ auth_result: 1, user_id: expect.any(Number), token });
  });
});

describe('flood protection', () => {
  it('sheds more than 30 sign-in attempts a minute from one address with 429 and a retry time', async () => {
    const remoteAddress = '198.51.100.23';
    const answers = [];
    for (let i = 0; i < 31; i++) {
      answers.push(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/user/login',
          payload: { user_name: `nobody${i}@example.com`, password: 'Wrong1234' },
          remoteAddress,
        }),
      );
    }
    expect(answers.slice(0, 30).every((a) => a.statusCode === 400)).toBe(true);
    const shed = answers[30];
    expect(shed?.statusCode).toBe(429);
    expect(shed?.json()).toMatchObject({ code: 1004, data: { retry_after: expect.any(Number) } });
    const elsewhere = await post('/api/user/login', {
      user_name: 'nobody@example.com',
      password: 'Wrong1234',
    });
    expect(elsewhere.statusCode).toBe(400);
  });
});
