import { TOKEN_LIFETIME_MS } from '@tandem/contract/limits';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, createUser, STRONG_PASSWORD, uniqueIp } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';
import { sessions, users } from '../../db/schema.ts';
import { identityCacheOf } from '../../platform/auth/identity-cache.ts';
import { hashToken } from '../../platform/auth/opaque-tokens.ts';

const ctx = useTestApp();
const HOUR_MS = 60 * 60 * 1000;

const getAccount = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) });

async function sessionOfToken(token: string) {
  const [row] = await ctx.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) throw new Error('no session for this token');
  return row;
}

/** Changes a stored session behind the server's back, as time passing would, and drops the cached copy. */
async function ageSession(token: string, change: Partial<typeof sessions.$inferInsert>) {
  const session = await sessionOfToken(token);
  await ctx.database.db.update(sessions).set(change).where(eq(sessions.id, session.id));
  identityCacheOf(ctx.database.db).forgetSessionsOf(session.userId);
}

describe('session tokens', () => {
  it('are random, opaque and stored only as a hash; the password only as an argon2id hash', async () => {
    const first = await createUser(ctx.app);
    const second = await createUser(ctx.app);
    expect(first.token).toMatch(/^[\w-]{43}$/);
    expect(first.token).not.toBe(second.token);
    const stored = await ctx.database.db.select().from(sessions);
    expect(JSON.stringify(stored)).not.toContain(first.token);
    expect((await sessionOfToken(first.token)).tokenHash).toBe(hashToken(first.token));
    const [user] = await ctx.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, first.email));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('live 15 days, renewed by use: the renewed token comes back in the authorization header', async () => {
    const { token } = await createUser(ctx.app);
    const fresh = await sessionOfToken(token);
    expect(fresh.expiresAt.getTime() - fresh.createdAt.getTime()).toBeGreaterThan(TOKEN_LIFETIME_MS - 60_000);
    // Quiet calls within the hour write nothing and send no header.
    expect((await getAccount(token)).headers.authorization).toBeUndefined();

    const twoHoursAgo = new Date(Date.now() - 2 * HOUR_MS);
    await ageSession(token, {
      lastActiveAt: twoHoursAgo,
      expiresAt: new Date(twoHoursAgo.getTime() + TOKEN_LIFETIME_MS),
    });
    const renewed = await getAccount(token);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.headers.authorization).toBe(`Bearer ${token}`);
    const after = await sessionOfToken(token);
    expect(after.expiresAt.getTime()).toBeGreaterThan(Date.now() + TOKEN_LIFETIME_MS - 60_000);
    expect(after.lastActiveAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answer 401 once the 15 days have passed unused', async () => {
    const { token } = await createUser(ctx.app);
    await ageSession(token, {
      lastActiveAt: new Date(Date.now() - TOKEN_LIFETIME_MS - HOUR_MS),
      expiresAt: new Date(Date.now() - HOUR_MS),
    });
    const expired = await getAccount(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe(1010);
  });

  it('carry the account the spec describes, with the points left in the current team', async () => {
    const { token } = await createUser(ctx.app);
    const user = (await getAccount(token)).json().data;
    expect(user).toMatchObject({
      has_roles: expect.any(Array),
      app_role: expect.any(Array),
      current_team_id: user.current_team.team_id,
      current_team: { team_type: expect.any(Number), team_roles: expect.any(Array) },
      current_team_ver: {
        numerical_auth: { points_quota: { points_quota_surplus_numerical: expect.any(Number) } },
      },
      preference: { theme_id: expect.any(Number), language_key: expect.any(String) },
    });
  });
});

describe('sign-in permission', () => {
  it('is refused with "no permission" to a user without application roles', async () => {
    const { email } = await createUser(ctx.app);
    await ctx.database.db.update(users).set({ appRole: [] }).where(eq(users.email, email));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: uniqueIp(),
      payload: { user_name: email, password: STRONG_PASSWORD, login_type: 0 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(1016);

    await ctx.database.db
      .update(users)
      .set({ appRole: ['user'], hasRoles: [] })
      .where(eq(users.email, email));
    const noRoles = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: uniqueIp(),
      payload: { user_name: email, password: STRONG_PASSWORD, login_type: 0 },
    });
    expect(noRoles.json().code).toBe(1016);
  });
});

describe('heartbeat', () => {
  it('answers the signed-in user, and 401 without a session', async () => {
    const { token } = await createUser(ctx.app);
    const { id } = (await getAccount(token)).json().data;
    const beat = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/user-heartbeat',
      headers: bearer(token),
    });
    expect(beat.json()).toMatchObject({ code: 0, data: { user_id: id } });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user/user-heartbeat' })).statusCode).toBe(401);
  });
});
