import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

export type Message = { channel: 'email' | 'sms'; to: string; subject: string; text: string; code?: string };

/** Delivers mail and SMS. Without a configured transport a message goes to the outbox table and the log. */
export type Messenger = { send(message: Message): Promise<void> };

export function createMessenger(config: Config, db: Db, log: FastifyBaseLogger): Messenger {
  const mailer = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;

  async function toOutbox(message: Message) {
    await db.insert(outboxMessages).values({
      channel: message.channel,
      to: message.to,
      subject: message.subject,
      text: message.text,
      code: message.code ?? null,
    });
    log.info({ channel: message.channel, to: message.to, code: message.code }, `outbox: ${message.subject}`);
  }

  async function sendSms(message: Message, webhookUrl: string, token: string | undefined) {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  }

  return {
    async send(message) {
      if (message.channel === 'email' && mailer) {
        await mailer.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
      } else if (message.channel === 'sms' && config.sms) {
        await sendSms(message, config.sms.webhookUrl, config.sms.token);
      } else {
        await toOutbox(message);
      }
    },
  };
}
