import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, latestCode, STRONG_PASSWORD, uniqueIp } from '../../../test/factories.ts';
import { testConfig, useTestApp } from '../../../test/test-app.ts';
import { type App, buildApp } from '../../app.ts';
import { applyAdminEmails, grantPlatformAdmin } from './platform-admins.ts';

const BOSS = `boss-${randomBytes(4).toString('hex')}@example.com`;
const DEPUTY = `deputy-${randomBytes(4).toString('hex')}@example.com`;

async function isSuper(app: App, token: string): Promise<boolean> {
  const response = await app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) });
  return response.json().data.is_super;
}

async function signIn(app: App, email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user_name: email, password: STRONG_PASSWORD },
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.token;
}

async function signInByCode(app: App, email: string): Promise<string> {
  const remoteAddress = uniqueIp();
  await app.inject({
    method: 'POST',
    url: '/api/user/get-sys-email-code',
    payload: { email, type: 4 },
    remoteAddress,
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { user_name: email, valid_code: await latestCode(app, email), login_type: 1 },
    remoteAddress,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.token;
}

describe('ADMIN_EMAILS', () => {
  // The list names the boss in other letters: addresses match ignoring case.
  const context = useTestApp({ ADMIN_EMAILS: `${BOSS.toUpperCase()}, ${DEPUTY}` });
  /** The same database after the operator took both addresses off the list and restarted. */
  let unlisted: App;
  beforeAll(async () => {
    unlisted = await buildApp({ config: testConfig(), database: context.database });
  });
  afterAll(async () => {
    await unlisted?.close();
  });

  it('makes a listed address a platform admin when it registers, and no one else', async () => {
    const boss = await createUser(context.app, { email: BOSS });
    const other = await createUser(context.app);
    expect(await isSuper(context.app, boss.token)).toBe(true);
    expect(await isSuper(context.app, other.token)).toBe(false);
  });

  it('takes the right back at the next sign-in once the address leaves the list', async () => {
    const session = await signIn(context.app, BOSS);
    expect(await isSuper(context.app, session)).toBe(true);
    const after = await signIn(unlisted, BOSS);
    expect(await isSuper(unlisted, after)).toBe(false);
    // Signing in by code where the address is listed again gives it back.
    expect(await isSuper(context.app, await signInByCode(context.app, BOSS))).toBe(true);
  });

  it('leaves alone a right the admin command gave', async () => {
    const deputy = await createUser(context.app, { email: DEPUTY });
    expect(await isSuper(context.app, deputy.token)).toBe(true);
    await grantPlatformAdmin(context.database.db, DEPUTY.toUpperCase());
    expect(await isSuper(unlisted, await signIn(unlisted, DEPUTY))).toBe(true);
  });

  it('applies the list to existing accounts when the server starts', async () => {
    const early = await createUser(unlisted);
    expect(await isSuper(unlisted, early.token)).toBe(false);
    await applyAdminEmails(context.database.db, [early.email]);
    // The open session sees it at once: the start-up sync forgets the cached account.
    expect(await isSuper(unlisted, early.token)).toBe(true);
  });
});
