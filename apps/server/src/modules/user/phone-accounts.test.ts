import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer, latestCode, STRONG_PASSWORD, uniqueEmail, uniqueIp } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();

const post = (url: string, payload: object, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: uniqueIp(),
    headers: token ? bearer(token) : {},
  });
const account = async (token: string) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) })).json().data;
const chinaMobile = () => `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

async function phoneCode(phone: string, countryCode: string, type: number, token?: string) {
  const sent = await post('/api/user/get-sys-phone-code', { phone, country_code: countryCode, type }, token);
  expect(sent.statusCode, sent.body).toBe(200);
  return latestCode(ctx.app, `+${countryCode}${phone}`);
}

async function registerByPhone(phone: string, countryCode: string) {
  const valid_code = await phoneCode(phone, countryCode, 1);
  const registered = await post('/api/user/register', {
    phone,
    country_code: countryCode,
    valid_code,
    password: STRONG_PASSWORD,
    agree: true,
  });
  expect(registered.statusCode, registered.body).toBe(200);
  return registered.json().data.token as string;
}

describe('registration by phone', () => {
  it('with a Chinese mobile number gives a signed-in user with a personal team', async () => {
    const phone = chinaMobile();
    const user = await account(await registerByPhone(phone, '86'));
    expect(user).toMatchObject({ phone, country_code: '86', email: '' });
    expect(user.current_team.team_type).toBeGreaterThan(0);
    const byPhone = await post('/api/user/login', { user_name: phone, password: STRONG_PASSWORD });
    expect(byPhone.statusCode).toBe(200);
  });

  it('takes digits only outside China, and China when no dial code is given', async () => {
    const phone = `7700${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const user = await account(await registerByPhone(phone, '44'));
    expect(user).toMatchObject({ phone, country_code: '44' });
    const byPhone = await post('/api/user/login', {
      user_name: phone,
      country_code: '44',
      password: STRONG_PASSWORD,
    });
    expect(byPhone.statusCode).toBe(200);

    for (const payload of [
      { phone: '7700-900123', country_code: '44', type: 1 },
      { phone: '7700900123', type: 1 },
      { phone: '12012345678', country_code: '86', type: 1 },
      { phone: '1391234567', country_code: '86', type: 1 },
    ]) {
      const refused = await post('/api/user/get-sys-phone-code', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().data.fields[0].field).toBe('phone');
    }
  });
});

describe('phone rebind', () => {
  it('trades a code from the current phone for a token, sets the new phone, and signs out', async () => {
    const phone = chinaMobile();
    const token = await registerByPhone(phone, '86');
    const oldCode = await phoneCode(phone, '86', 2, token);
    const step2 = await post('/api/user/get-reset-phone-token', { valid_code: oldCode }, token);
    expect(step2.statusCode, step2.body).toBe(200);
    const reset_token = step2.json().data.reset_token;

    const newPhone = chinaMobile();
    const newCode = await phoneCode(newPhone, '86', 2, token);
    const same = await post(
      '/api/user/get-reset-bind-phone',
      { phone, country_code: '86', valid_code: newCode, reset_token },
      token,
    );
    expect(same.json().code).toBe(1063);
    const rebound = await post(
      '/api/user/get-reset-bind-phone',
      { phone: newPhone, country_code: '86', valid_code: newCode, reset_token },
      token,
    );
    expect(rebound.statusCode, rebound.body).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) })).statusCode,
    ).toBe(401);
    expect(
      (await post('/api/user/login', { user_name: phone, password: STRONG_PASSWORD })).statusCode,
    ).not.toBe(200);
    const fresh = await post('/api/user/login', { user_name: newPhone, password: STRONG_PASSWORD });
    expect(fresh.statusCode).toBe(200);
    expect((await account(fresh.json().data.token)).phone).toBe(newPhone);
  });

  it('refuses binding a phone over the one the account has (a rebind needs the token)', async () => {
    const token = await registerByPhone(chinaMobile(), '86');
    const newPhone = chinaMobile();
    const code = await phoneCode(newPhone, '86', 2, token);
    const refused = await post(
      '/api/user/bind-new-phone',
      { phone: newPhone, country_code: '86', valid_code: code },
      token,
    );
    expect(refused.json().code).toBe(1030);
  });
});

describe('binding an email to a phone account', () => {
  it('needs only the new email and its code, then signs in by that email', async () => {
    const token = await registerByPhone(chinaMobile(), '86');
    const email = uniqueEmail();
    const sent = await post('/api/user/get-sys-email-code', { email, type: 2 }, token);
    expect(sent.statusCode).toBe(200);
    const bound = await post(
      '/api/user/bind-new-email',
      { email, valid_code: await latestCode(ctx.app, email) },
      token,
    );
    expect(bound.statusCode, bound.body).toBe(200);
    const byEmail = await post('/api/user/login', { user_name: email, password: STRONG_PASSWORD });
    expect(byEmail.statusCode).toBe(200);
    expect((await account(byEmail.json().data.token)).email).toBe(email);
  });

  it('deletes the account by its phone when it has no email', async () => {
    const phone = chinaMobile();
    const token = await registerByPhone(phone, '86');
    expect((await post('/api/user/delete-user', { email: 'x@example.com' }, token)).json().code).toBe(1070);
    const deleted = await post('/api/user/delete-user', { phone }, token);
    expect(deleted.statusCode).toBe(200);
  });
});
