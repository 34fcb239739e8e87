import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../../test/factories.ts';
import { testConfig } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type App, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';

/** Where the web app would live; the provider only compares the redirect URI, it never calls it. */
const PUBLIC_URL = 'http://127.0.0.1:5999';
const REDIRECT_URI = `${PUBLIC_URL}/google_auth`;

/** The people the local provider knows, by login name. */
const PEOPLE: Record<string, { email?: string; email_verified?: boolean; name: string }> = {
  ada: { email: 'ada@oidc.example', email_verified: true, name: 'Ada Lovelace' },
  grace: { email: 'grace@oidc.example', email_verified: true, name: 'Grace Hopper' },
  unverified: { email: 'mallory@oidc.example', email_verified: false, name: 'Mallory' },
};

let provider: Server;
let issuer: string;
let app: App;
let database: Database;

beforeAll(async () => {
  provider = createServer();
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  const oidc = new Provider(issuer, {
    clients: [
      {
        client_id: 'tandem',
        client_secret: 'tandem-secret',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, ...PEOPLE[id] }) }),
  });
  provider.on('request', oidc.callback());
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({
      PUBLIC_URL,
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'tandem',
      OIDC_CLIENT_SECRET: 'tandem-secret',
    }),
    database,
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  provider?.closeAllConnections();
  await new Promise((resolve) => provider?.close(resolve));
});

/**
 * A browser at the provider: follows redirects by hand with a cookie jar, signs in on the provider's
 * own login page, consents, and stops at the redirect back to the web app.
 */
async function consentAt(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let url = authorizationUrl;
  let form: Record<string, string> | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) cookies.set(name.trim(), value.join('='));
    }
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(REDIRECT_URI)) return next;
      url = next.href;
      form = undefined;
      continue;
    }
    const html = await response.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action)
      throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 200)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    form = html.includes('name="login"')
      ? { prompt: 'login', login, password: 'any' }
      : { prompt: 'consent' };
  }
  throw new Error('too many redirects at the provider');
}

async function signInWithProvider(login: string) {
  const started = await app.inject({ method: 'GET', url: '/api/google/website-auth' });
  expect(started.statusCode, started.body).toBe(200);
  const back = await consentAt(started.json().data.url, login);
  return app.inject({
    method: 'POST',
    url: '/api/google/website-auth-info',
    payload: { google_code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
}

describe('sign-in with an OpenID Connect provider', () => {
  it('is offered by the client config', async () => {
    const config = await app.inject({ method: 'GET', url: '/api/client/sys/config' });
    expect(config.json().data.sign_in_methods.google).toBe(true);
  });

  it('creates an account with a personal team for a new person, and signs the same account in again', async () => {
    const first = await signInWithProvider('ada');
    expect(first.statusCode, first.body).toBe(200);
    const account = await app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(first.json().data.token),
    });
    const user = account.json().data;
    expect(user).toMatchObject({ email: 'ada@oidc.example', nick_name: 'Ada Lovelace' });
    expect(user.current_team.team_type).toBeGreaterThan(0);

    const second = await signInWithProvider('ada');
    const again = await app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(second.json().data.token),
    });
    expect(again.json().data.id).toBe(user.id);
  });

  it('links to the existing account with the same verified email', async () => {
    const { token } = await createUser(app, { email: 'grace@oidc.example' });
    const existing = await app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) });
    const answer = await signInWithProvider('grace');
    const user = await app.inject({
      method: 'GET',
      url: '/api/user/account',
      headers: bearer(answer.json().data.token),
    });
    expect(user.json().data.id).toBe(existing.json().data.id);
  });

  it('never links by an email the provider has not verified', async () => {
    const { token } = await createUser(app, { email: 'mallory@oidc.example' });
    const existingId = (
      await app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) })
    ).json().data.id;
    const answer = await signInWithProvider('unverified');
    const user = (
      await app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(answer.json().data.token) })
    ).json().data;
    expect(user.id).not.toBe(existingId);
    expect(user.email).toBe('');
  });

  it('refuses a replayed state, a forged code and an unknown state', async () => {
    const started = await app.inject({ method: 'GET', url: '/api/google/website-auth' });
    const back = await consentAt(started.json().data.url, 'ada');
    const payload = { google_code: back.searchParams.get('code'), state: back.searchParams.get('state') };
    const forged = await app.inject({
      method: 'POST',
      url: '/api/google/website-auth-info',
      payload: { ...payload, google_code: 'forged-code' },
    });
    expect(forged.json().code).toBe(1013);
    // The state was spent by the failed attempt: the real code cannot be replayed with it.
    const replay = await app.inject({ method: 'POST', url: '/api/google/website-auth-info', payload });
    expect(replay.json().code).toBe(1013);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/google/website-auth-info',
      payload: { google_code: 'x', state: 'never-issued' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe(1013);
  });
});
