import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/test-app.ts';

const distDir = mkdtempSync(join(tmpdir(), 'tandem-dist-'));
const inlineScript = "document.documentElement.dataset.theme='dark'";
const assetSource = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(() => {
  mkdirSync(join(distDir, 'assets'));
  writeFileSync(
    join(distDir, 'index.html'),
    `<!doctype html><html><head><script>${inlineScript}</script><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(distDir, 'assets', 'app-abc123.js'), assetSource);
  writeFileSync(join(distDir, 'assets', 'app-abc123.js.gz'), gzipSync(assetSource));
});

const ctx = useTestApp({ WEB_DIST_DIR: distDir });

describe('serving the built web app', () => {
  it('answers the root with index.html, revalidated on every visit', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('answers any client route with index.html (history fallback)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/projects/space/abc?tab=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets precompressed and cached for a year', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('allows exactly the inline scripts of index.html in its content security policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    const hash = createHash('sha256').update(inlineScript).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
    expect(response.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('may frame the preview origin of pages built through chat, and nothing else but itself', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/chat' });
    const policy = String(response.headers['content-security-policy']);
    const { publicUrl, sites } = ctx.config;
    const preview = publicUrl
      ? `${new URL(publicUrl).protocol}//${new URL(publicUrl).hostname}:${sites.previewPort}`
      : `http://localhost:${sites.previewPort}`;
    expect(policy).toContain(`frame-src 'self' ${preview};`);
  });

  it('keeps API 404s as JSON envelopes', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/missing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe(1002);
  });

  it('does not answer index.html for a missing asset-like POST', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
  });
});
