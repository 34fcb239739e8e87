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
import { teamMembers, teams } from '../../db/schema.ts';

const ctx = useTestApp();
const NEW_PASSWORD = 'Another456';

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    remoteAddress: uniqueIp(),
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const post = (url: string, payload: unknown, token?: string) => call('POST', url, token, payload);
const account = async (token: string) => (await call('GET', '/api/user/account', token)).json();
const signIn = (userName: string, password: string) =>
  post('/api/user/login', { user_name: userName, password, login_type: 0 });

async function sendCode(
  address: { email: string } | { phone: string; country_code: string },
  type: number,
  token?: string,
) {
  const url = 'email' in address ? '/api/user/get-sys-email-code' : '/api/user/get-sys-phone-code';
  const sent = await post(url, { ...address, type }, token);
  expect(sent.statusCode, sent.body).toBe(200);
  return latestCode(ctx.app, 'email' in address ? address.email : `+${address.country_code}${address.phone}`);
}

describe('forgot password (/forget)', () => {
  it('trades the code for a reset token, sets the new password once, and signs out every device', async () => {
    const { email, token } = await createUser(ctx.app);
    const code = await sendCode({ email }, 3);
    const tokenAnswer = await post('/api/user/get-reset-token', { email, valid_code: code });
    expect(tokenAnswer.statusCode).toBe(200);
    const resetToken = tokenAnswer.json().data.reset_token;

    const reset = await post('/api/user/reset-pwd-by-token', {
      reset_token: resetToken,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/user/account', token)).statusCode).toBe(401);
    expect((await signIn(email, STRONG_PASSWORD)).json().code).toBe(1012);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await post('/api/user/reset-pwd-by-token', {
      reset_token: resetToken,
      password: STRONG_PASSWORD,
    });
    expect(again.json().code).toBe(1030);
  });

  it('refuses unknown accounts, wrong codes, forged tokens and weak passwords', async () => {
    expect((await post('/api/user/get-sys-email-code', { email: uniqueEmail(), type: 3 })).json().code).toBe(
      1051,
    );
    const { email } = await createUser(ctx.app);
    const code = await sendCode({ email }, 3);
    const wrong = await post('/api/user/get-reset-token', {
      email,
      valid_code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().code).toBe(1020);
    const forged = await post('/api/user/reset-pwd-by-token', {
      reset_token: 'x'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect(forged.json().code).toBe(1030);
    const weak = await post('/api/user/reset-pwd-by-token', {
      reset_token: 'x'.repeat(43),
      password: 'weak',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fields[0].field).toBe('password');
  });

  it('resets in one step with the code (account settings)', async () => {
    const { email } = await createUser(ctx.app);
    const code = await sendCode({ email }, 3);
    const reset = await post('/api/user/reset-pwd-by-code', {
      email,
      valid_code: code,
      password: NEW_PASSWORD,
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });
});

describe('email change', () => {
  it('goes through the four steps and signs the user in again with the new email', async () => {
    const { email, token } = await createUser(ctx.app);
    const oldCode = await sendCode({ email }, 2, token);
    const step2 = await post('/api/user/get-reset-email-token', { valid_code: oldCode }, token);
    expect(step2.statusCode).toBe(200);
    const newEmail = uniqueEmail();
    const newCode = await sendCode({ email: newEmail }, 2, token);
    const step4 = await post(
      '/api/user/get-reset-bind-email',
      { reset_token: step2.json().data.reset_token, email: newEmail, valid_code: newCode },
      token,
    );
    expect(step4.statusCode, step4.body).toBe(200);
    expect((await call('GET', '/api/user/account', token)).statusCode).toBe(401);
    expect((await signIn(email, STRONG_PASSWORD)).statusCode).not.toBe(200);
    const fresh = await signIn(newEmail, STRONG_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    expect((await account(fresh.json().data.token)).data.email).toBe(newEmail);
  });

  it('needs a session to send a change code, and never to an address someone else has', async () => {
    const { email } = await createUser(ctx.app);
    expect((await post('/api/user/get-sys-email-code', { email, type: 2 })).statusCode).toBe(401);
    const other = await createUser(ctx.app);
    const taken = await post('/api/user/get-sys-email-code', { email, type: 2 }, other.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe(1062);
  });

  it("refuses a missing or someone else's reset token, and binding over an existing email", async () => {
    const first = await createUser(ctx.app);
    const second = await createUser(ctx.app);
    const code = await sendCode({ email: first.email }, 2, first.token);
    const firstToken = (
      await post('/api/user/get-reset-email-token', { valid_code: code }, first.token)
    ).json().data.reset_token;
    const newEmail = uniqueEmail();
    const newCode = await sendCode({ email: newEmail }, 2, second.token);
    const stolen = await post(
      '/api/user/get-reset-bind-email',
      { reset_token: firstToken, email: newEmail, valid_code: newCode },
      second.token,
    );
    expect(stolen.json().code).toBe(1030);
    const bindOver = await post(
      '/api/user/bind-new-email',
      { email: newEmail, valid_code: newCode },
      second.token,
    );
    expect(bindOver.json().code).toBe(1030);
    const missing = await post(
      '/api/user/get-reset-bind-email',
      { email: newEmail, valid_code: newCode },
      second.token,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.fields[0].field).toBe('reset_token');
  });
});

describe('phone', () => {
  it('binds a phone to an email account; the phone then signs in', async () => {
    const { token } = await createUser(ctx.app);
    const phone = `139${String(Date.now()).slice(-8)}`;
    const code = await sendCode({ phone, country_code: '86' }, 2, token);
    const bound = await post(
      '/api/user/bind-new-phone',
      { phone, country_code: '86', valid_code: code },
      token,
    );
    expect(bound.statusCode, bound.body).toBe(200);
    const byPhone = await signIn(phone, STRONG_PASSWORD);
    expect(byPhone.statusCode).toBe(200);
    expect((await account(byPhone.json().data.token)).data.phone).toBe(phone);
  });

  it('refuses a phone that breaks the dial-code-86 rule', async () => {
    const { token } = await createUser(ctx.app);
    const bad = await post(
      '/api/user/get-sys-phone-code',
      { phone: '12345678901', country_code: '86', type: 2 },
      token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields[0].field).toBe('phone');
  });
});

describe('nickname and avatar', () => {
  it('saves a trimmed nickname and refuses a blank or 101-character one', async () => {
    const { token } = await createUser(ctx.app);
    // Read first, so the account is in the identity cache when it changes.
    expect((await account(token)).data.nick_name).toBe('');
    expect((await post('/api/user/update-base-user-info', { nick_name: '  Ada  ' }, token)).statusCode).toBe(
      200,
    );
    expect((await account(token)).data.nick_name).toBe('Ada');
    for (const nick_name of ['   ', 'x'.repeat(101), '\u200bAda']) {
      const refused = await post('/api/user/update-base-user-info', { nick_name }, token);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.fields[0].field).toBe('nick_name');
    }
    expect((await account(token)).data.nick_name).toBe('Ada');
    // A hundred characters, even when each is two UTF-16 units.
    const emoji = '😀'.repeat(100);
    expect((await post('/api/user/update-base-user-info', { nick_name: emoji }, token)).statusCode).toBe(200);
    expect((await account(token)).data.nick_name).toBe(emoji);
  });

  it('refuses an avatar that is not an image this user uploaded', async () => {
    const { token } = await createUser(ctx.app);
    const foreign = await post(
      '/api/user/update-base-user-info',
      { avatar: 'https://evil.example/x.png' },
      token,
    );
    expect(foreign.statusCode).toBe(400);
    const unknown = await post(
      '/api/user/update-base-user-info',
      { avatar: '/api/upload/files/nope.png' },
      token,
    );
    expect(unknown.json().code).toBe(1080);
  });
});

describe('preferences', () => {
  it('lists four languages and the three themes, and keeps the choice server-side', async () => {
    const configs = (await call('GET', '/api/user/get-preference-configs')).json().data;
    expect(configs.language.map((l: { key: string }) => l.key)).toEqual(['zh-CN', 'zh-TW', 'en-US', 'ja-JP']);
    expect(configs.theme.map((t: { id: number }) => t.id)).toEqual([4, 5, 6]);
    const { token } = await createUser(ctx.app);
    const saved = await post('/api/user/update-user-preference', { theme_id: 5, language_id: 4 }, token);
    expect(saved.json().data).toMatchObject({ theme_id: 5, theme_key: 'dark', language_key: 'ja-JP' });
    expect((await post('/api/user/get-user-preference', {}, token)).json().data.theme_id).toBe(5);
    expect((await account(token)).data.preference).toMatchObject({ theme_key: 'dark', language_id: 4 });
    expect((await post('/api/user/update-user-preference', { theme_id: 3 }, token)).statusCode).toBe(400);
  });
});

describe('delete account', () => {
  it('needs the exact email, then signs out everywhere and frees the email', async () => {
    const { email, token } = await createUser(ctx.app);
    const mismatch = await post('/api/user/delete-user', { email: `x${email}` }, token);
    expect(mismatch.json().code).toBe(1070);
    const deleted = await post('/api/user/delete-user', { email: ` ${email.toUpperCase()} ` }, token);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', '/api/user/account', token)).statusCode).toBe(401);
    expect((await signIn(email, STRONG_PASSWORD)).statusCode).not.toBe(200);
    // The email is free again: a register code is refused only by the 60 s resend wait, not as taken.
    const again = await post('/api/user/get-sys-email-code', { email, type: 1 });
    expect(again.json().code).toBe(1021);
  });

  it('is refused while the user owns a team with other members', async () => {
    const owner = await createUser(ctx.app);
    const member = await createUser(ctx.app);
    const ownerId = (await account(owner.token)).data.id;
    const memberId = (await account(member.token)).data.id;
    const { db } = ctx.database;
    const [team] = await db.insert(teams).values({ name: 'Acme', teamType: 0, ownerId }).returning();
    if (!team) throw new Error('no team');
    await db.insert(teamMembers).values([
      { teamId: team.id, userId: ownerId, teamRoles: ['team_owner', 'team_manage'] },
      { teamId: team.id, userId: memberId },
    ]);
    const refused = await post('/api/user/delete-user', { email: owner.email }, owner.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe(1072);
    expect((await call('GET', '/api/user/account', owner.token)).statusCode).toBe(200);
  });
});
