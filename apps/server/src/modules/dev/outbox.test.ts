import { describe, expect, it } from 'vitest';
import { uniqueEmail, uniqueIp } from '../../../test/factories.ts';
import { testConfig, useTestApp } from '../../../test/test-app.ts';
import { buildApp } from '../../app.ts';

const ctx = useTestApp();

const askCode = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: payload && 'phone' in payload ? '/api/user/get-sys-phone-code' : '/api/user/get-sys-email-code',
    remoteAddress: uniqueIp(),
    payload,
  });

describe('the dev outbox', () => {
  it('lists the mail and SMS not really sent, newest first, with their code', async () => {
    const first = uniqueEmail();
    const second = uniqueEmail();
    expect((await askCode({ email: first, type: 1 })).statusCode).toBe(200);
    expect((await askCode({ email: second, type: 1 })).statusCode).toBe(200);
    expect((await askCode({ phone: '13800138000', country_code: '86', type: 1 })).statusCode).toBe(200);

    const answer = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?page=1&page_size=3' });
    expect(answer.statusCode).toBe(200);
    const { data, total } = answer.json().data;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(data.map((m: { to: string }) => m.to)).toEqual(['+8613800138000', second, first]);
    expect(data[0]).toEqual({
      channel: 'sms',
      to: '+8613800138000',
      subject: expect.any(String),
      text: expect.stringContaining(data[0].code),
      code: expect.stringMatching(/^\d{6}$/),
      created_at: expect.any(String),
    });
    expect(data[1]).toMatchObject({ channel: 'email', to: second, subject: expect.stringMatching(/.+/) });
    const times = data.map((m: { created_at: string }) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('is not there in production', async () => {
    const secret = 'production-secret-for-the-outbox-test-0123456789';
    const production = await buildApp({
      config: testConfig({ NODE_ENV: 'production', REALTIME_SECRET: secret, SECRETS_KEY: secret }),
      database: ctx.database,
    });
    try {
      const answer = await production.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe(1002);
    } finally {
      await production.close();
    }
  });
});
