import { describe, expect, it } from 'vitest';
import { bearer, createUser, STRONG_PASSWORD } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

/** A second sign-in of the same user from another device and a public address in England. */
async function signInElsewhere(email: string) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/login',
    remoteAddress: '81.2.69.142',
    headers: { 'x-device-id': 'laptop-elsewhere-01', 'user-agent': FIREFOX_LINUX },
    payload: { user_name: email, password: STRONG_PASSWORD },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data.token as string;
}

const devices = (token: string, payload: object = { page: 1, page_size: 10 }) =>
  ctx.app.inject({ method: 'POST', url: '/api/device/get-user-device', headers: bearer(token), payload });

describe('devices', () => {
  it('lists each signed-in device with its name, address, place and the current one marked', async () => {
    const { email, token } = await createUser(ctx.app, { deviceId: 'phone-here-0001' });
    await signInElsewhere(email);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/get-user-device',
      headers: { ...bearer(token), 'accept-language': 'en-US' },
      payload: { page: 1, page_size: 10 },
    });
    const { data, total } = answer.json().data;
    expect(total).toBe(2);
    const current = data.find((d: { is_current: boolean }) => d.is_current);
    const other = data.find((d: { is_current: boolean }) => !d.is_current);
    expect(current.device_id).toBe('phone-here-0001');
    expect(other).toMatchObject({
      device_id: 'laptop-elsewhere-01',
      device_name: 'Firefox 140 · Linux',
      ip_address: '81.2.69.142',
      status: 0,
    });
    expect(other.location).toContain('United Kingdom');
    // Test requests come from 10.x addresses.
    expect(current.location).toBe('Local network');
    expect(new Date(other.last_login_time).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('pages the list', async () => {
    const { email, token } = await createUser(ctx.app);
    await signInElsewhere(email);
    const page2 = (await devices(token, { page: 2, page_size: 1 })).json().data;
    expect(page2.total).toBe(2);
    expect(page2.data).toHaveLength(1);
    expect((await devices(token, { page: 1, page_size: 1000 })).statusCode).toBe(400);
  });

  it('signs one device out remotely: its next call answers 401 with code 1040', async () => {
    const { email, token } = await createUser(ctx.app);
    const elsewhere = await signInElsewhere(email);
    // A call just before, so the session is in the identity cache when it is ended.
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(elsewhere) }))
        .statusCode,
    ).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/logout-device',
      headers: bearer(token),
      payload: { device_id: 'laptop-elsewhere-01' },
    });
    expect(out.statusCode).toBe(200);
    const next = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(elsewhere),
    });
    expect(next.statusCode).toBe(401);
    expect(next.json().code).toBe(1040);
    expect((await devices(token)).json().data.total).toBe(1);
  });

  it('signs out all other devices and keeps this one', async () => {
    const { email, token } = await createUser(ctx.app);
    const elsewhere = await signInElsewhere(email);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/logout-all-device',
      headers: bearer(token),
      payload: { except_current: 1 },
    });
    expect(out.json().data.count).toBe(1);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(elsewhere) })).json()
        .code,
    ).toBe(1040);
  });

  it("cannot sign out another user's device", async () => {
    const first = await createUser(ctx.app, { deviceId: 'first-user-device' });
    const second = await createUser(ctx.app);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/logout-device',
      headers: bearer(second.token),
      payload: { device_id: 'first-user-device' },
    });
    expect(answer.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(first.token) }))
        .statusCode,
    ).toBe(200);
  });
});
