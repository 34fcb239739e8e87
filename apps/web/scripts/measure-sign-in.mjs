// What the sign-in page downloads before first paint, from dist/.vite/manifest.json: the entry chunk and
// its static imports, plus the /login route chunk and its static imports, each gzipped.
// Usage: node apps/web/scripts/measure-sign-in.mjs (after `npm run build -w @tandem/web`).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const LOGIN_ROUTE = 'src/features/auth/pages/login-page.tsx';

const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function collect(key, seen) {
  if (seen.has(key)) return;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) collect(child, seen);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry || !manifest[LOGIN_ROUTE]) throw new Error('entry or login route missing from the manifest');
const keys = new Set();
collect(entry, keys);
collect(LOGIN_ROUTE, keys);

let js = 0;
let css = 0;
const rows = [];
for (const key of keys) {
  const chunk = manifest[key];
  const size = gzipSize(chunk.file);
  js += size;
  rows.push([chunk.file, size]);
  for (const sheet of chunk.css ?? []) css += gzipSize(sheet);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, size] of rows) console.log(`${kb(size).padStart(9)}  ${file}`);
console.log(`sign-in page JS (gzip): ${kb(js)} in ${rows.length} chunks; CSS (gzip): ${kb(css)}`);

const routeChunks = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry && chunk.file.endsWith('.js'))
  .map(([key, chunk]) => [key, gzipSize(chunk.file)])
  .sort((a, b) => b[1] - a[1]);
const [largestKey, largestSize] = routeChunks[0] ?? ['none', 0];
console.log(`largest lazy chunk (own gzip): ${kb(largestSize)} ${largestKey}`);
