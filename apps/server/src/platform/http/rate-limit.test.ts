import { ERRORS } from '@tandem/contract/errors';
import type { Locale } from '@tandem/contract/i18n';
import { translate } from '@tandem/contract/messages';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.ts';
import { uniqueIp } from '../../../test/factories.ts';
import { testConfig, useSecondApp, useTestApp } from '../../../test/test-app.ts';
import { type App, buildApp } from '../../app.ts';
import { rateLimitHits } from '../../db/schema.ts';
import { GUESSING_LIMIT } from './rate-limit.ts';

const ctx = useTestApp();
const second = useSecondApp(ctx);

const { max } = GUESSING_LIMIT.rateLimit;
const SIGN_IN = '/api/user/login';
const EMAIL_CODE = '/api/user/get-sys-email-code';

/** An empty body: refused as bad input (400) after the limit has counted it, before any argon2. */
const knock = (app: App, url: string, address: string, locale: Locale = 'en-US') =>
  app.inject({
    method: 'POST',
    url,
    payload: {},
    remoteAddress: address,
    headers: { 'accept-language': locale },
  });

/** `max` hits from one address, taking turns between the two processes; each one let through. */
async function useUpLimit(url: string, address: string) {
  for (let sent = 0; sent < max; sent++) {
    expect((await knock(sent % 2 ? second.app : ctx.app, url, address)).statusCode).toBe(400);
  }
}

const windowOf = (address: string) => like(rateLimitHits.key, `%|${address}`);

describe('rate limits across server processes', () => {
  it('count hits on either process into one limit and refuse the next, localised, with retry_after', async () => {
    const address = uniqueIp();
    await useUpLimit(SIGN_IN, address);
    for (const [app, locale] of [
      [ctx.app, 'en-US'],
      [second.app, 'zh-CN'],
    ] as const) {
      const refused = await knock(app, SIGN_IN, address, locale);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: ERRORS.RATE_LIMITED.code,
        msg: translate(locale, 'error.rate_limited'),
      });
      const retryAfter = refused.json().data.retry_after;
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('let exactly the limit through when hits race on both processes', async () => {
    const address = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: max + 10 }, (_, sent) => knock(sent % 2 ? second.app : ctx.app, SIGN_IN, address)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
  });

  it('allow again once the window has ended, counting from one', async () => {
    const address = uniqueIp();
    await useUpLimit(SIGN_IN, address);
    expect((await knock(second.app, SIGN_IN, address)).statusCode).toBe(429);

    await ctx.database.db
      .update(rateLimitHits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(windowOf(address));
    expect((await knock(second.app, SIGN_IN, address)).statusCode).toBe(400);
    const [row] = await ctx.database.db.select().from(rateLimitHits).where(windowOf(address));
    expect(row?.count).toBe(1);
    expect(row && row.windowEndsAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect((await knock(ctx.app, SIGN_IN, address)).statusCode).toBe(400);
  });

  it('keep each route and each address apart', async () => {
    const address = uniqueIp();
    await useUpLimit(SIGN_IN, address);
    expect((await knock(ctx.app, SIGN_IN, address)).statusCode).toBe(429);

    expect((await knock(second.app, EMAIL_CODE, address)).statusCode).toBe(400);
    expect((await knock(ctx.app, SIGN_IN, uniqueIp())).statusCode).toBe(400);
    const keys = (await ctx.database.db.select().from(rateLimitHits).where(windowOf(address))).map(
      (row) => row.key,
    );
    expect(keys.sort()).toEqual([`POST ${EMAIL_CODE}|${address}`, `POST ${SIGN_IN}|${address}`]);
  });

  it('have their ended windows deleted by a process that takes hits', async () => {
    const ended = `POST ${SIGN_IN}|${uniqueIp()}`;
    await ctx.database.db
      .insert(rateLimitHits)
      .values({ key: ended, count: max + 1, windowEndsAt: new Date(Date.now() - 60_000) });
    const third = await buildApp({ config: testConfig(), database: ctx.database });
    try {
      expect((await knock(third, SIGN_IN, uniqueIp())).statusCode).toBe(400);
      await eventually(async () => {
        expect(
          await ctx.database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, ended)),
        ).toEqual([]);
      });
    } finally {
      await third.close();
    }
  });
});
