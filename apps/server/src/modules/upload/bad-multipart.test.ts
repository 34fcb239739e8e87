import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { bearer, createUser, tinyPng } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();

const BOUNDARY = '----tandem-bad-boundary';
const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
const whole = Buffer.concat([Buffer.from(head), tinyPng(), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);

const UNREADABLE = 1083;
const NO_FILE = 1001;

/** Bodies a client can send broken, each with its content type and the code it answers. */
const BROKEN: [string, string, Buffer, number][] = [
  ['no boundary', 'multipart/form-data', whole, UNREADABLE],
  [
    'a body cut before its closing boundary',
    `multipart/form-data; boundary=${BOUNDARY}`,
    whole.subarray(0, head.length + 20),
    UNREADABLE,
  ],
  [
    'a body cut inside the part headers',
    `multipart/form-data; boundary=${BOUNDARY}`,
    whole.subarray(0, 30),
    UNREADABLE,
  ],
  // An empty body, or an empty boundary that matches no part, holds no file at all.
  ['an empty body', `multipart/form-data; boundary=${BOUNDARY}`, Buffer.alloc(0), NO_FILE],
  ['an empty boundary', 'multipart/form-data; boundary=', whole, NO_FILE],
];

async function leftovers() {
  const names = await readdir(join(ctx.config.dataDir, 'uploads'), { recursive: true }).catch(() => []);
  return names.filter((name) => String(name).endsWith('.part'));
}

it('answers a broken multipart upload with a clear 400, never a 500, and keeps nothing of it', async () => {
  const { token } = await createUser(ctx.app);
  for (const url of ['/api/upload/upload_img', '/api/upload/upload_file']) {
    for (const [what, type, payload, code] of BROKEN) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...bearer(token), 'content-type': type, 'accept-language': 'en-US' },
      });
      expect([answer.statusCode, answer.json().code], `${url} with ${what}`).toEqual([400, code]);
      expect(answer.json().msg, `${url} with ${what}`).toMatch(code === UNREADABLE ? /upload/i : /fields/i);
    }
  }
  expect(await leftovers()).toEqual([]);
});

it('tells the user in their language', async () => {
  const { token } = await createUser(ctx.app);
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/upload_img',
    payload: whole.subarray(0, head.length + 20),
    headers: {
      ...bearer(token),
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'accept-language': 'ja-JP',
    },
  });
  expect(answer.statusCode).toBe(400);
  expect(answer.json().msg).toMatch(/アップロード/);
});
