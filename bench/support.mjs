// Shared pieces of the benchmarks: a built product, a server process on a free port, figure output.
import { execFileSync, fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import { buildServer, buildWeb, ROOT } from '../scripts/build.mjs';

export { ROOT };

/** Production refuses to start without a realtime secret and a secrets key; the benchmarks share these. */
export const BENCH_REALTIME_SECRET = 'bench-realtime-secret-not-for-production-0123';
export const BENCH_SECRETS_KEY = 'bench-secrets-key-not-for-production-0123456';

export async function ensureBuilt() {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html'))) await buildWeb();
  if (!existsSync(join(ROOT, 'apps/server/dist/main.js'))) await buildServer();
}

/** The p-th percentile (nearest rank) of `values`. */
export const percentile = (values, p) => {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

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

/** A process's resident memory in MB as the system counts it (Linux's /proc, else ps). */
export function rssMegabytes(pid) {
  try {
    const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    if (kilobytes > 0) return kilobytes / 1024;
  } catch {}
  return (
    Number(
      execFileSync('ps', ['-o', 'rss=', '-p', String(pid)])
        .toString()
        .trim(),
    ) / 1024
  );
}

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

/**
 * Starts the product as `npm start` does, on its own port and data directory. `isServerOnly` runs the
 * built server bundle itself, without the start script's rebuild of sources newer than it (a bench that
 * restarts the server mid-run must not wait on a web build); `nodeArgs` go to node (`--cpu-prof`);
 * `isLogShown` passes the server's log lines through to stderr (not its start-up banner), for a run
 * at LOG_LEVEL=warn.
 */
export async function startProduct(
  extraEnv = {},
  { isServerOnly = false, nodeArgs = [], isLogShown = false } = {},
) {
  const port = await freePort();
  const dataDir = extraEnv.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tandem-bench-'));
  const startedAt = performance.now();
  const entry = isServerOnly ? 'apps/server/dist/main.js' : 'scripts/start.mjs';
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, entry)], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      // A free port of its own for the preview origin: PORT + 1 may be taken.
      SITE_PREVIEW_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      REALTIME_SECRET: BENCH_REALTIME_SECRET,
      SECRETS_KEY: BENCH_SECRETS_KEY,
      ...extraEnv,
    },
    stdio: ['ignore', isLogShown ? 'pipe' : 'ignore', 'inherit'],
  });
  if (isLogShown) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{')) console.error(line);
    });
  }
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, 120_000);
  return { url, port, dataDir, startedAt, child, stop: () => stopProcess(child) };
}

/**
 * Registers a user through the product's own calls, reading the code from the dev outbox (an instance
 * started with NODE_ENV=test); answers the session token.
 */
export async function registerUser(baseUrl) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const post = (path, body) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  await post('/api/user/get-sys-email-code', { email, type: 1 });
  const outbox = await fetch(`${baseUrl}/api/dev/outbox?page_size=10`).then((r) => r.json());
  const code = outbox.data.data.find((m) => m.to === email)?.code;
  const registered = await post('/api/user/register', {
    email,
    valid_code: code,
    password: 'Bench1234',
    agree: true,
  });
  if (!registered.data?.token) throw new Error(`could not register: ${JSON.stringify(registered)}`);
  return registered.data.token;
}

/** Debian's Chromium, and its flags: no background traffic to blur page-load figures. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium, headless, through Playwright. */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export function stopProcess(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/**
 * A realtime client speaking the Centrifugo protocol over raw `ws`: connect and subscribe in one frame
 * (as the centrifuge SDK does), answer pings; resolves with the socket once subscribed. `onPublication`
 * gets the data of each publication.
 */
export function subscribeChannel(url, { connectToken, channel, channelToken }, onPublication) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    const connect = JSON.stringify({ connect: { token: connectToken }, id: 1 });
    const subscribe = JSON.stringify({ subscribe: { channel, token: channelToken }, id: 2 });
    socket.on('open', () => socket.send(`${connect}\n${subscribe}`));
    socket.on('error', reject);
    socket.on('message', (data) => {
      const text = data.toString();
      if (text === '{}') return socket.send('{}');
      for (const line of text.split('\n')) {
        const reply = JSON.parse(line);
        if (reply.push?.pub) onPublication(reply.push.pub.data);
        else if (reply.error) reject(new Error(`${channel}: ${JSON.stringify(reply.error)}`));
        else if (reply.id === 2) resolve(socket);
      }
    });
  });
}

/**
 * Bundles a bench server: the server's own modules (workspace packages included, npm dependencies
 * left external, as `npm run build` bundles main.ts) plus `contents`, the bench's IPC hooks.
 */
export async function bundleBenchServer(name, contents) {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((dependency) => !dependency.startsWith('@tandem/'));
  const outfile = join(ROOT, `apps/server/dist/${name}.mjs`);
  await build({
    stdin: { resolveDir: join(ROOT, 'apps/server'), sourcefile: `${name}.ts`, loader: 'ts', contents },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...external, 'pino-pretty'],
    logLevel: 'warning',
  });
  return outfile;
}

/** Starts a bundled bench server in production mode on a free port and waits for its `ready` message. */
export async function forkBenchServer(entry, { execArgv = [] } = {}) {
  const port = await freePort();
  const child = fork(entry, [], {
    execArgv,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_PREVIEW_PORT: String(await freePort()),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'tandem-bench-')),
      REALTIME_SECRET: BENCH_REALTIME_SECRET,
      SECRETS_KEY: BENCH_SECRETS_KEY,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [message] = await once(child, 'message');
  if (!message.ready) throw new Error('server did not start');
  return { child, port };
}

/** The fake agents' system prompt. */
export const BENCH_PROMPT = 'You are a helpful assistant for the benchmark.';
/** A 1x1 PNG: the avatar publishing an agent requires. */
const AVATAR_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The envelope of one call; `data` when its code is 0, else an error carrying the code. */
export async function call(base, token, path, body) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  if (answer.code !== 0) {
    throw Object.assign(new Error(`${path}: ${JSON.stringify(answer)}`), { code: answer.code });
  }
  return answer.data;
}

/** The fake OpenAI-compatible model server (apps/server/test/fake-llm) as a child process. */
export async function startFakeModel() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/test/fake-llm/main.ts', '--port', String(port)],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  process.once('exit', () => child.kill());
  await waitForHttp(`http://127.0.0.1:${port}/health`);
  return { baseUrl: `http://127.0.0.1:${port}/v1`, stop: () => stopProcess(child) };
}

/**
 * A published agent of the user's team on the named fake model, suggestions off; `config` over the
 * benchmark's (`web_build: true` for a web builder).
 */
export async function publishedAgent(base, token, modelName, config = {}) {
  const models = await call(base, token, '/api/agent/get-model-list');
  const model = models.find((row) => row.name === modelName);
  const { file } = await call(base, token, '/api/upload/upload_base64_img', {
    data: AVATAR_PNG,
    fileExt: 'png',
    fileName: 'avatar.png',
  });
  const agent = await call(base, token, '/api/agent/create-agent', {
    config: {
      name: `Bench ${modelName}`,
      avatar: file,
      description: 'Benchmark agent',
      prompt: BENCH_PROMPT,
      first_question: 'Ready?',
      model_id: model.id,
      suggest_questions: false,
      ...config,
    },
  });
  await call(base, token, '/api/agent/publish-agent', { id: agent.id });
  return agent.id;
}

/**
 * One realtime connection subscribed to one conversation, with the tokens the product's token calls
 * give. `onPublication` gets each chat publication's data.
 */
export async function subscribeChat(base, token, conversationId, onPublication) {
  const connectToken = await call(base, token, '/api/socket/get-client-token', {});
  const channelToken = await call(base, token, '/api/socket/subscribe-chat-token', {
    conversation_id: conversationId,
  });
  const url = `${base.replace('http', 'ws')}/connection/websocket`;
  return subscribeChannel(
    url,
    { connectToken, channel: `chat:${conversationId}`, channelToken },
    onPublication,
  );
}
