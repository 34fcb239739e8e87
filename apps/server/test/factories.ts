import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import type { App } from '../src/app.ts';

let sequence = 0;
const uniqueIp = () => `10.${(sequence >> 16) & 255}.${(sequence >> 8) & 255}.${sequence++ & 255}`;

export const STRONG_PASSWORD = 'Secret123';

/** The newest code the dev outbox holds for an address. */
export async function latestCode(app: App, to: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/dev/outbox?page_size=100' });
  const item = response.json().data.data.find((m: { to: string }) => m.to === to);
  if (!item?.code) throw new Error(`no code in the outbox for ${to}`);
  return item.code;
}

export const uniqueEmail = () => `user-${randomBytes(5).toString('hex')}@example.com`;

/** Registers a user by email through the real calls, answering the email and a session token. */
export async function createUser(
  app: App,
  options: { email?: string; password?: string; deviceId?: string } = {},
) {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? STRONG_PASSWORD;
  const remoteAddress = uniqueIp();
  const sent = await app.inject({
    method: 'POST',
    url: '/api/user/get-sys-email-code',
    payload: { email, type: 1 },
    remoteAddress,
  });
  if (sent.statusCode !== 200) throw new Error(`code not sent: ${sent.body}`);
  const registered = await app.inject({
    method: 'POST',
    url: '/api/user/register',
    headers: { 'x-device-id': options.deviceId ?? `device-${randomBytes(6).toString('hex')}` },
    payload: { email, valid_code: await latestCode(app, email), password, agree: true },
    remoteAddress,
  });
  if (registered.statusCode !== 200) throw new Error(`not registered: ${registered.body}`);
  return { email, password, token: registered.json().data.token as string };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export { uniqueIp };

/** A real 1x1 PNG, built from its chunks so the test needs no fixture file. */
export function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
