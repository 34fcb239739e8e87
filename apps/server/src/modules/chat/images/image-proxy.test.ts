import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../../../../test/factories.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import { fetchOutsideImage } from './outside-image.ts';

const ctx = useTestApp();

/** A local site: `/png` an image, `/svg` script in an image's clothes, `/hang` never answers. */
let site: Server;
let base = '';
const seen: IncomingHttpHeaders[] = [];
beforeAll(async () => {
  site = createServer((request, response) => {
    seen.push(request.headers);
    if (request.url === '/png')
      return response.writeHead(200, { 'content-type': 'image/png' }).end(tinyPng());
    if (request.url === '/svg') {
      return response
        .writeHead(200, { 'content-type': 'image/png' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    }
    if (request.url === '/big')
      return response.writeHead(200).end(Buffer.concat([tinyPng(), Buffer.alloc(4096)]));
    if (request.url === '/to-private')
      return response.writeHead(302, { location: 'http://10.0.0.1/png' }).end();
    if (request.url === '/to-png') return response.writeHead(302, { location: '/png' }).end();
    if (request.url === '/hang') return;
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(() => {
  site.closeAllConnections();
  site.close();
});

/** The local site is reachable only with loopback allowed and plain http: the real proxy has neither. */
const local = {
  isAllowedAddress: (address: string) => address === '127.0.0.1',
  isAllowedPort: () => true,
  protocols: ['http:'],
};
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: { code: number }) => error.code,
  );

describe('the image proxy', () => {
  it.each([
    ['plain http', 'http://example.com/a.png'],
    ['loopback', 'https://127.0.0.1/a.png'],
    ['loopback by name', 'https://localhost/a.png'],
    ['loopback as a number', 'https://2130706433/a.png'],
    ['IPv6 loopback', 'https://[::1]/a.png'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/a.png'],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data'],
    ['a private network', 'https://192.168.1.1/a.png'],
    ['credentials', 'https://user:secret@example.com/a.png'],
    ['another port', 'https://example.com:8443/a.png'],
    ['no address at all', 'not a url'],
  ])('refuses %s with 400 (2042)', async (_, url) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/chat/image-proxy?url=${encodeURIComponent(url)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(2042);
  });

  it('answers an image with the type its bytes show, sends the site no cookie, and follows a redirect', async () => {
    const image = await fetchOutsideImage(`${base}/to-png`, local);
    expect(image.mimeType).toBe('image/png');
    expect(image.bytes.equals(tinyPng())).toBe(true);
    const request = seen.at(-1);
    expect(request?.cookie).toBeUndefined();
    expect(request?.referer).toBeUndefined();
    expect(request?.accept).toBe('image/*');
  });

  it('refuses a redirect to a private address', async () => {
    expect(await failureOf(fetchOutsideImage(`${base}/to-private`, local))).toBe(2042);
  });

  it('refuses what is not a raster image, whatever its content type says', async () => {
    expect(await failureOf(fetchOutsideImage(`${base}/svg`, local))).toBe(1080);
  });

  it('gives up on an image over the size limit, a missing one, and a site that does not answer', async () => {
    expect(await failureOf(fetchOutsideImage(`${base}/big`, { ...local, maxBytes: 1024 }))).toBe(2043);
    expect(await failureOf(fetchOutsideImage(`${base}/gone`, local))).toBe(2043);
    expect(await failureOf(fetchOutsideImage(`${base}/hang`, { ...local, timeoutMs: 300 }))).toBe(2043);
  });
});

describe('the pages', () => {
  it('allow images from our own origin only (data: and blob: URLs included), so a reply cannot load one from elsewhere', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/chat-share/abc' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).not.toMatch(/img-src[^;]*https:/);
  });
});
