import { envelope } from '@tandem/contract/envelope';
import { MESSAGES } from '@tandem/contract/messages';
import { clientConfigData } from '@tandem/contract/system';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();

describe('GET /api/health', () => {
  it('answers ok with the database in use and the version', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: 'ok',
      data: { status: 'ok', database: process.env.TEST_DATABASE ?? 'pglite', version: expect.any(String) },
    });
  });

  it('carries security headers and a request id, echoing a caller-given one', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(response.headers['x-request-id']).toBe('trace-123');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
    const generated = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('GET /api/i18n/resource-locale', () => {
  it.each([
    ['en_us', 'en-US'],
    ['zh_cn', 'zh-CN'],
    ['zh-tw', 'zh-TW'],
    ['ja_jp', 'ja-JP'],
  ] as const)('answers the %s catalogue', async (param, locale) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/i18n/resource-locale?locale=${param}`,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.code).toBe(0);
    expect(body.data).toEqual(MESSAGES[locale]);
  });

  it('refuses an unknown locale with a 400 that names the field, in the caller’s language', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/i18n/resource-locale?locale=xx_yy',
      headers: { 'accept-language': 'ja-JP,ja;q=0.9' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe(1001);
    expect(body.msg).toBe(MESSAGES['ja-JP'].error.bad_request);
    expect(body.data.fields).toEqual([{ field: 'locale', message: expect.any(String) }]);
  });

  it('refuses a missing locale', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/i18n/resource-locale' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields[0].field).toBe('locale');
  });
});

describe('GET /api/client/sys/config', () => {
  it('answers the public client configuration', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/client/sys/config' });
    const body = envelope(clientConfigData).parse(response.json());
    expect(body.data.locales).toEqual(['zh-CN', 'zh-TW', 'en-US', 'ja-JP']);
    expect(body.data.default_locale).toBe('en-US');
    expect(body.data.themes).toEqual([
      { id: 4, key: 'light' },
      { id: 5, key: 'dark' },
      { id: 6, key: 'system' },
    ]);
    expect(body.data.sign_in_methods.google).toBe(false);
    expect(body.data.realtime_url).toBe('/connection/websocket');
  });
});

describe('unknown API paths', () => {
  it('answer a localised 404 envelope, never the web page', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/no-such-call',
      headers: { cookie: 'locale=zh-CN' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 1002, msg: MESSAGES['zh-CN'].error.not_found, data: null });
  });
});
