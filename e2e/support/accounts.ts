import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';

export const PASSWORD = 'Secret123';

export async function latestCode(request: APIRequestContext, to: string): Promise<string> {
  const response = await request.get('/api/dev/outbox?page_size=50');
  const item = (await response.json()).data.data.find((m: { to: string }) => m.to === to);
  if (!item?.code) throw new Error(`no code in the outbox for ${to}`);
  return item.code;
}

/** A registered account, made through the product's own calls (code read from the dev outbox). */
export async function registerAccount(
  request: APIRequestContext,
  email = `e2e-${randomBytes(5).toString('hex')}@example.com`,
) {
  const sent = await request.post('/api/user/get-sys-email-code', { data: { email, type: 1 } });
  if (!sent.ok()) throw new Error(await sent.text());
  const registered = await request.post('/api/user/register', {
    data: { email, valid_code: await latestCode(request, email), password: PASSWORD, agree: true },
  });
  if (!registered.ok()) throw new Error(await registered.text());
  return { email, password: PASSWORD };
}

/** A registered account with a session token for API calls, signed in from device `deviceId`. */
export async function registerWithToken(request: APIRequestContext, deviceId: string) {
  const account = await registerAccount(request);
  const login = await request.post('/api/user/login', {
    data: { user_name: account.email, password: account.password, device_id: deviceId },
  });
  if (!login.ok()) throw new Error(await login.text());
  return { ...account, token: (await login.json()).data.token as string };
}

/** The platform admin the test server names in ADMIN_EMAILS (playwright.config.ts). */
export const PLATFORM_ADMIN_EMAIL = 'e2e-platform-admin@example.com';

/** The platform admin's account, registered by the global set-up (global-setup.ts). */
export const platformAdmin = () => ({ email: PLATFORM_ADMIN_EMAIL, password: PASSWORD });
