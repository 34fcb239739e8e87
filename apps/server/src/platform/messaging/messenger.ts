import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { outboxMessages } from '../../db/schema.ts';

export type Message = { channel: 'email' | 'sms'; to: string; subject: string; text: string; code?: string };

/**
 * Delivers mail and SMS. Without a configured transport, outside production a message goes to the
 * development outbox (GET /api/dev/outbox, the /dev/outbox page) and the log; in production it is not
 * sent, and neither its text nor its code is written anywhere: whoever reads the logs could otherwise
 * take over accounts with them.
 */
export type Messenger = { send(message: Message): Promise<void> };

/** Production without the transport a message needs: the caller answers that it was not sent. */
export class NoTransportError extends Error {}

export function createMessenger(config: Config, db: Db, log: FastifyBaseLogger): Messenger {
  const mailer = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  const hasOutbox = config.isDevelopmentHelpersOn;
  if (!hasOutbox) {
    const missing = [!mailer && 'SMTP_URL (mail)', !config.sms && 'SMS_WEBHOOK_URL (SMS)'].filter(Boolean);
    if (missing.length > 0) {
      log.warn(
        `not configured: ${missing.join(', ')}; verification codes and invitations by that channel cannot be sent`,
      );
    }
  }

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
      } else if (hasOutbox) {
        await toOutbox(message);
      } else {
        throw new NoTransportError(`no transport configured for ${message.channel}`);
      }
    },
  };
}
