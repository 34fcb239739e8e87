import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();

/** A real 1x1 PNG, built from its chunks so the test needs no fixture file. */
function tinyPng(): Buffer {
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

function multipart(name: string, bytes: Buffer, type = 'application/octet-stream') {
  const boundary = '----tandem-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (token: string, url: string, name: string, bytes: Buffer) => {
  const form = multipart(name, bytes);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
};

describe('image upload', () => {
  it('keeps a real PNG whatever its name, serves it back safely, and makes it the avatar', async () => {
    const { token } = await createUser(ctx.app);
    const answer = await upload(token, '/api/upload/upload_img', 'holiday.gif', tinyPng());
    expect(answer.statusCode, answer.body).toBe(200);
    const { id, file } = answer.json().data;
    expect(id).toMatch(/\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url: file });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.rawPayload.equals(tinyPng())).toBe(true);

    const saved = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/update-base-user-info',
      headers: bearer(token),
      payload: { avatar: file },
    });
    expect(saved.statusCode).toBe(200);
    const account = await ctx.app.inject({ method: 'GET', url: '/api/user/account', headers: bearer(token) });
    expect(account.json().data.avatar).toBe(file);
  });

  it('refuses a script named like an image, and an SVG', async () => {
    const { token } = await createUser(ctx.app);
    const script = await upload(
      token,
      '/api/upload/upload_img',
      'cat.png',
      Buffer.from('<script>alert(1)</script>'),
    );
    expect(script.statusCode).toBe(400);
    expect(script.json().code).toBe(1080);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    expect((await upload(token, '/api/upload/upload_img', 'cat.svg', svg)).json().code).toBe(1080);
  });

  it('takes a cropped avatar as base64 with a data: prefix', async () => {
    const { token } = await createUser(ctx.app);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/upload_base64_img',
      headers: bearer(token),
      payload: {
        data: `data:image/png;base64,${tinyPng().toString('base64')}`,
        fileExt: 'jpeg',
        fileName: 'me.jpeg',
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.file).toMatch(/^\/api\/upload\/files\/[\w-]+\.png$/);
  });

  it("cannot make someone else's upload one's avatar, and needs a session to upload", async () => {
    const first = await createUser(ctx.app);
    const second = await createUser(ctx.app);
    const { file } = (await upload(first.token, '/api/upload/upload_img', 'a.png', tinyPng())).json().data;
    const stolen = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/update-base-user-info',
      headers: bearer(second.token),
      payload: { avatar: file },
    });
    expect(stolen.json().code).toBe(1080);
    const form = multipart('a.png', tinyPng());
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/upload/upload_img', ...form })).statusCode,
    ).toBe(401);
  });

  it('answers a request that is not multipart with a 400', async () => {
    const { token } = await createUser(ctx.app);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/upload_img',
      headers: bearer(token),
      payload: { file: 'x' },
    });
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
  });
});

describe('file upload', () => {
  it('accepts UTF-8 text by name and refuses binary pretending to be text', async () => {
    const { token } = await createUser(ctx.app);
    const text = await upload(token, '/api/upload/upload_file', 'notes.md', Buffer.from('# Notes\n\n日本語'));
    expect(text.statusCode, text.body).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: text.json().data.file });
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    const binary = await upload(token, '/api/upload/upload_file', 'notes.txt', Buffer.from([0, 1, 2, 0xff]));
    expect(binary.json().code).toBe(1081);
  });
});
