import { describe, expect, it } from 'vitest';
import { bearer, createUser, tinyPng } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/test-app.ts';

const ctx = useTestApp();

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
