import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail, uniqueIp } from '../../../test/factories.ts';
import { testConfig } from '../../../test/test-app.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { type App, buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';

/** Addresses the mail server refuses, as a real one refuses a mailbox that does not exist. */
const REFUSED_DOMAIN = 'nowhere.example';

let smtp: SMTPServer;
let smsGateway: Server;
let database: Database;
let app: App;
const mails: { to: string[]; raw: string }[] = [];
const texts: { authorization?: string; body: { to: string; text: string } }[] = [];

const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;
const readBody = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
};

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith(`@${REFUSED_DOMAIN}`)) {
        const refused = new Error('mailbox unavailable') as Error & { responseCode: number };
        refused.responseCode = 550;
        return callback(refused);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => {
        raw += chunk;
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smsGateway = createServer(async (request, response) => {
    texts.push({ authorization: request.headers.authorization, body: JSON.parse(await readBody(request)) });
    response.writeHead(202).end();
  });
  await new Promise<void>((resolve) => smsGateway.listen(0, '127.0.0.1', resolve));

  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({
      SMTP_URL: `smtp://127.0.0.1:${portOf(smtp.server)}`,
      MAIL_FROM: 'Tandem <no-reply@tandem.test>',
      SMS_WEBHOOK_URL: `http://127.0.0.1:${portOf(smsGateway)}/send`,
      SMS_WEBHOOK_TOKEN: 'sms-gateway-token',
    }),
    database,
  });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise((resolve) => smsGateway?.close(resolve));
});

const outboxHas = async (to: string) =>
  (await app.inject({ method: 'GET', url: '/api/dev/outbox?page_size=100' }))
    .json()
    .data.data.some((m: { to: string }) => m.to === to);

describe('verification codes with SMTP_URL and an SMS gateway configured', () => {
  it('go by mail through the SMTP server, not to the dev outbox', async () => {
    const email = uniqueEmail();
    const sent = await app.inject({
      method: 'POST',
      url: '/api/user/get-sys-email-code',
      remoteAddress: uniqueIp(),
      headers: { 'accept-language': 'en-US' },
      payload: { email, type: 1 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = mails.find((m) => m.to.includes(email));
    expect(mail?.raw).toContain('From: Tandem <no-reply@tandem.test>');
    expect(mail?.raw).toMatch(/\b\d{6}\b/);
    expect(await outboxHas(email)).toBe(false);
  });

  it('go by text message through the SMS gateway, with its token', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/api/user/get-sys-phone-code',
      remoteAddress: uniqueIp(),
      payload: { phone: '13912345678', country_code: '86', type: 1 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const text = texts.find((t) => t.body.to === '+8613912345678');
    expect(text?.authorization).toBe('Bearer sms-gateway-token');
    expect(text?.body.text).toMatch(/\b\d{6}\b/);
    expect(await outboxHas('+8613912345678')).toBe(false);
  });

  it('refused by the mail server answer a clear 400, never a 500, and may be asked for again at once', async () => {
    const email = `someone@${REFUSED_DOMAIN}`;
    const ask = () =>
      app.inject({
        method: 'POST',
        url: '/api/user/get-sys-email-code',
        remoteAddress: uniqueIp(),
        headers: { 'accept-language': 'en-US' },
        payload: { email, type: 1 },
      });
    const refused = await ask();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(1023);
    // Nothing was delivered, so there is no resend wait.
    expect((await ask()).json().code).toBe(1023);
  });
});
