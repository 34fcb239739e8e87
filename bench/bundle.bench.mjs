// Figures: gzip bytes of the JavaScript the sign-in page downloads in Chromium before it is usable,
// and of the largest route chunk. Fails when the sign-in page pulls editor, PDF or chat code.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureBuilt, figure, ROOT, startProduct } from './support.mjs';

const DIST = join(ROOT, 'apps/web/dist');
const FORBIDDEN_ON_SIGN_IN = /tiptap|prosemirror|pdfjs|@ant-design\/x|features\/(chat|projects|agents)\//;
const gzipBytes = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

await ensureBuilt();
// Read the manifest once the product runs: `npm start` rebuilds the web app when its sources changed.
const product = await startProduct();
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
const sourceOf = new Map(Object.entries(manifest).map(([src, chunk]) => [chunk.file, src]));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage();
  const scripts = new Set();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path.slice(1));
  });
  await page.goto(`${product.url}/login`, { waitUntil: 'networkidle' });
  await page.getByRole('button').first().waitFor();

  const loaded = [...scripts];
  const forbidden = loaded.filter((file) => FORBIDDEN_ON_SIGN_IN.test(sourceOf.get(file) ?? ''));
  if (forbidden.length > 0) throw new Error(`the sign-in page loads ${forbidden.join(', ')}`);
  if (process.env.BENCH_DETAIL)
    for (const file of loaded) console.log(file, (gzipBytes(file) / 1024).toFixed(1));
  figure('sign_in_page_js_files', loaded.length, 'files');
  figure('sign_in_page_js_gzip', loaded.reduce((sum, file) => sum + gzipBytes(file), 0) / 1024, 'KB');

  const routeChunks = Object.entries(manifest)
    .filter(
      ([src, chunk]) =>
        chunk.isDynamicEntry && src.includes('apps/web/src') === false && src.startsWith('src/'),
    )
    .map(([src, chunk]) => ({ src, size: gzipBytes(chunk.file) }))
    .sort((a, b) => b.size - a.size);
  const largest = routeChunks[0];
  if (largest) {
    figure('largest_route_chunk_gzip', largest.size / 1024, 'KB');
    console.log(`largest_route_chunk: ${largest.src}`);
  }
} finally {
  await browser.close();
  await product.stop();
}
