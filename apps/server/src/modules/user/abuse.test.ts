import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { latestCode, STRONG_PASSWORD, uniqueEmail, uniqueIp } from '../../../test/factories.ts';
import { useSecondApp, useTestApp } from '../../../test/test-app.ts';
import type { App } from '../../app.ts';
import { verificationCodes } from '../../db/schema.ts';

const ctx = useTestApp();
const second = useSecondApp(ctx);

const post = (app: App, url: string, payload: object) =>
  app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: uniqueIp(),
    headers: { 'accept-language': 'en-US' },
  });
const register = (app: App, email: string, code: string) =>
  post(app, '/api/user/register', { email, valid_code: code, password: STRONG_PASSWORD, agree: true });
const otherThan = (code: string) => (code === '123456' ? '654321' : '123456');

/** A register code for a new address: the code the outbox shows and the row the database keeps. */
async function registerCode() {
  const email = uniqueEmail();
  await post(ctx.app, '/api/user/get-sys-email-code', { email, type: 1 });
  const code = await latestCode(ctx.app, email);
  const [row] = await ctx.database.db
    .select()
    .from(verificationCodes)
    .where(eq(verificationCodes.target, email));
  return { email, code, row };
}

describe('verification codes', () => {
  it('are stored only as a hash', async () => {
    const { code, row } = await registerCode();
    expect(row?.codeHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
  });

  it('no longer work after 10 minutes', async () => {
    const { email, code, row } = await registerCode();
    expect(row && row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60 * 1000);
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.target, email));
    const late = await register(ctx.app, email, code);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe(1020);
  });

  it('keep their 60 s resend wait and their five tries across server processes', async () => {
    const email = uniqueEmail();
    expect((await post(ctx.app, '/api/user/get-sys-email-code', { email, type: 1 })).statusCode).toBe(200);
    const resend = await post(second.app, '/api/user/get-sys-email-code', { email, type: 1 });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().code).toBe(1021);

    const code = await latestCode(ctx.app, email);
    for (const app of [ctx.app, second.app, ctx.app, second.app, ctx.app]) {
      expect((await register(app, email, otherThan(code))).json().code).toBe(1020);
    }
    expect((await register(second.app, email, code)).json().code).toBe(1020);
  });
});
