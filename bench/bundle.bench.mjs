// Figures: gzip bytes of the JavaScript the sign-in page downloads in Chromium before it is usable
// (and the brotli bytes the server actually sends), and of the largest route chunk. Fails when the
// sign-in page pulls editor, PDF or chat code, or goes over its budget (200 KB gzip).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureBuilt, figure, launchChromium, ROOT, startProduct } from './support.mjs';

const DIST = join(ROOT, 'apps/web/dist');
const FORBIDDEN_ON_SIGN_IN =
  /tiptap|prosemirror|pdfjs|@ant-design\/x|features\/(chat|projects|agents|teams|models)\/|app\/shell\//;
const SIGN_IN_JS_BUDGET_KB = Number(process.env.BENCH_SIGN_IN_JS_BUDGET_KB ?? 200);
const gzipBytes = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
/** The build keeps a .br copy of each asset; the server sends it to browsers that accept brotli. */
const brotliBytes = (file) => {
  const compressed = join(DIST, `${file}.br`);
  return existsSync(compressed) ? readFileSync(compressed).length : readFileSync(join(DIST, file)).length;
};

await ensureBuilt();
// Read the manifest once the product runs: `npm start` rebuilds the web app when its sources changed.
const product = await startProduct();
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
/** The source modules in each file (a chunk may group several routes' modules: the manifest names one). */
const chunkContents = JSON.parse(readFileSync(join(DIST, '.vite/chunk-contents.json'), 'utf8'));
const browser = await launchChromium();
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
  const forbidden = loaded.flatMap((file) =>
    (chunkContents[file] ?? []).filter((module) => FORBIDDEN_ON_SIGN_IN.test(module)),
  );
  if (forbidden.length > 0) throw new Error(`the sign-in page loads ${forbidden.join(', ')}`);
  if (process.env.BENCH_DETAIL)
    for (const file of loaded) console.log(file, (gzipBytes(file) / 1024).toFixed(1));
  figure('sign_in_page_js_files', loaded.length, 'files');
  const signInKb = loaded.reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;
  figure('sign_in_page_js_gzip', signInKb, 'KB');
  figure('sign_in_page_js_brotli', loaded.reduce((sum, file) => sum + brotliBytes(file), 0) / 1024, 'KB');
  figure('sign_in_page_js_gzip_budget', SIGN_IN_JS_BUDGET_KB, 'KB');
  if (signInKb > SIGN_IN_JS_BUDGET_KB) {
    process.exitCode = 1;
    console.error(`the sign-in page's JavaScript (${signInKb.toFixed(1)} KB gzip) is over its budget`);
  }

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
