// Builds the web app (Vite, then .br/.gz copies of its text assets) and bundles the server (esbuild).
// `node scripts/build.mjs [web|server]`; both when no argument is given.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB = join(ROOT, 'apps/web');
const SERVER = join(ROOT, 'apps/server');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

export async function buildWeb() {
  const { build } = await import('vite');
  // Always the production React build, even when started with NODE_ENV=test (the e2e server).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: WEB, configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  precompress(join(WEB, 'dist'));
}

/** Writes `file.br` and `file.gz` beside each text asset so the server never compresses them per request. */
function precompress(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      precompress(path);
    } else if (COMPRESSIBLE.test(entry.name) && statSync(path).size > 1024) {
      const source = readFileSync(path);
      writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

export async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(join(SERVER, 'package.json'), 'utf8'));
  // Workspace packages ship TypeScript sources, so they are bundled; npm dependencies stay external.
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@tandem/'));
  await build({
    entryPoints: [
      ...['src/main.ts', 'src/cli/admin.ts', 'src/cli/backup.ts', 'src/cli/restore.ts'].map((entry) =>
        join(SERVER, entry),
      ),
      // The process of one site build (modules/sites/build-in-child.ts), beside main.js.
      { in: join(SERVER, 'src/modules/sites/site-build-worker.ts'), out: 'site-build-worker' },
      // The worker threads of document work (platform/workers), beside main.js.
      { in: join(SERVER, 'src/heavy-worker.ts'), out: 'heavy-worker' },
    ],
    outbase: join(SERVER, 'src'),
    outdir: join(SERVER, 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, 'pino-pretty'],
    logLevel: 'warning',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const which = process.argv[2];
  const started = Date.now();
  if (!which || which === 'web') await buildWeb();
  if (!which || which === 'server') await buildServer();
  console.log(`built ${which ?? 'web and server'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
