// Figures: requests/s and p99 latency of GET /api/health and of GET /api/user/account (a signed-in
// user: token lookup, user, team and membership) next to a bare Fastify JSON route, same run.
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import {
  ensureBuilt,
  figure,
  freePort,
  ROOT,
  registerUser,
  startProduct,
  stopProcess,
  waitForHttp,
} from './support.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 100;

async function load(url, headers = {}) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up: JIT and pools
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts, ${result.requests.average} req/s`,
    );
  }
  return { rps: result.requests.average, p99: result.latency.p99 };
}

async function startBareFastify() {
  const port = await freePort();
  const source = `
    const app = (await import('fastify')).default();
    app.get('/bare', async () => ({ code: 0, msg: 'ok', data: { status: 'ok' } }));
    await app.listen({ host: '127.0.0.1', port: ${port} });
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: `${ROOT}/apps/server`,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/bare`;
  await waitForHttp(url);
  return { url, child };
}

await ensureBuilt();
const product = await startProduct();
const bare = await startBareFastify();
try {
  const health = await load(`${product.url}/api/health`);
  const baseline = await load(bare.url);
  figure('health_requests_per_s', health.rps, 'req/s');
  figure('health_p99', health.p99, 'ms');
  figure('bare_fastify_requests_per_s', baseline.rps, 'req/s');
  figure('bare_fastify_p99', baseline.p99, 'ms');
  figure('health_to_bare_ratio', health.rps / baseline.rps, 'x');
} finally {
  await product.stop();
}
// The account call needs a user, so this instance runs with the dev outbox (NODE_ENV=test).
const withOutbox = await startProduct({ NODE_ENV: 'test' });
try {
  const token = await registerUser(withOutbox.url);
  const account = await load(`${withOutbox.url}/api/user/account`, { authorization: `Bearer ${token}` });
  const baseline = await load(bare.url);
  figure('account_requests_per_s', account.rps, 'req/s');
  figure('account_p99', account.p99, 'ms');
  figure('bare_fastify_requests_per_s_2', baseline.rps, 'req/s');
  figure('account_to_bare_ratio', account.rps / baseline.rps, 'x');
} finally {
  await withOutbox.stop();
  await stopProcess(bare.child);
}
