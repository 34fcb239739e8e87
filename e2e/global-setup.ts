import { type FullConfig, request } from '@playwright/test';
import { PLATFORM_ADMIN_EMAIL, registerAccount } from './support/accounts.ts';
import { ensureChromium } from './system-deps.ts';

export default async function globalSetup(config: FullConfig) {
  ensureChromium();
  // The platform admin is registered once, before the workers start (the test server is up by now),
  // so no two tests race to register it.
  const api = await request.newContext({ baseURL: config.projects[0]!.use.baseURL });
  await registerAccount(api, PLATFORM_ADMIN_EMAIL);
  await api.dispose();
}
