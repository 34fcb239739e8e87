// Shared pieces of the benchmarks: a built product, a server process on a free port, figure output.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, buildWeb, ROOT } from '../scripts/build.mjs';

export { ROOT };

/** Production refuses to start without a realtime secret and a secrets key; the benchmarks share these. */
export const BENCH_REALTIME_SECRET = 'bench-realtime-secret-not-for-production-0123';
export const BENCH_SECRETS_KEY = 'bench-secrets-key-not-for-production-0123456';

export async function ensureBuilt() {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) await buildWeb();
  if (!existsSync(join(ROOT, 'apps/server/dist/main.js'))) await buildServer();
}

export function figure(name, value, unit) {
  console.log(`${name}: ${typeof value === 'number' ? Number(value.toFixed(2)) : value} ${unit}`);
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until it answers (any status), answering the milliseconds it took. */
export async function waitForHttp(url, timeoutMs = 60_000, startedAt = performance.now()) {
  while (performance.now() - startedAt < timeoutMs) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return performance.now() - startedAt;
    } catch {}
    await sleep(10);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts the product as `npm start` does, on its own port and data directory. */
export async function startProduct(extraEnv = {}) {
  const port = await freePort();
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tandem-bench-'));
  const startedAt = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      DATA_DIR: dataDir,
      REALTIME_SECRET: BENCH_REALTIME_SECRET,
      SECRETS_KEY: BENCH_SECRETS_KEY,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, 120_000);
  return { url, port, dataDir, startedAt, child, stop: () => stopProcess(child) };
}

export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}
