import { connect, type Socket } from 'node:net';
import { EDITOR_IMAGE_MAX_BYTES } from '@tandem/contract/limits';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, tinyPng } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const BODY_TIMEOUT_MS = 300;
const ctx = useTestApp({ BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS) });
const IMAGE_TIMEOUT_MS = BODY_TIMEOUT_MS * Math.ceil(EDITOR_IMAGE_MAX_BYTES / (1024 * 1024));

let port = 0;
beforeAll(async () => {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const address = ctx.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

type Exchange = { socket: Socket; answer: Promise<{ text: string; closedAfterMs: number }> };

/** Opens a connection and sends `head`; the answer is all the server wrote once it closed the connection. */
function open(head: string): Exchange {
  const socket = connect(port, '127.0.0.1');
  const startedAt = performance.now();
  socket.write(head);
  const answer = new Promise<{ text: string; closedAfterMs: number }>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve({ text, closedAfterMs: performance.now() - startedAt }));
  });
  return { socket, answer };
}

const post = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: en-US\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

describe('a request body that trickles in', () => {
  it('is cut off with 408 and a closed connection, every one of many', async () => {
    const exchanges = Array.from({ length: 20 }, () => {
      const exchange = open(
        post('/api/user/login', { 'Content-Type': 'application/json', 'Content-Length': 200 }),
      );
      exchange.socket.write('{"user_name":');
      return exchange;
    });
    const answers = await Promise.all(exchanges.map((exchange) => exchange.answer));
    for (const { text, closedAfterMs } of answers) {
      expect(text).toMatch(/^HTTP\/1\.1 408 /);
      expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({
        code: 1091,
        msg: expect.stringMatching(/too long/i),
      });
      expect(closedAfterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    }
  });

  it('gives an upload as long as its size limit asks for, then cuts it off too', async () => {
    const { token } = await createUser(ctx.app);
    const boundary = 'slow-boundary';
    const exchange = open(
      post('/api/upload/upload_img', {
        Authorization: `Bearer ${token}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': 100_000,
      }),
    );
    exchange.socket.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    exchange.socket.write(tinyPng());
    const { text, closedAfterMs } = await exchange.answer;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(IMAGE_TIMEOUT_MS - 50);
  });

  it('lets a whole body through at once, on the same connection as before', async () => {
    const body = JSON.stringify({ user_name: 'nobody@example.com', password: 'Wrong-pass1' });
    const exchange = open(
      `${post('/api/user/login', { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), Connection: 'close' })}${body}`,
    );
    const { text } = await exchange.answer;
    expect(text).not.toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toMatch(/^HTTP\/1\.1 4\d\d /);
  });
});
