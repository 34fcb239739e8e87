import { Writable } from 'node:stream';
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

  it('is announced to the web app, which links its code screens to it', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/client/sys/config' });
    expect(answer.json().data.dev_outbox).toBe(true);
  });
});

describe('production without mail or SMS', () => {
  const secret = 'production-secret-for-the-outbox-test-0123456789';

  /** A production server whose log lines are kept, as an operator's log collector would keep them. */
  async function productionApp() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        callback();
      },
    });
    const app = await buildApp({
      config: testConfig({ NODE_ENV: 'production', REALTIME_SECRET: secret, SECRETS_KEY: secret }),
      database: ctx.database,
      logger: { level: 'trace', stream },
    });
    return { app, lines };
  }

  it('has no outbox, and tells the web app so', async () => {
    const { app } = await productionApp();
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe(1002);
      const config = await app.inject({ method: 'GET', url: '/api/client/sys/config' });
      expect(config.json().data.dev_outbox).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('warns at start, answers that a code was not sent, and never writes a code to the log', async () => {
    const { app, lines } = await productionApp();
    try {
      expect(lines.join('\n')).toMatch(/not configured: SMTP_URL \(mail\), SMS_WEBHOOK_URL \(SMS\)/);
      const email = uniqueEmail();
      const asked = await app.inject({
        method: 'POST',
        url: '/api/user/get-sys-email-code',
        remoteAddress: uniqueIp(),
        payload: { email, type: 1 },
      });
      expect(asked.statusCode).toBe(400);
      expect(asked.json().code).toBe(1023);
      const sent = await ctx.app.inject({ method: 'GET', url: '/api/dev/outbox?page_size=100' });
      expect(sent.json().data.data.map((m: { to: string }) => m.to)).not.toContain(email);
      const logged = lines.join('\n');
      expect(logged).toContain('verification code not sent');
      expect(logged).not.toMatch(/"code":"\d{6}"|verification code: \d{6}|\b\d{6}\b.*Tandem/);
    } finally {
      await app.close();
    }
  });
});
