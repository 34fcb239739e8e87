// Figures: from `npm start` on an already-built tree to the first HTTP answer and to a healthy API,
// on a new data directory (the database is created) and on an existing one.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BENCH_REALTIME_SECRET,
  BENCH_SECRETS_KEY,
  ensureBuilt,
  figure,
  freePort,
  ROOT,
  stopProcess,
  waitForHttp,
} from './support.mjs';

async function measure(dataDir) {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      REALTIME_SECRET: BENCH_REALTIME_SECRET,
      SECRETS_KEY: BENCH_SECRETS_KEY,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const base = `http://127.0.0.1:${port}`;
  const firstAnswer = await waitForHttp(`${base}/`, 60_000, startedAt);
  const healthy = await waitForHttp(`${base}/api/health`, 60_000, startedAt);
  process.kill(-child.pid, 'SIGTERM');
  await stopProcess(child);
  return { firstAnswer, healthy };
}

await ensureBuilt();
const dataDir = mkdtempSync(join(tmpdir(), 'tandem-startup-'));
const fresh = await measure(dataDir);
const existing = await measure(dataDir);
figure('start_to_first_http_new_database', fresh.firstAnswer, 'ms');
figure('start_to_healthy_api_new_database', fresh.healthy, 'ms');
figure('start_to_first_http_existing_database', existing.firstAnswer, 'ms');
figure('start_to_healthy_api_existing_database', existing.healthy, 'ms');
